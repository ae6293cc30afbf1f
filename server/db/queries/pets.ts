import { and, eq, type SQL } from 'drizzle-orm'
import { USER_STATUS, type PetDetails } from '../../../contract'
import type { Db } from '../client'
import { appUsers, pets } from '../schema'
import { phoneOf } from './users'

const DAY_MS = 24 * 60 * 60 * 1000

/** Whole days from a YYYY-MM-DD date to today (UTC) by the clock: the page's "Pet Kept Duration". */
export function daysSince(day: string, now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Math.floor((today - Date.parse(`${day}T00:00:00Z`)) / DAY_MS)
}

/** Whose pet may be read: the public page's (only an active owner's pets), or one owner's (the panel opens a pet from its owner's details, blocked or not). */
export type PetOwnerRule = { activeOwner: true } | { ownerId: string }

/**
 * A pet with every field of the public page, its owner looked up, if its owner passes `rule`.
 * A blocked owner's pets are not public: the page answers as for a missing pet, so neither the
 * pet nor the owner's name, phone and email are shown to strangers.
 */
export async function petDetails(db: Db, id: string, now: Date, rule: PetOwnerRule): Promise<PetDetails | undefined> {
  const where: SQL | undefined =
    'ownerId' in rule ? and(eq(pets.id, id), eq(pets.ownerId, rule.ownerId)) : and(eq(pets.id, id), eq(appUsers.status, USER_STATUS.ACTIVE))
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
    .where(where)
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
