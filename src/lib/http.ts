import ky, { HTTPError, TimeoutError, type Options } from 'ky'
import * as zm from 'zod/mini'
import { API_PREFIX, MSG, REQUEST_TIMEOUT_MS, listEnvelope, type ListPage } from '@contract'
import { authStore } from './auth'
import { notify } from './toast'

/**
 * The one HTTP client (docs/ARCHITECTURE.md, A request, step 3): base URL, 30 s timeout, the platform headers, the
 * bearer token, bodies unwrapped and checked against the contract, and one error path that turns
 * every failure into a `CallError` with the catalogue's message.
 */
/**
 * A call that failed, as a screen gets it: the message to show, the status (0 when no answer
 * came) and a 400's field messages. Not the server's ApiError (server/api-error.ts), which is
 * thrown on the server and leaves as the error body this is read from.
 */
export class CallError extends Error {
  readonly isSuccess = false
  constructor(
    message: string,
    readonly status: number,
    /** Per-field messages of a 400, for the form that sent the request. */
    readonly fields?: Record<string, string>,
  ) {
    super(message)
    this.name = 'CallError'
  }
}

// Resolved against the page so a relative base works in the browser and in jsdom alike.
export const apiBaseUrl = new URL(import.meta.env.VITE_API_BASE_URL || API_PREFIX, globalThis.location?.href ?? 'http://localhost/')
  .href

const client = ky.create({
  prefixUrl: apiBaseUrl,
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  headers: { 'Content-Type': 'application/json', language: 'EN', platform: 'web' },
  hooks: {
    beforeRequest: [
      (request) => {
        const token = authStore.get().accessToken
        if (token) request.headers.set('Authorization', `Bearer ${token}`)
      },
    ],
  },
})

/** A 404 or a 5xx is only logged by the client, never toasted: the screen shows its own state. */
const isLoggedOnly = (status: number) => status === 404 || status >= 500

/**
 * For a person's own action (block, delete, save...): show the failure's message when the client
 * only logged it (404, 5xx). Everything else was already toasted by the client, so nothing shows twice.
 */
export function notifyIfUnseen(error: unknown) {
  if (error instanceof CallError && isLoggedOnly(error.status)) notify.error(error.message)
}

/**
 * Per call: the failure statuses the calling screen shows itself, so the client does not toast
 * them too (an edit form's 409, which it shows as an alert with a Reload button), and a create's
 * Idempotency-Key (lib/submission-key.ts).
 */
export type CallOptions = {
  shownByCaller?: readonly number[]
  idempotencyKey?: string
  /** A call known to take longer than the client's usual timeout (a CSV import fetching its pictures). */
  timeoutMs?: number
}

type ErrorLike = { error?: { message?: unknown; fields?: Record<string, string> }; message?: unknown }
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined)

async function toCallError(error: unknown, { shownByCaller = [] }: CallOptions = {}): Promise<CallError> {
  if (error instanceof TimeoutError) {
    notify.error(MSG.timeout)
    return new CallError(MSG.timeout, 408)
  }
  if (error instanceof HTTPError) {
    const body = (await error.response
      .clone()
      .json()
      .catch(() => ({}))) as ErrorLike
    const status = error.response.status
    // Message order: the body's error.message, its message, the status text, the fallback. The
    // error's own message is skipped: ky always writes one ("Request failed with status code 400:
    // POST http://..."), which is no text for a person and would make the fallback unreachable
    // (HTTP/2 answers carry no status text at all).
    const message = text(body.error?.message) ?? text(body.message) ?? text(error.response.statusText) ?? MSG.fallback
    const signedOut = status === 401 && !!authStore.get().accessToken
    // The session ended on the server: forget it here; the signed-in layout sends the person to /,
    // where the message says why.
    if (signedOut) authStore.signOut()
    if (isLoggedOnly(status)) console.error(`${status} ${error.request.method} ${error.request.url}: ${message}`)
    else if (!shownByCaller.includes(status)) notify.error(message, { outlastsScreen: signedOut })
    return new CallError(message, status, body.error?.fields)
  }
  if (error instanceof CallError) return error
  if (error instanceof TypeError) {
    // fetch rejects with a TypeError when no response arrived at all.
    notify.error(MSG.networkNotice)
    return new CallError(MSG.networkRejection, 0)
  }
  const message = text((error as Error)?.message) ?? MSG.fallback
  console.error(error)
  return new CallError(message, 0)
}

async function send<S extends zm.ZodMiniType>(path: string, schema: S, options: Options, call?: CallOptions): Promise<zm.infer<S>> {
  try {
    // Only when there is a key: a `headers: undefined` would replace the client's own headers.
    const withKey = call?.idempotencyKey ? { ...options, headers: { ...options.headers, 'Idempotency-Key': call.idempotencyKey } } : options
    const body: unknown = await client(path.replace(/^\//, ''), call?.timeoutMs ? { ...withKey, timeout: call.timeoutMs } : withKey).json()
    const parsed = schema.safeParse(body)
    if (!parsed.success) {
      console.error(`Unexpected response from ${path}`, parsed.error.issues)
      throw new CallError(MSG.fallback, 0)
    }
    return parsed.data
  } catch (error) {
    // A cancelled call is nobody's failure: nothing to say, and the caller knows why.
    if (options.signal?.aborted) throw error
    throw await toCallError(error, call)
  }
}

/** `filename="users.csv"` (or the RFC 5987 `filename*=UTF-8''...` form) of a Content-Disposition header. */
function attachmentName(header: string | null): string | undefined {
  if (!header) return undefined
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header)?.[1]
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''))
    } catch {
      // fall through to the plain form
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() || undefined
}

/** Hand a blob to the browser as a download: an object URL and a temporary `<a download>`. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

type Query = Record<string, string | number | boolean | null | undefined>
/** Only the parameters that carry a value reach the query string. */
function searchParams(query: Query = {}) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  return params
}

/** An answer that carries only a message (logout, block, delete...). */
export const messageOnly = zm.looseObject({ isSuccess: zm.literal(true), message: zm.string() })
/** An answer whose `data` is checked against `schema`. */
export const withData = <T extends zm.ZodMiniType>(data: T) => zm.object({ isSuccess: zm.literal(true), message: zm.string(), data })

export const http = {
  /** `signal`: a read whose answer is no longer wanted (TanStack Query's, for a superseded query) is cancelled. */
  get: <S extends zm.ZodMiniType>(path: string, schema: S, query?: Query, { signal }: { signal?: AbortSignal } = {}) =>
    send(path, schema, { method: 'get', searchParams: searchParams(query), signal }),
  /** A list call: the list query in the query string, each item checked against `item`. */
  list: <T extends zm.ZodMiniType>(path: string, query: Query, item: T): Promise<ListPage<zm.infer<T>>> =>
    send(path, listEnvelope(item), { method: 'get', searchParams: searchParams(query) }) as Promise<ListPage<zm.infer<T>>>,
  post: <S extends zm.ZodMiniType>(path: string, schema: S, json: unknown = {}, call?: CallOptions) =>
    send(path, schema, { method: 'post', json }, call),
  put: <S extends zm.ZodMiniType>(path: string, schema: S, json: unknown = {}, call?: CallOptions) =>
    send(path, schema, { method: 'put', json }, call),
  patch: <S extends zm.ZodMiniType>(path: string, schema: S, json: unknown = {}, query?: Query) =>
    send(path, schema, { method: 'patch', json, searchParams: searchParams(query) }),
  delete: <S extends zm.ZodMiniType>(path: string, schema: S) => send(path, schema, { method: 'delete' }),
  /**
   * A file the server sends as an attachment (the CSV exports): fetched with the bearer token like
   * any call, then saved under the server's file name (or `fallbackName`). With `json`, it is
   * POSTed (an export of chosen rows: their ids). Failures take the usual error path.
   */
  download: async (path: string, query: Query | undefined, fallbackName: string, json?: unknown): Promise<void> => {
    try {
      const method = json === undefined ? 'get' : 'post'
      const response = await client(path.replace(/^\//, ''), { method, json, searchParams: searchParams(query) })
      const blob = await response.blob()
      saveBlob(blob, attachmentName(response.headers.get('Content-Disposition')) ?? fallbackName)
    } catch (error) {
      throw await toCallError(error)
    }
  },
}
