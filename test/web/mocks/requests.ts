import { http } from 'msw'
import { api } from './db'
import { server } from './server'

/**
 * The query strings of the requests made to `path` (e.g. '/admin/users') from now on, in order:
 * what a test reads to see what the screen asked for, and how often.
 */
export function trackRequests(path: string) {
  const seen: URLSearchParams[] = []
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    if (url.pathname.endsWith(`/api/v1${path}`)) seen.push(url.searchParams)
  }
  server.events.on('request:start', listener)
  onTestFinished(() => server.events.removeListener('request:start', listener))
  return seen
}

/**
 * The JSON bodies sent with `method` to `path` (e.g. '/admin/cms') from now on, in order; with
 * `below`, to any address under `path` too. The request still reaches the regular handler.
 */
export function captureBodies(method: string, path: string, { below = false } = {}) {
  const bodies: unknown[] = []
  const wanted = `/api/v1${path}`
  const listener = ({ request }: { request: Request }) => {
    const at = new URL(request.url).pathname
    if (request.method === method && (at.endsWith(wanted) || (below && at.startsWith(`${wanted}/`)))) {
      void request
        .clone()
        .json()
        .then((body: unknown) => bodies.push(body))
    }
  }
  server.events.on('request:start', listener)
  onTestFinished(() => server.events.removeListener('request:start', listener))
  return bodies
}

/** Copies of the requests sent with `method` from now on, in order: to read their address and body. */
export function requestsSent(method: string) {
  const seen: Request[] = []
  const listener = ({ request }: { request: Request }) => {
    if (request.method === method) seen.push(request.clone())
  }
  server.events.on('request:start', listener)
  onTestFinished(() => server.events.removeListener('request:start', listener))
  return seen
}

/**
 * A gate for a handler: `server.use(http.get(api(path), () => gate.wait()))` holds matching calls
 * until `gate.open()`, then lets them through to the regular handler (a resolver that returns
 * nothing falls through in msw).
 */
export function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { wait: () => opened.then(() => undefined), open }
}

/** Downloads started through `saveBlob`: object URLs stubbed (jsdom has none), link clicks recorded. */
export function captureDownloads() {
  const files: { name: string; blob: Blob }[] = []
  const blobs = new Map<string, Blob>()
  let n = 0
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${++n}`
      blobs.set(url, blob)
      return url
    },
    revokeObjectURL: (url: string) => blobs.delete(url),
  })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)
    if (blob && this.download) files.push({ name: this.download, blob })
  })
  return files
}

/** A downloaded CSV's lines, read as the server writes the file: a byte order mark, then CRLF line ends. */
export const csvLinesOf = async ({ blob }: { blob: Blob }) => (await blob.text()).replace(/^\uFEFF/, '').trim().split('\r\n')

/** A random UUID (v4), as crypto.randomUUID makes: what the SPA sends as an Idempotency-Key. */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** The Idempotency-Key of each POST to `path` from now on, in order (the handlers after it still answer). */
export function idempotencyKeysOf(path: string) {
  const keys: (string | null)[] = []
  server.use(
    http.post(api(path), ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'))
    }),
  )
  return keys
}

/** One post sent through `holdUploadPosts`: what was sent, and the controls of its answer. */
export interface HeldPost {
  method: string
  url: string
  headers: Record<string, string>
  body: FormData
  /** Report progress of the body, as the browser does while sending. */
  progress: (loaded: number, total: number) => void
  /** Answer it (204 by default). */
  respond: (status?: number, body?: string) => void
  /** The connection failed. */
  fail: () => void
  aborted: boolean
}

/**
 * Replace XMLHttpRequest for this test with one whose posts wait for the test to answer, so a
 * test can report progress step by step: msw reports an XMLHttpRequest body's progress only
 * once, at 100%. The signing call (fetch) still goes to the handlers above.
 */
export function holdUploadPosts(): HeldPost[] {
  const posts: HeldPost[] = []
  class HeldXMLHttpRequest {
    status = 0
    responseText = ''
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    ontimeout: (() => void) | null = null
    onabort: (() => void) | null = null
    private method = ''
    private url = ''
    private headers: Record<string, string> = {}
    private held: HeldPost | undefined
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value
    }
    abort() {
      if (this.held) this.held.aborted = true
      this.onabort?.()
    }
    send(body: FormData) {
      const post: HeldPost = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        aborted: false,
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent),
        respond: (status = 204, text = '') => {
          this.status = status
          this.responseText = text
          this.onload?.()
        },
        fail: () => this.onerror?.(),
      }
      this.held = post
      posts.push(post)
    }
  }
  vi.stubGlobal('XMLHttpRequest', HeldXMLHttpRequest)
  onTestFinished(() => {
    vi.unstubAllGlobals()
  })
  return posts
}
