import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'

export const REQUEST_ID_HEADER = 'X-Request-Id'

/**
 * A request id a client may choose (a UUID, or any short token of letters, digits, `-` and
 * `_`): it is written to logs, the audit log and error bodies, so nothing longer or stranger
 * is taken as is.
 */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/

/**
 * Sets the request's id (`c.get('requestId')`) and sends it back in X-Request-Id: the client's
 * own when it is a safe token, so a caller can follow its request through our logs, else a new
 * random UUID.
 */
export const requestId = (): MiddlewareHandler => async (c, next) => {
  const sent = c.req.header(REQUEST_ID_HEADER)
  const id = sent !== undefined && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID()
  c.set('requestId', id)
  c.header(REQUEST_ID_HEADER, id)
  await next()
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Set for every request by `requestId()`. */
    requestId: string
  }
}
