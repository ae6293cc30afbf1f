import { asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  blockUnblockQuery,
  idParam,
  PETS_MSG,
  USER_STATUS,
  USERS_MSG,
  userListQuery,
  userPetParams,
  userStatusLabel,
  type UserDetails,
  type UserListItem,
  type UserListQuery,
  type UserPet,
  type UserStatus,
} from '../../contract'
import { exportSelectedBody } from '../../contract/input/bulk'
import type { Db } from '../db/client'
import { like, listBatches, listPage, pageRows, type ListSource } from '../db/list'
import { petDetails } from '../db/queries/pets'
import { phoneOf, toUserSummary, userSummaryColumns } from '../db/queries/users'
import { countKey } from '../db/row-counts'
import { appUsers, dateOrInfinity, lowerOf, pets } from '../db/schema'
import type { Deps } from '../deps'
import { notFound } from '../api-error'
import { auditNote, permit } from '../http/auth'
import { chosenRows, csvLines, csvResponse, type CsvValue } from '../http/csv'
import type { AppContext, AppEnv } from '../http/env'
import { listOk, ok } from '../http/respond'
import { validate } from '../http/validate'
import { emitUserEvents } from '../webhooks/events'

type UserSort = NonNullable<UserListQuery['sortBy']>

export const userListSource: ListSource<UserSort, UserStatus> = {
  table: appUsers,
  id: appUsers.id,
  createdAt: appUsers.createdAt,
  sortBy: {
    username: { expr: lowerOf(appUsers.username), type: 'text' },
    name: { expr: lowerOf(appUsers.name), type: 'text' },
    email: { expr: lowerOf(appUsers.email), type: 'text' },
    dob: { expr: dateOrInfinity(appUsers.dob), type: 'date' },
    createdAt: { expr: appUsers.createdAt, type: 'timestamptz' },
  },
  // The stored search text (schema.ts, appUsers.searchText), under its trigram index.
  search: (pattern) => like(appUsers.searchText, pattern),
  filter: (status) => eq(appUsers.status, status),
  counted: { filter: (status) => countKey(appUsers.status, status) },
}

/** A list row: the user summary with the birth date, the status and when they joined (contract/users.ts). */
const userColumns = { ...userSummaryColumns, dob: appUsers.dob, status: appUsers.status, createdAt: appUsers.createdAt }
type UserRow = Pick<typeof appUsers.$inferSelect, keyof typeof userColumns>

export const toUserListItem = (u: UserRow): UserListItem => ({ ...toUserSummary(u), dob: u.dob, status: u.status, createdAt: u.createdAt.toISOString() })

const userRows = pageRows(appUsers, userColumns)

/** The list's columns, then the status (the list shows it in Actions: a file has no Actions). */
export const USERS_CSV_HEADER = ['Username', 'Full Name', 'Email', 'DOB', 'Contact No.', 'Status'] as const
// Only what the file shows: a million rows of unused columns (a Date each) are garbage to collect.
const userCsvColumns = {
  id: appUsers.id,
  username: appUsers.username,
  name: appUsers.name,
  email: appUsers.email,
  dob: appUsers.dob,
  countryCode: appUsers.countryCode,
  mobileNo: appUsers.mobileNo,
  status: appUsers.status,
}
type UserCsvRow = Pick<UserRow, keyof typeof userCsvColumns>
const userCsvRows = pageRows(appUsers, userCsvColumns)
const userCsvLine = (u: UserCsvRow): CsvValue[] => [u.username, u.name, u.email, u.dob, phoneOf(u), userStatusLabel[u.status]]

async function userDetails(db: Db, id: string): Promise<UserDetails | undefined> {
  const [user] = await db
    .select({
      ...userColumns,
      countryAbbreviation: appUsers.countryAbbreviation,
      address: appUsers.address,
      profileCompleted: appUsers.profileCompleted,
    })
    .from(appUsers)
    .where(eq(appUsers.id, id))
  if (!user) return undefined
  const petRows = await db
    .select({
      id: pets.id,
      name: pets.name,
      speciesName: pets.speciesName,
      breedName: pets.breedName,
      profilePhotos: pets.profilePhotos,
    })
    .from(pets)
    .where(eq(pets.ownerId, id))
    .orderBy(asc(pets.createdAt), asc(pets.id))
  const userPets: UserPet[] = petRows.map((p) => ({
    _id: p.id,
    name: p.name,
    species: p.speciesName ? { name: p.speciesName } : null,
    breed: p.breedName ? { breedName: p.breedName } : null,
    profilePhoto: p.profilePhotos[0]?.url ?? null,
  }))
  return {
    ...toUserListItem(user),
    countryAbbreviation: user.countryAbbreviation,
    address: user.address,
    profileCompleted: user.profileCompleted,
    pets: userPets,
  }
}

/** Pet owners: list, CSV, details, a pet's full record, block and unblock (both roles). */
export const usersRoutes = (deps: Deps) => {
  const exportUsers = (c: AppContext, q: UserListQuery & { ids?: readonly string[] }) =>
    csvResponse(c, 'users', deps.clock.now(), USERS_CSV_HEADER, csvLines(listBatches(userListSource, q, userCsvRows(deps.db)), userCsvLine))
  return new Hono<AppEnv>()
    .get('/admin/users', permit('read'), validate('query', userListQuery), async (c) => {
      const q = c.req.valid('query')
      const page = await listPage(deps, userListSource, q, userRows(deps.db))
      return c.json(listOk(USERS_MSG.listed, { ...page, rows: page.rows.map(toUserListItem) }, q))
    })

    .get('/admin/users/export', permit('read', { action: 'user.export', query: true }), validate('query', userListQuery), (c) =>
      exportUsers(c, c.req.valid('query')),
    )
    .post(
      '/admin/users/export',
      permit('read', { action: 'user.export', query: true }),
      validate('query', userListQuery),
      validate('json', exportSelectedBody),
      (c) => exportUsers(c, { ...c.req.valid('query'), ids: chosenRows(c, c.req.valid('json')) }),
    )

    .get('/admin/user/:id', permit('read'), validate('param', idParam), async (c) => {
      const details = await userDetails(deps.db, c.req.valid('param').id)
      if (!details) throw notFound(USERS_MSG.notFound)
      return c.json(ok(USERS_MSG.fetched, details))
    })

    .get('/admin/user/:id/pet/:petId', permit('read'), validate('param', userPetParams), async (c) => {
      const { id, petId } = c.req.valid('param')
      const pet = await petDetails(deps.db, petId, deps.clock.now(), { ownerId: id })
      if (!pet) throw notFound(PETS_MSG.notFound)
      return c.json(ok(PETS_MSG.fetched, pet))
    })

    .patch(
      '/admin/user/block-unblock/:id',
      permit('user.block', { action: 'user.block', target: 'user' }),
      validate('param', idParam),
      validate('query', blockUnblockQuery),
      async (c) => {
        const { status } = c.req.valid('query')
        const updated = await deps.db.transaction(async (tx) => {
          const [row] = await tx.update(appUsers).set({ status }).where(eq(appUsers.id, c.req.valid('param').id)).returning(userColumns)
          if (!row) throw notFound(USERS_MSG.notFound)
          // With the change, in its transaction (the outbox: server/webhooks/emit.ts).
          await emitUserEvents(tx, status === USER_STATUS.BLOCKED ? 'user.blocked' : 'user.unblocked', [row.id], deps.clock.now())
          return row
        })
        auditNote(c, { action: status === USER_STATUS.BLOCKED ? 'user.block' : 'user.unblock', label: updated.username ?? updated.email })
        const message = status === USER_STATUS.BLOCKED ? USERS_MSG.blocked : USERS_MSG.unblocked
        return c.json(ok(message, toUserListItem(updated)))
      },
    )
}
