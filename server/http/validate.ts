import type { MiddlewareHandler } from 'hono'
import type { z } from 'zod'
import { ApiError, badRequest } from './api-error'
import type { AppContext, AppEnv } from './env'

type Target = 'json' | 'query' | 'param'

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i
const UNKNOWN_FIELD = 'This field is not allowed'

/** The raw input of a target, before the schema sees it. */
async function readTarget(c: AppContext, target: Target): Promise<unknown> {
  if (target === 'param') return c.req.param()
  if (target === 'query') {
    // A key given once is a string, repeated keys an array (as Hono's own validator does).
    const entries = Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v])
    return Object.fromEntries(entries)
  }
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim()
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json')
  }
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw badRequest('Request body is not valid JSON')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('Request body must be a JSON object')
  }
  return body
}

/** The first message per dotted field path, in the order the schema reported them. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  const add = (path: readonly PropertyKey[], message: string) => {
    const key = path.map(String).join('.')
    if (key !== '' && !(key in fields)) fields[key] = message
  }
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') issue.keys.forEach((k) => add([...issue.path, k], UNKNOWN_FIELD))
    else add(issue.path, issue.message)
  }
  return fields
}

/** A 400 carrying every field's first message; its message is the first of them. */
export function validationError(error: z.ZodError): ApiError {
  const fields = fieldMessages(error)
  const first = Object.values(fields)[0]
  return first === undefined ? badRequest('Invalid request') : badRequest(first, fields)
}

/**
 * Parses one part of the request with a contract schema; the route reads the result with
 * `c.req.valid(target)`. Bad input is a 400 with `error.fields`; a JSON endpoint called
 * with another content type is a 415; a body that is not JSON is a 400.
 */
export function validate<T extends Target, S extends z.ZodType>(
  target: T,
  schema: S,
): MiddlewareHandler<AppEnv, string, { in: { [K in T]: z.input<S> }; out: { [K in T]: z.output<S> } }> {
  return async (c, next) => {
    const result = await schema.safeParseAsync(await readTarget(c, target))
    if (!result.success) throw validationError(result.error)
    c.req.addValidatedData(target, result.data as object)
    await next()
  }
}
