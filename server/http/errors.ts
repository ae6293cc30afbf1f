import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { API_MSG, ERROR_STATUS, type ErrorCode } from '../../contract'
import { logError, logInfo } from '../log'
import { ApiError } from '../api-error'
import type { AppEnv } from './env'
import { errorBodyOf } from './respond'

const codeOfStatus = (status: number): ErrorCode | undefined =>
  (Object.keys(ERROR_STATUS) as ErrorCode[]).find((code) => ERROR_STATUS[code] === status)

const requestIdOf = (c: Context) => c.get('requestId') as string | undefined

/** A 429: the caller may try again in `retryAfterS` seconds (sent as Retry-After). */
export class TooManyRequests extends ApiError {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(429, 'TOO_MANY_REQUESTS', message)
  }
}

/** The one error handler: every failure leaves as the contract's error body. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  const requestId = requestIdOf(c)
  if (err instanceof ApiError) {
    if (err instanceof TooManyRequests) c.header('Retry-After', String(err.retryAfterS))
    return c.json(errorBodyOf(err.code, err.message, requestId, err.fields), err.status)
  }
  // Hono's own middleware (e.g. a body read that fails) throws these with a fitting status.
  if (err instanceof HTTPException) {
    const code = codeOfStatus(err.status)
    if (code && code !== 'INTERNAL') {
      return c.json(errorBodyOf(code, err.message || API_MSG.invalidRequest, requestId), ERROR_STATUS[code])
    }
  }
  // The client went away mid-request (a closed tab, an upload cut by the request timeout): nothing
  // broke and nobody reads the answer, so it is one plain line, not an error with its stack.
  if (c.req.raw.signal.aborted) {
    logInfo(`${c.req.method} ${c.req.path} (request ${requestId ?? '-'}): the client went away before the request was read`)
    return c.json(errorBodyOf('BAD_REQUEST', API_MSG.cutOff, requestId), 400)
  }
  // Anything else is a bug or an outage: log it, and tell the caller only the request id.
  logError(`${c.req.method} ${c.req.path} (request ${requestId ?? '-'})`, err)
  return c.json(errorBodyOf('INTERNAL', API_MSG.internal, requestId), 500)
}

/** Unknown routes under /api answer the contract's 404 body. */
export const apiNotFound: NotFoundHandler<AppEnv> = (c) =>
  c.json(errorBodyOf('NOT_FOUND', API_MSG.noRoute(c.req.method, c.req.path), requestIdOf(c)), 404)
