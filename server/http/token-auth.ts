import type { MiddlewareHandler } from 'hono'
import { API_TOKEN_PATTERN, API_TOKENS_MSG, type ApiTokenScope } from '../../contract'
import { forbidden, unauthorized } from '../api-error'
import { markFirstUse, touchApiToken } from '../auth/api-tokens'
import { recordAudit } from './audit'
import { bearerToken } from './auth'
import type { AppEnv } from './env'
import { TooManyRequests } from './errors'

// As sessions: writing last_used_at on every call would turn each read into a write.
const TOUCH_EVERY_MS = 60_000

// Which scope each `permitToken` middleware checks: the route sweep test and the OpenAPI document read it back.
const declared = new WeakMap<object, ApiTokenScope>()

/** The scope a route handler (as listed in Hono's `app.routes`) checks, if it is a `permitToken`. */
export const scopeOf = (handler: unknown): ApiTokenScope | undefined =>
  typeof handler === 'function' ? declared.get(handler) : undefined

/**
 * The one access check of the integration API (contract/api-tokens.ts), first on each of its
 * routes as `permit` is on the admin API's: 401 without an API token, with anything that is not
 * one (a session's token above all: refused by its shape, before any hashing or lookup), or with
 * an unknown, expired or revoked one; 429 with Retry-After beyond the token's rate; 403 when the
 * token lacks `scope` (`read` for GET calls). The first use of a token is audited. Read the
 * token with `c.get('apiToken')`.
 */
export function permitToken(scope: ApiTokenScope): MiddlewareHandler<AppEnv> {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const bearer = bearerToken(c)
    if (!bearer) throw unauthorized(API_TOKENS_MSG.tokenMissing)
    if (!API_TOKEN_PATTERN.test(bearer)) throw unauthorized(API_TOKENS_MSG.tokenMalformed)
    const { db, clock, apiTokens, apiTokenRate } = c.get('deps')
    const now = clock.now()
    // Through a short in-process cache: see server/auth/revocable-cache.ts for how stale it may be.
    const token = await apiTokens.lookUp(bearer, now)
    if (!token) throw unauthorized(API_TOKENS_MSG.tokenInvalid)
    const waitS = apiTokenRate.take(token.id, now)
    if (waitS > 0) throw new TooManyRequests(API_TOKENS_MSG.tooMany(waitS), waitS)

    if (!token.firstUsedAt) {
      // The kept token too, so that this process asks once; of all processes, one request wins.
      token.firstUsedAt = token.lastUsedAt = now
      if (await markFirstUse(db, token.id, now)) {
        await recordAudit(c, { action: 'apiToken.first_use', target: { type: 'apiToken', id: token.id, label: token.name } })
      }
    } else if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      token.lastUsedAt = now
      await touchApiToken(db, token.id, now)
    }
    const { id, name, scopes, expiresAt } = token
    c.set('apiToken', { id, name, scopes, expiresAt })
    if (!scopes.includes(scope)) throw forbidden(API_TOKENS_MSG.scopeMissing(scope))
    await next()
  }
  declared.set(middleware, scope)
  return middleware
}
