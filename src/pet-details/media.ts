import type { PetDetails } from '@contract/pets'
import { RESIZED_WIDTHS, resizedUrl, uploadKeyOf } from '@contract/resized'
import { fileSrc } from '@/lib/file-src'
import { API_ORIGIN } from './api'

/**
 * What the slider and the media viewer show: one media item. `srcSet` lists an upload's resized
 * copies (WebP, 320 to 1280 px wide), so that a phone loads a photo about the size it shows.
 */
export type Media = { src: string; srcSet?: string; type: 'image' | 'video'; alt: string }

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg'

/** How wide the page shows a photo (`sizes`): its column, the screen less its margins, at most 736 px. */
export const PHOTO_SIZES = '(min-width: 768px) 736px, calc(100vw - 2rem)'

const VIDEO_TYPES: Record<string, string> = { mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm', ogv: 'video/ogg' }
const extensionOf = (src: string) => /\.([a-z0-9]+)(?:[?#]|$)/i.exec(src)?.[1]?.toLowerCase() ?? ''

/** The MIME type of a video address, or null for anything else (shown as an image). */
export const videoTypeOf = (src: string) => VIDEO_TYPES[extensionOf(src)] ?? null

export function mediaOf(pet: PetDetails): Media[] {
  const urls = pet.profilePhotos.map((p) => p.url.trim()).filter(Boolean)
  const name = pet.name.trim() || 'The pet'
  return urls.map((src, i) => {
    const video = videoTypeOf(src) !== null
    const key = video ? undefined : uploadKeyOf(src)
    return {
      src: fileSrc(src),
      ...(key ? { srcSet: RESIZED_WIDTHS.map((width) => `${resizedUrl(API_ORIGIN, key, width)} ${width}w`).join(', ') } : {}),
      type: video ? 'video' : 'image',
      alt: urls.length > 1 ? `${name}, photo ${i + 1} of ${urls.length}` : `${name}, photo`,
    }
  })
}
