import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3'
import { createPresignedPost } from '@aws-sdk/s3-presigned-post'
import { contentTypeOfKey, isKeyUnder, isSafeKey, type Storage } from './storage'

export interface S3StorageOptions {
  bucket: string
  region: string
  /** An S3-compatible store's endpoint (MinIO, R2...); AWS itself when absent. */
  endpoint?: string
  /** Bucket in the path (`https://host/bucket/key`), which most S3-compatible stores need. */
  forcePathStyle?: boolean
  /** Where files are read from (a CDN, or this server's /uploads/), when not the bucket's own URL. */
  publicUrl?: string
  /** Fixed credentials (tests); otherwise the SDK's default chain (AWS_ACCESS_KEY_ID... or a role). */
  credentials?: S3ClientConfig['credentials']
}

/** Keys are never reused, so a stored file may be cached for good. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable'

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`)

/**
 * The bucket's URL as the SDK resolves it (virtual-hosted or path style, AWS or an endpoint):
 * where presigned posts go and, without S3_PUBLIC_URL, the base of every file URL. Undefined if
 * the SDK cannot resolve it offline; then only S3_PUBLIC_URL addresses count as ours.
 */
function bucketUrlOf(client: S3Client, options: S3StorageOptions): string | undefined {
  try {
    const { url } = client.config.endpointProvider({
      Bucket: options.bucket,
      Region: options.region,
      Endpoint: options.endpoint,
      ForcePathStyle: options.forcePathStyle,
    })
    return withSlash(url.href)
  } catch {
    return undefined
  }
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404
}

/**
 * Files in an S3 bucket (chosen by S3_BUCKET). Browsers post to the bucket itself with a
 * presigned POST that pins the key, the Content-Type and the size range, like the disk
 * driver's own policies; the bucket needs a CORS rule allowing POST from the admin's origin,
 * and public read of its objects (or S3_PUBLIC_URL pointing at something that serves them).
 * S3 does not look at the bytes: the type check of the first bytes happens only on disk.
 */
/** The object the readiness check writes (overwritten each time; a key no upload gets: uploads live under their folders). */
export const WRITE_CHECK_KEY = 'ready-check'
const WRITE_CHECK_REUSE_MS = 10_000

export function s3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.forcePathStyle ? { forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  })
  const Bucket = options.bucket
  const publicUrl = options.publicUrl?.replace(/\/+$/, '')
  const bucketUrl = bucketUrlOf(client, options)
  const checked = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Refusing unsafe storage key: ${JSON.stringify(key)}`)
    return key
  }

  // A probe is a billed PUT: after a success, the next one waits this long (a failure is retried at once).
  let writableUntil = 0

  return {
    async checkWritable() {
      if (Date.now() < writableUntil) return
      await client.send(new PutObjectCommand({ Bucket, Key: WRITE_CHECK_KEY, Body: '', ContentType: 'text/plain' }))
      writableUntil = Date.now() + WRITE_CHECK_REUSE_MS
    },
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checked(key), Body: body, ContentType: contentType, CacheControl: CACHE_CONTROL }),
      )
    },
    async get(key) {
      if (!isSafeKey(key)) return undefined
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        if (!object.Body) return undefined
        // A store or proxy answering in chunks gives no length: read the file (an image, a few MB at most) to know it.
        if (object.ContentLength === undefined) {
          const bytes = await object.Body.transformToByteArray()
          return { body: new Blob([bytes]).stream(), size: bytes.length, contentType: contentTypeOfKey(key) }
        }
        const body = object.Body.transformToWebStream() as ReadableStream<Uint8Array>
        return { body, size: object.ContentLength, contentType: contentTypeOfKey(key) }
      } catch (err) {
        if (isMissing(err)) return undefined
        throw err
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }))
    },

    fileUrl(key) {
      const base = publicUrl ? `${publicUrl}/` : bucketUrl
      if (base === undefined) throw new Error(`The bucket's URL is unknown: set S3_PUBLIC_URL to say where ${key} is read from`)
      return base + checked(key)
    },

    ownsUrl(url) {
      return (bucketUrl !== undefined && isKeyUnder(bucketUrl, url)) || (publicUrl !== undefined && isKeyUnder(`${publicUrl}/`, url))
    },

    async signPost({ key, contentType, maxBytes, expiresAt }) {
      // The SDK dates the policy by the system clock; S3 checks it by its own.
      const Expires = Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000))
      const post = await createPresignedPost(client, {
        Bucket,
        Key: checked(key),
        // Every field is pinned exactly (the SDK adds an `eq` condition for each, and the key's).
        Fields: { 'Content-Type': contentType, 'Cache-Control': CACHE_CONTROL },
        Conditions: [['content-length-range', 1, maxBytes]],
        Expires,
      })
      // Path-style URLs come without the final slash; `url + key` must be the object's URL.
      const url = withSlash(post.url)
      return { url, fields: post.fields, fileUrl: `${publicUrl ? `${publicUrl}/` : url}${key}` }
    },
  }
}
