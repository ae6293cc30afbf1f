import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'

/** The client's address: the socket's, or X-Forwarded-For's first hop when a trusted proxy sets it. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  const forwarded = trustProxy ? c.req.header('X-Forwarded-For')?.split(',')[0]?.trim() : undefined
  if (forwarded) return forwarded
  try {
    return getConnInfo(c).remote.address ?? '-'
  } catch {
    return '-' // not on a Node socket (e.g. app.request in tests)
  }
}

/** One line per API call: method, path (never the query string), status, duration, client. */
export const accessLog =
  (trustProxy: boolean, log: (line: string) => void): MiddlewareHandler =>
  async (c, next) => {
    if (!c.req.path.startsWith('/api/')) return next()
    const started = performance.now()
    await next()
    const ms = Math.round(performance.now() - started)
    log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms ${clientAddress(c, trustProxy)}`)
  }
