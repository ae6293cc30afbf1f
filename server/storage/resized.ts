import sharp from 'sharp'
import { IMAGE_MIME_TYPES, RESIZED_WIDTHS, SITE_IMAGE_MAX_BYTES, UPLOAD_KEY, type ResizedWidth } from '../../contract'
import type { Storage } from './storage'

/**
 * The resized copies of uploads (contract/resized.ts): made from the stored original when first
 * asked for, kept in the same storage under `resized/<width>/<key without extension>.webp`, and
 * read from there afterwards. Each costs one decode and encode (tens of milliseconds for a phone
 * photo) once per upload and width, so a client can make the server do at most that much work
 * per stored file; at most MAX_AT_ONCE are made at a time, so a burst of new pictures cannot take
 * every CPU from the API.
 */

export const RESIZED_TYPE = 'image/webp'

type Bytes = Uint8Array<ArrayBuffer>

/** WebP at this quality: about a quarter of a JPEG's bytes at 85 for a photo that looks the same. */
const WEBP_QUALITY = 75
/** Larger pictures are refused before decoding (a 50-megapixel camera's photo is within). */
const MAX_INPUT_PIXELS = 60_000_000
const MAX_AT_ONCE = 2
/** Requests beyond this many waiting are refused (503) rather than queued without end. */
const MAX_WAITING = 50

export const resizedKey = (key: string, width: ResizedWidth) => `resized/${width}/${key.replace(/\.[a-z]+$/, '')}.webp`

/** Scales a picture down to `width` (never up), turned the way its EXIF says, as WebP. Throws on a file it cannot decode. */
export async function resizePicture(bytes: Uint8Array, width: number): Promise<Bytes> {
  const out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .timeout({ seconds: 20 })
    .toBuffer()
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength)
}

/** Too many pictures are being resized; the client may try again shortly. */
export class ResizeBusyError extends Error {}

/** Runs at most `limit` tasks at once; the rest wait in order, at most `maxWaiting` of them. */
function limiter(limit: number, maxWaiting: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) {
      if (waiting.length >= maxWaiting) throw new ResizeBusyError()
      await new Promise<void>((start) => waiting.push(start))
    }
    running++
    try {
      return await task()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<Bytes> {
  return new Uint8Array(await new Response(body).arrayBuffer())
}

export interface ResizedPictures {
  /** The copy of the upload at `key` at `width`; undefined when there is no such upload or it is not a picture that can be read. */
  get(key: string, width: ResizedWidth): Promise<Bytes | undefined>
}

export function resizedPictures(storage: Storage): ResizedPictures {
  const limit = limiter(MAX_AT_ONCE, MAX_WAITING)
  // Asked for again while being made (a page's photos open in several tabs at once): made once.
  const making = new Map<string, Promise<Bytes | undefined>>()

  // The original is read inside the limit too: at most MAX_AT_ONCE of them are in memory.
  const make = async (key: string, width: ResizedWidth, copyKey: string) => {
    const copy = await limit(async () => {
      const original = await storage.get(key)
      if (!original) return undefined
      if (!(IMAGE_MIME_TYPES as readonly string[]).includes(original.contentType) || original.size > SITE_IMAGE_MAX_BYTES) {
        await original.body.cancel()
        return undefined
      }
      const bytes = await readAll(original.body)
      // A file sharp cannot read is not a picture, whatever its name says.
      return resizePicture(bytes, width).catch(() => undefined)
    })
    if (copy) await storage.put(copyKey, copy, RESIZED_TYPE)
    return copy
  }

  return {
    async get(key, width) {
      if (!UPLOAD_KEY.test(key)) return undefined
      const copyKey = resizedKey(key, width)
      const kept = await storage.get(copyKey)
      if (kept) return readAll(kept.body)
      let made = making.get(copyKey)
      if (!made) {
        made = make(key, width, copyKey).finally(() => making.delete(copyKey))
        making.set(copyKey, made)
      }
      return made
    },
  }
}

/** Removes an upload and every resized copy of it (a copy must not outlive its picture). */
export async function removeUpload(storage: Storage, key: string) {
  await storage.remove(key)
  for (const width of RESIZED_WIDTHS) await storage.remove(resizedKey(key, width))
}
