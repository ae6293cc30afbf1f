import { randomBytes, randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { link, mkdir, open, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { UPLOAD_MSG, UPLOAD_RULES, UPLOAD_FOLDERS } from '../../contract'
import { ApiError, badRequest } from '../api-error'
import { looksLike, SNIFF_BYTES } from './image-type'
import { isTooLarge, MAX_INPUT_PIXELS, pictureHeaderOf } from './picture-size'
import { boundaryOf, MultipartError, MultipartReader } from './multipart'
import { checkPostForm, encodePolicy, fileTooLarge, POLICY_FIELD, SIGNATURE_FIELD, signPolicy, uploadPolicy, type AllowedPost } from './post-policy'
import { contentTypeOfKey, isKeyUnder, isSafeKey, type Storage } from './storage'

/** The "bucket" a disk policy names: a policy for another store is refused. */
export const DISK_BUCKET = 'uploads'

/** Room for the form's fields, headers and delimiters around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024
/** The largest post the upload endpoint reads: the largest file any folder allows, plus the form around it. */
export const UPLOAD_POST_MAX_BYTES = Math.max(...UPLOAD_FOLDERS.map((f) => UPLOAD_RULES[f].maxBytes)) + FORM_OVERHEAD_BYTES
const MAX_FIELDS = 16
const MAX_FIELD_BYTES = 8 * 1024
/** Files being received are written here, then linked into place; its name is never a safe key. */
const INCOMING_DIR = '.incoming'

export interface DiskStorageOptions {
  /** Signs upload policies. Without one, a random secret is made: policies then last only as long as the process. */
  secret?: string | Uint8Array
}

/**
 * Where files are served, and where signed posts go: `/uploads/<key>`, relative to the panel
 * (its API's origin), whatever host name the browser used (localhost, a LAN address, a proxy's
 * name): signed URLs, file URLs and so the stored addresses all take this path alone.
 */
const FILES_PATH = '/uploads/'

const tooLargeBody = () => new ApiError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_MSG.bodyTooLarge)
const pictureTooLarge = () => new ApiError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_MSG.pictureTooLarge(MAX_INPUT_PIXELS / 1_000_000))
const conflict = () => new ApiError(409, 'CONFLICT', UPLOAD_MSG.exists)
const isErrno = (err: unknown, code: string) => (err as NodeJS.ErrnoException | undefined)?.code === code

/**
 * Files on disk under `root` (DATA_DIR/uploads), served by this server at /uploads/<key> and
 * received at POST /uploads/ with the S3 POST-policy protocol. The content type served is
 * derived from the key's extension, which the server chose from the declared type when it
 * picked the key, and which the received file's first bytes were checked against; a picture
 * whose header says it is too large to open (picture-size.ts) is refused.
 */
export function diskStorage(root: string, options: DiskStorageOptions = {}): Storage {
  const secret = options.secret ?? randomBytes(32)
  const fileUrl = (key: string) => `${FILES_PATH}${key}`
  const pathOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Refusing unsafe storage key: ${JSON.stringify(key)}`)
    return join(root, key)
  }

  /** Streams the file part to a temporary file, checking size and first bytes, then links it in place. */
  async function store(chunks: AsyncIterable<Buffer>, allowed: AllowedPost) {
    const incoming = join(root, INCOMING_DIR)
    await mkdir(incoming, { recursive: true })
    const temp = join(incoming, randomUUID())
    const file = await open(temp, 'wx')
    let closed = false
    try {
      let size = 0
      let head = Buffer.alloc(0)
      let sniffed = false
      for await (const chunk of chunks) {
        size += chunk.length
        if (size > allowed.maxBytes) throw fileTooLarge(allowed.maxBytes)
        if (!sniffed) {
          head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES)]).subarray(0, SNIFF_BYTES)
          if (head.length >= SNIFF_BYTES) {
            if (!looksLike(allowed.contentType, head)) throw badRequest(UPLOAD_MSG.notImage(allowed.contentType))
            sniffed = true
          }
        }
        await file.write(chunk)
      }
      if (size < Math.max(1, allowed.minBytes)) throw badRequest(UPLOAD_MSG.empty)
      if (!sniffed && !looksLike(allowed.contentType, head)) throw badRequest(UPLOAD_MSG.notImage(allowed.contentType))
      await file.close()
      closed = true
      // Its header (read without decoding) must not promise more pixels or memory than the resized
      // copies would decode. A header sharp cannot read is let by, as the first bytes were
      // checked: its resized copy is then a 404 (resized.ts).
      const header = await pictureHeaderOf(temp)
      if (header && isTooLarge(header)) throw pictureTooLarge()
      const target = pathOf(allowed.key)
      await mkdir(dirname(target), { recursive: true })
      // A link never replaces an existing file: of two posts racing to one key, one wins.
      await link(temp, target).catch((err) => {
        throw isErrno(err, 'EEXIST') ? conflict() : err
      })
    } finally {
      if (!closed) await file.close().catch(() => {})
      await rm(temp, { force: true })
    }
  }

  return {
    async put(key, body) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, body)
    },
    async get(key) {
      if (!isSafeKey(key)) return undefined
      const path = pathOf(key)
      const info = await stat(path).catch(() => undefined)
      if (!info?.isFile()) return undefined
      const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>
      return { body, size: info.size, contentType: contentTypeOfKey(key) }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
    // A file written and removed where received uploads start (a read-only or full disk fails here).
    async checkWritable() {
      const incoming = join(root, INCOMING_DIR)
      await mkdir(incoming, { recursive: true })
      const probe = join(incoming, `${randomUUID()}.ready-check`)
      await writeFile(probe, '')
      await rm(probe, { force: true })
    },

    // Only the path this driver hands out: an absolute address (another host's, or this one's by
    // a name) is not taken for ours.
    ownsUrl(url) {
      return isKeyUnder(FILES_PATH, url)
    },

    fileUrl,

    async signPost({ key, contentType, maxBytes, expiresAt }) {
      const url = FILES_PATH
      const Policy = encodePolicy(uploadPolicy({ bucket: DISK_BUCKET, key, contentType, maxBytes, expiresAt }))
      const fields = { key, 'Content-Type': contentType, [POLICY_FIELD]: Policy, [SIGNATURE_FIELD]: signPolicy(Policy, secret) }
      return { url, fields, fileUrl: fileUrl(key) }
    },

    async receivePost(request, now) {
      const boundary = boundaryOf(request.headers.get('Content-Type'))
      if (!boundary) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', UPLOAD_MSG.notMultipart)
      // A declared length over the limit is refused before a byte is read.
      if (Number(request.headers.get('Content-Length') ?? 0) > UPLOAD_POST_MAX_BYTES) throw tooLargeBody()
      if (!request.body) throw badRequest(UPLOAD_MSG.noFile)

      const form = new MultipartReader(request.body, boundary, { maxBytes: UPLOAD_POST_MAX_BYTES })
      try {
        // The fields come first; the part named `file` is the file, and anything after it is ignored (as S3 does).
        const fields = new Map<string, string>()
        for (;;) {
          const part = await form.nextPart()
          if (!part) throw badRequest(UPLOAD_MSG.noFile)
          if (part.name === 'file') break
          if (part.filename !== undefined) throw badRequest(UPLOAD_MSG.fileNotLast)
          if (fields.has(part.name)) throw badRequest(UPLOAD_MSG.fieldRepeated(part.name))
          if (fields.size >= MAX_FIELDS) throw badRequest(UPLOAD_MSG.tooManyFields)
          const value = await form.text(MAX_FIELD_BYTES)
          if (value === undefined) throw badRequest(UPLOAD_MSG.fieldTooLarge(part.name))
          fields.set(part.name, value)
        }
        const allowed = checkPostForm(fields, { secret, bucket: DISK_BUCKET, now })
        // Checked first so that a replay is refused before its file is read, and again by the link.
        if (await stat(pathOf(allowed.key)).then(() => true, () => false)) throw conflict()
        await store(form.body(), allowed)
      } catch (err) {
        if (err instanceof MultipartError) {
          throw err.reason === 'tooLarge' ? tooLargeBody() : badRequest(`${UPLOAD_MSG.malformed}: ${err.message}`)
        }
        throw err
      } finally {
        form.release()
      }
    },
  }
}

