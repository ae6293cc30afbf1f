import type { MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { JSON_MSG, validationFailure } from '../../contract'
import { ApiError, badRequest } from '../api-error'
import type { AppContext, AppEnv } from './env'

type Target = 'json' | 'query' | 'param'

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

/** Deeper JSON than any contract body (a few levels) is refused before it is parsed. */
export const JSON_MAX_DEPTH = 32

/**
 * One pass over JSON text, without parsing it: whether it nests deeper than `maxDepth`, and the
 * first object key given twice in one object. Iterative, so no input can exhaust the stack;
 * for malformed text the answer means nothing (JSON.parse then refuses the text anyway).
 */
export function scanJson(text: string, maxDepth: number): { tooDeep: boolean; duplicateKey?: string } {
  const open: (Set<string> | null)[] = [] // an object's keys so far; null for an array
  let expectKey = false
  let duplicateKey: string | undefined
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (ch === 0x22 /* " */) {
      let end = i + 1
      while (end < text.length && text.charCodeAt(end) !== 0x22) end += text.charCodeAt(end) === 0x5c /* \ */ ? 2 : 1
      const keys = open[open.length - 1]
      if (keys && expectKey && duplicateKey === undefined) {
        const raw = text.slice(i, end + 1)
        let key: string
        try {
          key = JSON.parse(raw) as string
        } catch {
          key = raw
        }
        if (keys.has(key)) duplicateKey = key
        else keys.add(key)
      }
      expectKey = false
      i = end
    } else if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      open.push(ch === 0x7b ? new Set() : null)
      if (open.length > maxDepth) return { tooDeep: true }
      expectKey = ch === 0x7b
    } else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) {
      open.pop()
      expectKey = false
    } else if (ch === 0x2c /* , */) {
      expectKey = open[open.length - 1] != null
    } else if (ch === 0x3a /* : */) {
      expectKey = false
    }
  }
  return { tooDeep: false, ...(duplicateKey !== undefined ? { duplicateKey } : {}) }
}

/**
 * Reads a JSON request body: 415 unless it is sent as JSON; 400 when it is not JSON, nests
 * deeper than JSON_MAX_DEPTH, or gives one key twice in an object (parsers disagree on which
 * one wins, so neither does). Its size was capped before (server/http/security.ts).
 */
export async function readJsonBody(c: AppContext): Promise<unknown> {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim()
  if (!JSON_MEDIA_TYPE.test(mediaType)) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', JSON_MSG.mediaType)
  let text: string
  try {
    text = await c.req.text()
  } catch {
    throw badRequest(JSON_MSG.malformed)
  }
  const scan = scanJson(text, JSON_MAX_DEPTH)
  if (scan.tooDeep) throw badRequest(JSON_MSG.tooDeep(JSON_MAX_DEPTH))
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw badRequest(JSON_MSG.malformed)
  }
  if (scan.duplicateKey !== undefined) throw badRequest(JSON_MSG.duplicateKey(scan.duplicateKey))
  return body
}

/**
 * The dotted path of the first string (value or key) holding a NUL character, if any.
 * PostgreSQL text cannot store one, so it must be a 400 here rather than a failed statement
 * later. Recursion is bounded: bodies nest at most JSON_MAX_DEPTH levels.
 */
export function nulPath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path.join('.') : undefined
  if (typeof value !== 'object' || value === null) return undefined
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0')) return [...path, key.replaceAll('\0', '')].join('.')
    const found = nulPath(item, [...path, key])
    if (found !== undefined) return found
  }
  return undefined
}

/** The raw input of a target, before the schema sees it. */
async function readTarget(c: AppContext, target: Target): Promise<unknown> {
  let input: unknown
  if (target === 'param') input = c.req.param()
  else if (target === 'query') {
    // A key given once is a string, repeated keys an array (as Hono's own validator does).
    const entries = Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v])
    input = Object.fromEntries(entries)
  } else {
    input = await readJsonBody(c)
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw badRequest(JSON_MSG.notObject)
  }
  const nul = nulPath(input)
  if (nul !== undefined) throw badRequest(JSON_MSG.nul, nul === '' ? undefined : { [nul]: JSON_MSG.nul })
  return input
}

/** A 400 carrying every field's first message (contract/validation.ts, validationFailure). */
export function validationError(error: z.core.$ZodError): ApiError {
  const { message, fields } = validationFailure(error)
  return badRequest(message, fields)
}

/** What a `validate` middleware checks; tests read it from the app's routes to reach every schema a client can send to. */
export interface ValidatedInput {
  target: Target
  schema: z.core.$ZodType
}

/** The property of a `validate` middleware that carries its ValidatedInput. */
export const VALIDATED_INPUT = 'validatedInput'

/**
 * Parses one part of the request with a contract schema; the route reads the result with
 * `c.req.valid(target)`. Bad input is a 400 with `error.fields`; a JSON endpoint called
 * with another content type is a 415; a body that is not JSON is a 400.
 */
export function validate<T extends Target, S extends z.core.$ZodType>(
  target: T,
  schema: S,
): MiddlewareHandler<AppEnv, string, { in: { [K in T]: z.input<S> }; out: { [K in T]: z.output<S> } }> {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const result = await z.safeParseAsync(schema, await readTarget(c, target))
    if (!result.success) throw validationError(result.error)
    c.req.addValidatedData(target, result.data as object)
    await next()
  }
  return Object.assign(middleware, { [VALIDATED_INPUT]: { target, schema } satisfies ValidatedInput })
}
