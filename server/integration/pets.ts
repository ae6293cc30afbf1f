import { and, eq, sql } from 'drizzle-orm'
import type { PetSyncLine } from '../../contract/input/integration'
import { INTEGRATION_MSG } from '../../contract/integration'
import type { Db } from '../db/client'
import { appUsers, pets } from '../db/schema'
import { idsOf, upsertRecords, upsertStatement, type Outcome } from './upsert'

/** Pets by the platform's id, each with every field of the public pet page. */
const upsertPetsStatement = upsertStatement({
  table: 'pets',
  columns: [
    ['external_id', 'text'],
    ['owner_id', 'uuid'],
    ['name', 'text'],
    ['age', 'numeric'],
    ['species_name', 'text'],
    ['weight', 'numeric'],
    ['breed_name', 'text'],
    ['size', 'smallint'],
    ['gender', 'smallint'],
    ['micro_chip_id', 'text'],
    ['date_of_birth', 'date'],
    ['profile_type', 'text'],
    ['marking', 'text'],
    ['medical_history', 'text'],
    ['medications', 'jsonb'],
    ['vaccines', 'jsonb'],
    ['profile_photos', 'jsonb'],
    ['owner_since', 'date'],
  ],
})

const recordOf = (p: PetSyncLine, ownerId: string) => ({
  external_id: p.externalId,
  owner_id: ownerId,
  name: p.name,
  age: p.age,
  species_name: p.species,
  weight: p.weight,
  breed_name: p.breed,
  size: p.size,
  gender: p.gender,
  micro_chip_id: p.microChipId,
  date_of_birth: p.dateOfBirth,
  profile_type: p.profileType,
  marking: p.marking,
  medical_history: p.medicalHistory,
  medications: p.medications,
  // As the pet page reads them (schema PetVaccine).
  vaccines: p.vaccines.map((v) => ({
    date: v.date,
    vaccine: { name: v.name },
  })),
  profile_photos: p.profilePhotos.map((url) => ({ url })),
  owner_since: p.ownerSince,
})

/**
 * Upserts pets (their externalIds differ) in one statement, each under the user its
 * ownerExternalId names: a pet sent under another owner moves to them (the platform decides who
 * owns a pet). A pet whose owner the panel does not know is refused.
 */
export async function upsertPets(db: Db, batch: readonly PetSyncLine[]): Promise<Outcome[]> {
  const owners = await idsOf(db, 'app_users', [...new Set(batch.map((p) => p.ownerExternalId))])
  const known = batch.filter((p) => owners.has(p.ownerExternalId))
  const written = await upsertRecords(
    db,
    'pets',
    upsertPetsStatement,
    known.map((p) => recordOf(p, owners.get(p.ownerExternalId)!)),
  )
  const byExternalId = new Map(written.map((o) => [o.externalId, o]))
  return batch.map(
    (p) =>
      byExternalId.get(p.externalId) ?? {
        externalId: p.externalId,
        error: {
          message: INTEGRATION_MSG.unknownUser,
          fields: { ownerExternalId: INTEGRATION_MSG.unknownUser },
        },
      },
  )
}

/** Removes a user's pet by externalIds: whether there was one to remove (a repeated delete finds none). */
export async function removePet(db: Db, ownerExternalId: string, petExternalId: string): Promise<boolean> {
  const removed = await db
    .delete(pets)
    .where(
      and(
        eq(pets.externalId, petExternalId),
        eq(pets.ownerId, sql`(select ${appUsers.id} from ${appUsers} where ${appUsers.externalId} = ${ownerExternalId})`),
      ),
    )
    .returning({ id: pets.id })
  return removed.length > 0
}
