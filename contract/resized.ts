/**
 * Smaller copies of uploaded pictures: GET /resized/<width>/<key> answers the upload at `key`
 * scaled down to `width` pixels wide (never up) as WebP, made when first asked for and kept in
 * the storage beside the original. A phone then loads a few dozen kB for a photo it shows 360 px
 * wide instead of the camera's megabytes. No zod here: the public pet page uses this.
 */
export const RESIZED_PATH = '/resized'

/** The widths a copy is made at (a short list, so that each upload has at most this many copies). */
export const RESIZED_WIDTHS = [320, 640, 960, 1280] as const
export type ResizedWidth = (typeof RESIZED_WIDTHS)[number]

/** An upload's key, as POST /common/upload makes them: `<folder>/<year>/<month>/<uuid>.<ext>`. */
export const UPLOAD_KEY = /^[a-z]+\/\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|webp|gif)$/

/** The upload key an address ends with (the storage's base before it is any), or undefined. */
export function uploadKeyOf(url: string): string | undefined {
  if (url.length > 2048) return undefined
  const path = url.split(/[?#]/, 1)[0]!
  const key = path.split('/').slice(-4).join('/')
  return UPLOAD_KEY.test(key) ? key : undefined
}

/** Where the copy of `key` at `width` is read, on the API's server at `origin` (`https://admin.example.com`). */
export const resizedUrl = (origin: string, key: string, width: ResizedWidth) => `${origin}${RESIZED_PATH}/${width}/${key}`
