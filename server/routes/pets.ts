import { eq } from 'drizzle-orm'
import { Hono, type MiddlewareHandler } from 'hono'
import { PETS_MSG, petByIdQuery, type PetDetails } from '../../contract'
import type { Db } from '../db/client'
import { phoneOf } from '../db/queries/users'
import { appUsers, pets } from '../db/schema'
import { reserve, THROTTLE } from '../auth/throttle'
import type { Deps } from '../deps'
import { notFound } from '../api-error'
import { clientAddress } from '../http/client-address'
import type { AppEnv } from '../http/env'
import { TooManyRequests } from '../http/errors'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

const DAY_MS = 24 * 60 * 60 * 1000

/** Whole days from a YYYY-MM-DD date to today (UTC) by the clock: the page's "Pet Kept Duration". */
export function daysSince(day: string, now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Math.floor((today - Date.parse(`${day}T00:00:00Z`)) / DAY_MS)
}

export async function petDetails(db: Db, id: string, now: Date): Promise<PetDetails | undefined> {
  const [row] = await db
    .select({
      pet: pets,
      owner: {
        name: appUsers.name,
        email: appUsers.email,
        mobileNo: appUsers.mobileNo,
        countryCode: appUsers.countryCode,
      },
    })
    .from(pets)
    .innerJoin(appUsers, eq(appUsers.id, pets.ownerId))
    .where(eq(pets.id, id))
  if (!row) return undefined
  const { pet, owner } = row
  return {
    _id: pet.id,
    name: pet.name,
    age: pet.age,
    species: pet.speciesName ? { name: pet.speciesName } : null,
    weight: pet.weight,
    breed: pet.breedName ? { breedName: pet.breedName } : null,
    size: pet.size,
    gender: pet.gender,
    microChipId: pet.microChipId,
    dateOfBirth: pet.dateOfBirth,
    profileType: pet.profileType,
    marking: pet.marking,
    medicalHistory: pet.medicalHistory,
    medications: pet.medications,
    vaccines: pet.vaccines,
    profilePhotos: pet.profilePhotos,
    owner: {
      name: owner.name,
      mobileNo: phoneOf(owner),
      email: owner.email,
      days: pet.ownerSince ? daysSince(pet.ownerSince, now) : null,
    },
  }
}

/** Every answer of the pet call, refusals included: never stored by a cache, never indexed. */
const unlistedAnswers: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-store')
  c.header('X-Robots-Tag', 'noindex')
}

/**
 * At most THROTTLE.petPageAddress calls a minute per client address, counted in the database so
 * that every server process shares the count; every call counts, a missing pet or a bad id too
 * (that is what harvesting looks like), a refused one does not.
 */
const perAddressLimit =
  (deps: Deps): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const key = clientAddress(c, deps.config.trustProxy)
    const attempt = await reserve(deps, [{ rule: THROTTLE.petPageAddress, key }])
    if (!attempt.ok) throw new TooManyRequests(PETS_MSG.tooMany(attempt.retryAfterS), attempt.retryAfterS)
    await next()
  }

/**
 * The public pet page's one call: no token, since strangers open a shared link. Pet ids are
 * random UUIDs, so a pet cannot be found by guessing, and the per-address limit keeps the pages
 * from being harvested.
 */
export const petsRoutes = (deps: Deps) =>
  new Hono<AppEnv>().get('/pet/petbyid', unlistedAnswers, perAddressLimit(deps), validate('query', petByIdQuery), async (c) => {
    const pet = await petDetails(deps.db, c.req.valid('query').petId, deps.clock.now())
    if (!pet) throw notFound(PETS_MSG.notFound)
    return c.json(ok(PETS_MSG.fetched, pet))
  })
