import http2, { type ClientHttp2Session, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http2'

/** One answer, read whole (FCM's and the token endpoint's are a few hundred bytes). */
export interface Http2Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** An answer's body beyond this is cut: nothing this client talks to sends more, and a hostile one cannot fill memory. */
const BODY_MAX = 64 * 1024

/**
 * Requests to one origin over one HTTP/2 connection (TLS, or h2c for an `http://` origin: the
 * tests' loopback fake), opened on first use and again after the server closed it (FCM ends idle
 * connections with GOAWAY). The connection keeps the process alive only while a request is in
 * flight.
 */
export class Http2Origin {
  #session: ClientHttp2Session | undefined
  #inFlight = 0

  constructor(readonly origin: string) {}

  #connect(): ClientHttp2Session {
    const live = this.#session
    if (live && !live.closed && !live.destroyed) return live
    const session = http2.connect(this.origin)
    const forget = () => {
      if (this.#session === session) this.#session = undefined
    }
    // A connection error fails its open streams (each request sees it); the next request reconnects.
    session.on('error', forget)
    session.on('goaway', forget)
    session.on('close', forget)
    this.#session = session
    return session
  }

  /** Sends one request; rejects on a connection or stream error, or after `timeoutMs` without the whole answer. */
  request(headers: OutgoingHttpHeaders, body: string, timeoutMs: number): Promise<Http2Answer> {
    const session = this.#connect()
    if (this.#inFlight++ === 0) session.ref()
    return new Promise<Http2Answer>((resolve, reject) => {
      const stream = session.request({ ...headers, 'content-length': Buffer.byteLength(body) })
      let status = 0
      let answerHeaders: IncomingHttpHeaders = {}
      let text = ''
      stream.setEncoding('utf8')
      stream.setTimeout(timeoutMs, () => {
        stream.close(http2.constants.NGHTTP2_CANCEL)
        reject(new Error(`No answer from ${this.origin} within ${timeoutMs / 1000} s`))
      })
      stream.on('response', (h) => {
        status = Number(h[':status'])
        answerHeaders = h
      })
      stream.on('data', (chunk: string) => {
        if (text.length < BODY_MAX) text += chunk
      })
      stream.on('end', () => resolve({ status, headers: answerHeaders, body: text.slice(0, BODY_MAX) }))
      stream.on('error', reject)
      // Reset without an error (or ended before its answer): no answer came. After 'end' this changes nothing.
      stream.on('close', () => reject(new Error(`The connection to ${this.origin} closed before the answer`)))
      stream.end(body)
    }).finally(() => {
      if (--this.#inFlight === 0 && !session.destroyed) session.unref()
    })
  }

  /** Closes the connection once its requests are answered. */
  close(): Promise<void> {
    const session = this.#session
    this.#session = undefined
    if (!session || session.closed || session.destroyed) return Promise.resolve()
    return new Promise((resolve) => session.close(() => resolve()))
  }
}
