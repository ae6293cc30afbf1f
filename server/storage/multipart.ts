import { UPLOAD_MSG } from '../../contract'

/**
 * A streaming reader of multipart/form-data (RFC 7578) for the upload endpoint: parts are read
 * one at a time and a part's body is handed out in chunks as it arrives, so a file is never
 * held in memory whole, and the whole body is cut off past a hard byte limit.
 */

export class MultipartError extends Error {
  constructor(
    readonly reason: 'malformed' | 'tooLarge',
    message: string,
  ) {
    super(message)
    this.name = 'MultipartError'
  }
}

export interface PartHeaders {
  /** The form field name (Content-Disposition `name`). */
  name: string
  /** Present on file parts (Content-Disposition `filename`), possibly empty. */
  filename: string | undefined
  contentType: string | undefined
}

export interface MultipartLimits {
  /** The whole body, preamble to epilogue. */
  maxBytes: number
  /** One part's header block. */
  maxHeaderBytes?: number
}

const BOUNDARY_PARAM = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i

/** The boundary of a `multipart/form-data` Content-Type, or undefined for any other type. */
export function boundaryOf(contentType: string | null | undefined): string | undefined {
  if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined
  const match = BOUNDARY_PARAM.exec(contentType)
  return match?.[1] ?? match?.[2]
}

const CRLF = Buffer.from('\r\n')
const HEADER_END = Buffer.from('\r\n\r\n')
const DISPOSITION_PARAM = /;\s*([\w*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g

function parseHeaders(block: string): PartHeaders {
  const headers = new Map<string, string>()
  for (const line of block.split('\r\n')) {
    if (line === '') continue
    const colon = line.indexOf(':')
    if (colon <= 0) throw new MultipartError('malformed', UPLOAD_MSG.partHeaderMalformed)
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const disposition = headers.get('content-disposition') ?? ''
  if (!/^form-data\s*(;|$)/i.test(disposition)) throw new MultipartError('malformed', UPLOAD_MSG.partNotFormData)
  const params = new Map<string, string>()
  for (const [, key, quoted, bare] of disposition.matchAll(DISPOSITION_PARAM)) {
    params.set(key!.toLowerCase(), quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : bare!.trim())
  }
  const name = params.get('name')
  if (name === undefined) throw new MultipartError('malformed', UPLOAD_MSG.partNoName)
  return { name, filename: params.get('filename'), contentType: headers.get('content-type') }
}

type State = 'body' | 'afterDelimiter' | 'end'

export class MultipartReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>
  private readonly delimiter: Buffer
  private readonly maxHeaderBytes: number
  /** Unconsumed bytes. It starts with a CRLF so that the first delimiter reads like the others. */
  private buf: Buffer = Buffer.from(CRLF)
  private ended = false
  private received = 0
  /** The preamble is read like a part's body, and thrown away. */
  private state: State = 'body'

  constructor(
    body: ReadableStream<Uint8Array>,
    boundary: string,
    private readonly limits: MultipartLimits,
  ) {
    this.reader = body.getReader()
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1')
    this.maxHeaderBytes = limits.maxHeaderBytes ?? 8 * 1024
  }

  /** Bytes read from the body so far. */
  get bytesRead() {
    return this.received
  }

  /** Appends the next chunk of the body; false at its end. */
  private async pull(): Promise<boolean> {
    if (this.ended) return false
    const { value, done } = await this.reader.read()
    if (done) {
      this.ended = true
      return false
    }
    this.received += value.byteLength
    if (this.received > this.limits.maxBytes) throw new MultipartError('tooLarge', UPLOAD_MSG.bodyTooLarge)
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk])
    return true
  }

  private async pullOrFail() {
    if (!(await this.pull())) throw new MultipartError('malformed', UPLOAD_MSG.endedEarly)
  }

  /**
   * The next part's headers (its body is then read with `body()` or `text()`), or undefined
   * after the closing delimiter. Whatever is left of the current part is skipped.
   */
  async nextPart(): Promise<PartHeaders | undefined> {
    if (this.state === 'body') for await (const _ of this.body()); // skip the rest
    if (this.state === 'end') return undefined

    while (this.buf.length < 2) await this.pullOrFail()
    if (this.buf[0] === 0x2d && this.buf[1] === 0x2d) {
      this.state = 'end'
      return undefined
    }
    // The delimiter line ends with a CRLF (after optional transport padding); then the headers
    // up to an empty line. With no headers at all, that CRLF is the first half of the end mark.
    let lineEnd: number
    while ((lineEnd = this.buf.indexOf(CRLF)) < 0) {
      if (this.buf.length > 256) throw new MultipartError('malformed', UPLOAD_MSG.delimiterMalformed)
      await this.pullOrFail()
    }
    if (this.buf.subarray(0, lineEnd).some((b) => b !== 0x20 && b !== 0x09)) {
      throw new MultipartError('malformed', UPLOAD_MSG.delimiterMalformed)
    }
    let headerEnd: number
    while ((headerEnd = this.buf.indexOf(HEADER_END, lineEnd)) < 0) {
      if (this.buf.length - lineEnd > this.maxHeaderBytes) throw new MultipartError('malformed', UPLOAD_MSG.partHeaderTooLong)
      await this.pullOrFail()
    }
    const headers = parseHeaders(this.buf.toString('utf8', lineEnd + 2, headerEnd))
    this.buf = this.buf.subarray(headerEnd + HEADER_END.length)
    this.state = 'body'
    return headers
  }

  /** The current part's body, chunk by chunk, as it arrives. */
  async *body(): AsyncGenerator<Buffer> {
    if (this.state !== 'body') return
    for (;;) {
      const at = this.buf.indexOf(this.delimiter)
      if (at >= 0) {
        const last = this.buf.subarray(0, at)
        this.buf = this.buf.subarray(at + this.delimiter.length)
        this.state = 'afterDelimiter'
        if (last.length > 0) yield last
        return
      }
      // Keep a tail that may be the start of a delimiter cut in two by the chunking.
      const keep = Math.min(this.buf.length, this.delimiter.length - 1)
      const chunk = this.buf.subarray(0, this.buf.length - keep)
      this.buf = this.buf.subarray(this.buf.length - keep)
      if (chunk.length > 0) yield chunk
      await this.pullOrFail()
    }
  }

  /** The current part's body as UTF-8 text; undefined when longer than `maxBytes`. */
  async text(maxBytes: number): Promise<string | undefined> {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of this.body()) {
      size += chunk.length
      if (size > maxBytes) return undefined
      chunks.push(chunk)
    }
    return Buffer.concat(chunks).toString('utf8')
  }

  /** Stops reading: the rest of the body is left to the server to drain or drop. */
  release() {
    this.reader.releaseLock()
  }
}
