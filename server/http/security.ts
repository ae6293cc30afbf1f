import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { API_MSG } from '../../contract'
import { forwardedValue, type TrustProxy } from './client-address'
import { REQUEST_ID_HEADER } from './request-id'
import { errorBodyOf } from './respond'

/**
 * The HTTP-level defences (OWASP ASVS 5 V3, V4): request body limits, security
 * headers on every answer, and CORS for the configured origins only.
 */

// ---------------------------------------------------------------------------------------------
// Body size

const KIB = 1024

/** A JSON body: about 100 kB (every form of the panel is far smaller). */
export const JSON_BODY_MAX_BYTES = 100 * KIB

/**
 * The few calls whose bodies are legitimately larger: a CMS page (up to 200,000 characters of
 * HTML, contract CMS_CONTENT_MAX) and a notification to up to 10,000 chosen users (their ids).
 * Uploads do not come through the API: POST /uploads/ has its own per-file limits.
 */
export const LARGER_BODIES: readonly { method: string; path: RegExp; maxBytes: number }[] = [
  { method: 'PUT', path: /^\/api\/v1\/admin\/cms\/?$/, maxBytes: 1024 * KIB },
  { method: 'POST', path: /^\/api\/v1\/admin\/notification\/?$/, maxBytes: 512 * KIB },
  // A bulk action on up to 10,000 chosen rows (their ids; contract/bulk.ts).
  { method: 'POST', path: /^\/api\/v1\/admin\/[a-z-]+\/bulk\/?$/, maxBytes: 512 * KIB },
  // An export of up to 10,000 chosen rows (the same ids; contract/bulk.ts, exportSelectedBody).
  { method: 'POST', path: /^\/api\/v1\/(?:admin\/|place\/admin\/)?[a-z-]+\/export\/?$/, maxBytes: 512 * KIB },
  // A CSV import (contract/imports.ts, IMPORT_MAX_BYTES of text inside its JSON, escapes included).
  { method: 'POST', path: /^\/api\/v1\/admin\/import\/[a-z-]+(?:\/preview)?\/?$/, maxBytes: 2048 * KIB },
]

/**
 * Calls whose body is streamed and read a line at a time, each line capped (the integration API's
 * bulk sync, server/integration/sync.ts): no limit on the whole, which a first import of a
 * million records passes by far, and nothing buffers it.
 */
export const STREAMED_BODIES: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/v1\/integration\/sync\/(?:users|pets)\/?$/ },
]

const tooLarge = (c: Context) =>
  c.json(errorBodyOf('PAYLOAD_TOO_LARGE', API_MSG.bodyTooLarge, c.get('requestId') as string | undefined), 413)

/**
 * 413 for a body over the call's limit, before anything reads it: at once when Content-Length
 * says so, else (a chunked body) as soon as the bytes read pass the limit, without buffering more.
 */
export function jsonBodyLimit(): MiddlewareHandler {
  const byLimit = new Map<number, MiddlewareHandler>()
  const limiter = (maxSize: number) => {
    let handler = byLimit.get(maxSize)
    if (!handler) byLimit.set(maxSize, (handler = bodyLimit({ maxSize, onError: tooLarge })))
    return handler
  }
  return (c, next) => {
    // No GET or HEAD route reads a body, and wrapping one costs every list call a Request copy
    // (about 8 % of page-1 throughput in the bench).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    if (STREAMED_BODIES.some((rule) => rule.method === c.req.method && rule.path.test(c.req.path))) return next()
    const larger = LARGER_BODIES.find((rule) => rule.method === c.req.method && rule.path.test(c.req.path))
    return limiter(larger?.maxBytes ?? JSON_BODY_MAX_BYTES)(c, next)
  }
}

// ---------------------------------------------------------------------------------------------
// Headers

/** API answers are data, never a document: nothing may load, and nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'"

/** HSTS: a year, subdomains included (no preload: that is the operator's choice). */
export const HSTS = 'max-age=31536000; includeSubDomains'

/** Headers every answer carries, whatever serves it (API, SPA, uploaded files). */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  // Cross-origin requests carry the origin only (Google's referrer-restricted Maps key needs it).
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'X-Permitted-Cross-Domain-Policies': 'none',
}

/**
 * Whether the request reached us over HTTPS: directly, or per X-Forwarded-Proto as our trusted
 * proxies wrote it (the same hop as the client's address, server/http/client-address.ts).
 */
export function isHttps(c: Context, trustProxy: TrustProxy): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true
  return forwardedValue(c, 'X-Forwarded-Proto', trustProxy)?.toLowerCase() === 'https'
}

/**
 * Sets the security headers on every answer: the common ones, HSTS over HTTPS only, and the
 * API's restrictive CSP on any answer that brought no policy of its own (the SPA's pages and
 * uploaded files set theirs).
 */
export const securityHeaders =
  (trustProxy: TrustProxy): MiddlewareHandler =>
  async (c, next) => {
    await next()
    const headers = c.res.headers
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value)
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', API_CSP)
    if (isHttps(c, trustProxy)) headers.set('Strict-Transport-Security', HSTS)
    else headers.delete('Strict-Transport-Security')
  }

// ---------------------------------------------------------------------------------------------
// CORS

/**
 * What a cross-origin caller (a listed origin) may send and read: every header the SPA sends
 * (src/lib/http.ts: the platform headers, a create's Idempotency-Key), and X-Request-Id, which a
 * client may send to find its request in the server's log (server/http/request-id.ts).
 */
export const CORS_ALLOW_HEADERS = ['Content-Type', 'Authorization', 'language', 'platform', 'Idempotency-Key', REQUEST_ID_HEADER]
const CORS_EXPOSE_HEADERS = ['Retry-After', REQUEST_ID_HEADER, 'Content-Disposition']

/**
 * CORS for the origins in CORS_ORIGINS only (none by default: same origin only). A preflight is
 * answered 204; for an origin not listed it carries no Access-Control-Allow-Origin, so the
 * browser refuses the call. Bearer tokens, not cookies: no credentials mode.
 */
export function corsFor(origins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(origins)
  return cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: CORS_ALLOW_HEADERS,
    exposeHeaders: CORS_EXPOSE_HEADERS,
    maxAge: 600,
  })
}
