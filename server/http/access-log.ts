import type { Context, MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import type { Logger } from 'pino'
import { clientAddress, type TrustProxy } from './client-address'

/**
 * The route pattern that answered (`/api/v1/admin/user/:id`), not the path the client sent: it
 * names the endpoint without ids or typed junk, so log lines and metrics group by it. Read after
 * the handlers ran, when the router's index points at the one that answered (or threw).
 */
export const routePattern = (c: Context): string => routePath(c)

/** One JSON line per API call: request id, method, route pattern (never the path or query), status, duration, client. */
export const accessLog =
  (trustProxy: TrustProxy, log: Logger): MiddlewareHandler =>
  async (c, next) => {
    if (!c.req.path.startsWith('/api/')) return next()
    const started = performance.now()
    await next()
    log.info(
      {
        reqId: c.get('requestId') as string | undefined,
        method: c.req.method,
        route: routePattern(c),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        client: clientAddress(c, trustProxy),
      },
      'request',
    )
  }
