import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { PETS_MSG, petByIdQuery } from '../../contract'
import { petDetails } from '../db/queries/pets'
import { reserve, THROTTLE } from '../auth/throttle'
import type { Deps } from '../deps'
import { notFound } from '../api-error'
import { clientAddressGroup } from '../http/client-address'
import type { AppEnv } from '../http/env'
import { TooManyRequests } from '../http/errors'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

/** Every answer of the pet call, refusals included: never stored by a cache, never indexed. */
const unlistedAnswers: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-store')
  c.header('X-Robots-Tag', 'noindex')
}

/** The request may go on, or must wait `retryAfterS` seconds. */
export type PetPageAllowance = (c: Context) => Promise<{ ok: true } | { ok: false; retryAfterS: number }>

/**
 * At most THROTTLE.petPageAddress requests a minute per client address, counted in the database
 * so that every server process shares the count; every request counts, a missing pet or a bad id
 * too (that is what harvesting looks like), a refused one does not. The pet call and the
 * server-rendered page (/pet-details/<id>, server/spa.ts, whose preview tags describe the pet)
 * share the one count: a visit spends two, the page and its call.
 */
export const petPageAllowance =
  (deps: Deps): PetPageAllowance =>
  async (c) => {
    const attempt = await reserve(deps, [{ rule: THROTTLE.petPageAddress, key: clientAddressGroup(c, deps.config.trustProxy) }])
    return attempt.ok ? { ok: true } : { ok: false, retryAfterS: attempt.retryAfterS }
  }

const perAddressLimit = (deps: Deps): MiddlewareHandler<AppEnv> => {
  const allowance = petPageAllowance(deps)
  return async (c, next) => {
    const attempt = await allowance(c)
    if (!attempt.ok) throw new TooManyRequests(PETS_MSG.tooMany(attempt.retryAfterS), attempt.retryAfterS)
    await next()
  }
}

/**
 * The public pet page's one call: no token, since strangers open a shared link. Pet ids are
 * random UUIDs, so a pet cannot be found by guessing, and the per-address limit keeps the pages
 * from being harvested. A blocked owner's pet answers as a missing one.
 */
export const petsRoutes = (deps: Deps) =>
  new Hono<AppEnv>().get('/pet/petbyid', unlistedAnswers, perAddressLimit(deps), validate('query', petByIdQuery), async (c) => {
    const pet = await petDetails(deps.db, c.req.valid('query').petId, deps.clock.now(), { activeOwner: true })
    if (!pet) throw notFound(PETS_MSG.notFound)
    return c.json(ok(PETS_MSG.fetched, pet))
  })
