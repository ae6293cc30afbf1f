import sharp from 'sharp'
import { IMAGE_MIME_TYPES, RESIZED_WIDTHS, SITE_IMAGE_MAX_BYTES, UPLOAD_KEY, type ResizedWidth } from '../../contract'
import { logError } from '../log'
import { isTooLarge, PICTURE_INPUT, pictureHeaderOf } from './picture-size'
import type { Storage, StoredFile } from './storage'

/**
 * The resized copies of uploads (contract/resized.ts): made from the stored original when first
 * asked for, kept in the same storage under `resized/<width>/<key>.webp`, and read from there
 * afterwards. Each costs one decode and encode (tens of milliseconds for a phone photo) once per
 * upload and width, so a client can make the server do at most that much work per stored file:
 * a key with no stored picture is looked up before it takes a place in the queue, an original
 * whose header says it is too large to decode is not decoded, and one that sharp says it cannot
 * decode is remembered and not tried again (a timeout or a failed allocation on a busy machine
 * is not remembered: the photo is fine, and is tried again when next asked for). At most
 * MAX_AT_ONCE are made at a time, so a burst of new pictures cannot take every CPU from the API.
 */

export const RESIZED_TYPE = 'image/webp'

type Bytes = Uint8Array<ArrayBuffer>

/** WebP at this quality: about a quarter of a JPEG's bytes at 85 for a photo that looks the same. */
const WEBP_QUALITY = 75
const MAX_AT_ONCE = 2
/** Requests beyond this many waiting are refused (503) rather than queued without end. */
const MAX_WAITING = 50
/**
 * Originals remembered as not pictures (unreadable, or too large), at most this many (the oldest forgotten first, then
 * tried once more): under a megabyte of keys. Only stored files get there, as a key is looked up
 * first, so made-up keys cannot fill it.
 */
const MAX_REMEMBERED_FAILURES = 10_000

/** The copy's key keeps the original's extension: `<uuid>.png` is not `<uuid>.jpg`, whose copy it must not answer. */
export const resizedKey = (key: string, width: ResizedWidth) => `resized/${width}/${key}.webp`

/**
 * Scales a picture down to `width` (never up), turned the way its EXIF says, as WebP: the one
 * place its pixels are decoded. Throws on a file it cannot decode. Check its header first
 * (isTooLarge): sharp's own limit is on pixels only.
 */
export async function resizePicture(bytes: Uint8Array, width: number): Promise<Bytes> {
  const out = await sharp(bytes, PICTURE_INPUT)
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .timeout({ seconds: 20 })
    .toBuffer()
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength)
}

/**
 * Whether sharp's error says the file itself cannot be decoded: its input checks ("Input buffer
 * has corrupt header: ...", "... unsupported image format", "Input image exceeds pixel limit")
 * and its loaders' errors ("VipsJpeg: premature end of JPEG image", "vipspng: libpng read
 * error", "gifload: ..."). Not its timeout ("timeout: 40% complete", a busy machine) nor a
 * failed allocation: those say nothing about the file, which is tried again.
 */
export const isBadPictureError = (err: unknown) =>
  err instanceof Error &&
  !/timeout|memory|alloc/i.test(err.message) &&
  /^(Input (buffer|file|image) |VipsJpeg:|vipspng:|VipsForeignLoad|[a-z]*load(_buffer|_source)?:)/i.test(err.message)

/** What copyOf answers for a file that will never make a copy: not a picture, or too large to decode. */
const NOT_A_PICTURE = Symbol('not a picture')

/**
 * The copy of a picture (`bytes`) at `width`; NOT_A_PICTURE for a file that is not one, or one too
 * large to decode; undefined when making it failed for another reason (see isBadPictureError).
 */
async function copyOf(bytes: Uint8Array, width: number, resize: typeof resizePicture) {
  const header = await pictureHeaderOf(bytes)
  if (!header || isTooLarge(header)) return NOT_A_PICTURE
  try {
    return await resize(bytes, width)
  } catch (err) {
    if (isBadPictureError(err)) return NOT_A_PICTURE
    logError('resizing a picture (tried again when next asked for)', err)
    return undefined
  }
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

/** Whether a stored file is one a copy is made of: a picture type, within the largest upload size. */
const isPictureFile = (file: StoredFile) =>
  (IMAGE_MIME_TYPES as readonly string[]).includes(file.contentType) && file.size <= SITE_IMAGE_MAX_BYTES

/** A set of at most `max` keys; past that, the oldest added is forgotten. */
function boundedSet(max: number) {
  const keys = new Set<string>()
  return {
    has: (key: string) => keys.has(key),
    add(key: string) {
      keys.add(key)
      if (keys.size > max) keys.delete(keys.values().next().value!)
    },
  }
}

/** Runs the tasks given for one key one after another (those of different keys run independently). */
function oneAtATimePerKey() {
  const last = new Map<string, Promise<unknown>>()
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const result = (last.get(key) ?? Promise.resolve()).then(task)
    const done = result.catch(() => {})
    last.set(key, done)
    void done.then(() => {
      if (last.get(key) === done) last.delete(key)
    })
    return result
  }
}

export interface ResizedPictures {
  /** The copy of the upload at `key` at `width`; undefined when there is no such upload or it is not a picture that can be read. */
  get(key: string, width: ResizedWidth): Promise<Bytes | undefined>
}

export interface ResizedOptions {
  /** Where pixels are decoded (tests count its calls). */
  resize?: typeof resizePicture
  /** How many originals that failed are remembered. */
  maxFailures?: number
}

export function resizedPictures(
  storage: Storage,
  { resize = resizePicture, maxFailures = MAX_REMEMBERED_FAILURES }: ResizedOptions = {},
): ResizedPictures {
  const limit = limiter(MAX_AT_ONCE, MAX_WAITING)
  // Asked for again while being made (a page's photos open in several tabs at once): made once.
  const making = new Map<string, Promise<Bytes | undefined>>()
  // The widths of one original are made one after another, so that an original that fails fails once.
  const inTurn = oneAtATimePerKey()
  // Per process: each server process tries a failing original once.
  const failed = boundedSet(maxFailures)

  /** Whether `key` is a stored picture, looked up without reading it. */
  const isStoredPicture = async (key: string) => {
    const original = await storage.get(key)
    if (!original) return false
    await original.body.cancel()
    return isPictureFile(original)
  }

  const make = async (key: string, width: ResizedWidth, copyKey: string) => {
    // Looked up before taking a place in the queue: a made-up key costs one lookup, never a place.
    if (!(await isStoredPicture(key))) return undefined
    // The original is read inside the limit: at most MAX_AT_ONCE of them are in memory.
    const copy = await inTurn(key, () =>
      limit(async () => {
        if (failed.has(key)) return undefined
        const original = await storage.get(key)
        if (!original) return undefined
        if (!isPictureFile(original)) {
          await original.body.cancel()
          return undefined
        }
        // A file sharp cannot read, or will not (too large), is not a picture, whatever its name says.
        const made = await copyOf(await readAll(original.body), width, resize)
        if (made !== NOT_A_PICTURE) return made
        failed.add(key)
        return undefined
      }),
    )
    if (copy) await storage.put(copyKey, copy, RESIZED_TYPE)
    return copy
  }

  return {
    async get(key, width) {
      if (!UPLOAD_KEY.test(key) || failed.has(key)) return undefined
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

/**
 * The name copies had before their key kept the original's extension (commit 65618f4, December
 * 2026). Such names exist only in storages where copies were made before that change, and only
 * for uploads stored before it; removeUpload takes them too, so that such a copy does not outlive
 * its erased original (in a public bucket it would stay readable). It can go once no upload
 * stored before the change is left (or a sweep has removed every copy under the old names).
 */
const resizedKeyBeforeExtensionKept = (key: string, width: ResizedWidth) => `resized/${width}/${key.replace(/\.[a-z]+$/, '')}.webp`

/** Removes an upload and every resized copy of it (a copy must not outlive its picture). */
export async function removeUpload(storage: Storage, key: string) {
  await storage.remove(key)
  for (const width of RESIZED_WIDTHS) {
    await storage.remove(resizedKey(key, width))
    await storage.remove(resizedKeyBeforeExtensionKept(key, width))
  }
}
