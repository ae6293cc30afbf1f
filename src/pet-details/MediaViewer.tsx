import { useMemo } from 'react'
import Lightbox, { type Slide } from 'yet-another-react-lightbox'
import Thumbnails from 'yet-another-react-lightbox/plugins/thumbnails'
import Video from 'yet-another-react-lightbox/plugins/video'
import 'yet-another-react-lightbox/styles.css'
import 'yet-another-react-lightbox/plugins/thumbnails.css'
import { PLACEHOLDER_IMAGE, videoTypeOf, type Media } from './media'

export type MediaViewerProps = {
  media: Media[]
  index: number
  /** Addresses that failed to load on the page: shown as the placeholder. */
  broken: ReadonlySet<string>
  onView: (index: number) => void
  onClose: () => void
}

/**
 * The full-screen media viewer: yet-another-react-lightbox with its thumbnail
 * strip (100 x 60 px, 8 px radius) and videos. Preload 2, fade 250 ms and swipe 500 ms are its
 * defaults, as is each slide's loading / complete / error state; a broken image shows the
 * placeholder. The page loads this module only when the viewer opens (React.lazy).
 */
export default function MediaViewer({ media, index, broken, onView, onClose }: MediaViewerProps) {
  const slides = useMemo(
    () =>
      media.map((item): Slide => {
        if (broken.has(item.src)) return { src: PLACEHOLDER_IMAGE, alt: item.alt }
        if (item.type === 'video') {
          return { type: 'video', sources: [{ src: item.src, type: videoTypeOf(item.src) ?? 'video/mp4' }], playsInline: true }
        }
        return { src: item.src, alt: item.alt }
      }),
    [media, broken],
  )
  return (
    <Lightbox
      open
      index={index}
      slides={slides}
      close={onClose}
      plugins={[Thumbnails, Video]}
      thumbnails={{ width: 100, height: 60, borderRadius: 8 }}
      carousel={{ preload: 2 }}
      animation={{ fade: 250, swipe: 500 }}
      labels={{ Lightbox: 'Media viewer', 'Photo gallery': 'Pet photos' }}
      on={{ view: ({ index: shown }) => onView(shown) }}
      render={{
        iconError: () => <img src={PLACEHOLDER_IMAGE} alt="" width={400} height={300} className="max-h-full max-w-full object-contain" />,
      }}
    />
  )
}
