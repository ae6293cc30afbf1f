import { randomUUID } from 'node:crypto'
import { IMAGE_EXTENSION, type ImageMimeType, type SignedUpload, type UploadFolder } from '../../contract'

/** A stored file, ready to be sent. */
export interface StoredFile {
  body: ReadableStream<Uint8Array>
  size: number
  contentType: string
}

/** What a signed browser upload may put: exactly this key, this type, at most this many bytes, until then. */
export interface PostTarget {
  key: string
  contentType: string
  maxBytes: number
  expiresAt: Date
}

/**
 * Where uploaded files live. The server picks every key (the client's file name never reaches
 * a path); keys are relative paths such as `place/2026/11/6f1c....png`. Browsers upload with
 * the S3 POST-policy protocol (the product's upload call): `signPost` returns the form they send. The disk
 * driver (the default) receives that form itself at POST /uploads/ (`receivePost`); the S3
 * driver leaves it to the bucket.
 */
export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>
  get(key: string): Promise<StoredFile | undefined>
  remove(key: string): Promise<void>
  /** The signed form for one browser upload to `target.key`. */
  signPost(target: PostTarget): Promise<SignedUpload>
  /**
   * The address the file at `key` is read from: the `fileUrl` a signed upload to `key` gets, and
   * what records store. Files this server serves have a path relative to the panel
   * (`/uploads/<key>`), so a stored address never depends on the host name the panel was
   * reached by (docs/DECISIONS.md, Uploads); a bucket's files have the bucket's (or its CDN's)
   * absolute URL.
   */
  fileUrl(key: string): string
  /**
   * Takes a browser's signed multipart post (drivers that store the files themselves): checks
   * the signature, expiry and conditions, streams the file in under its size limit, checks its
   * first bytes, and stores it unless the key already exists. Throws an ApiError otherwise.
   */
  receivePost?(request: Request, now: Date): Promise<void>
  /**
   * Whether `url` is an address this storage hands out for its files (a `fileUrl` of
   * `signPost`: its base followed by a safe key, nothing else). Only such URLs are stored as
   * images, so that a client cannot make the panel and the app load pictures from elsewhere.
   * A check of the address only: it does not look whether the file exists.
   */
  ownsUrl(url: string): boolean
  /** Throws unless a file can be stored right now (the readiness check, GET /readyz). */
  checkWritable(): Promise<void>
}

/** Segments of letters, digits, dot, dash and underscore, none starting with a dot: no `..`, no hidden files. */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/

export const isSafeKey = (key: string) => key.length <= 512 && SAFE_KEY.test(key)

/** Whether `url` is `base` followed by a safe key (`base` ends with a slash). */
export const isKeyUnder = (base: string, url: string) => url.startsWith(base) && isSafeKey(url.slice(base.length))

/**
 * The raster image types we serve as themselves; anything else is sent as a download-only
 * octet stream (see routes/uploads.ts).
 */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
}

export const OCTET_STREAM = 'application/octet-stream'

export const contentTypeOfKey = (key: string) => CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? OCTET_STREAM

/** A fresh key for an uploaded file: `place/2026/11/<uuid>.png`. A client's file name never reaches it. */
export function newUploadKey(folder: UploadFolder, mimeType: ImageMimeType, now: Date) {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0')
  return `${folder}/${now.getUTCFullYear()}/${month}/${randomUUID()}.${IMAGE_EXTENSION[mimeType]}`
}
