import type { MiddlewareHandler } from 'hono'
import { clientAddress, type TrustProxy } from './client-address'

/** One line per API call: method, path (never the query string), status, duration, client. */
export const accessLog =
  (trustProxy: TrustProxy, log: (line: string) => void): MiddlewareHandler =>
  async (c, next) => {
    if (!c.req.path.startsWith('/api/')) return next()
    const started = performance.now()
    await next()
    const ms = Math.round(performance.now() - started)
    log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms ${clientAddress(c, trustProxy)}`)
  }
