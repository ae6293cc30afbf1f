import { asc, eq, getTableName, inArray, lte, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { DELIVERY_STATUS, NOTIFICATIONS_MSG, PARTNER_STATUS, ROLE, USER_STATUS, type Role } from '../../contract'
import { normaliseEmail } from '../auth/admins'
import { hashPassword } from '../auth/passwords'
import { sanitizeRichText } from '../content/sanitize'
import { affectedRows, copyRows, insertJson, putInCreationOrder, stageRows, withIndexesRebuilt } from './bulk'
import type { CopyInto, Db } from '../db/client'
import { draftPlaceOf } from '../db/queries/partner-drafts'
import { DEMO_CITIES, demoCityAt, demoSitesOf } from './demo-cities'
import { DEMO_CMS_PAGES, DEMO_FAQS } from './demo-content'
import type { DemoPictures, DemoPictureSource } from './demo-pictures'
import {
  feedbackAt,
  notificationAt,
  partnerAt,
  placeAt,
  recipientsOf,
  userWithPets,
  type FeedbackRow,
  type NotificationRow,
  type PartnerRow,
  type PetRow,
  type PlaceRow,
  type UserRow,
} from './demo-data'
import {
  admins,
  appUsers,
  cities,
  cmsPages,
  faqs,
  feedback,
  notificationRecipients,
  notifications,
  partners,
  pets,
  places,
  rowCounts,
  sites,
} from '../db/schema'

export interface AdminAccount {
  email: string
  password: string
  name: string
  role: Role
}

/** Creates each account whose email is not taken yet; existing accounts are left as they are. */
export async function ensureAdmins(db: Db, accounts: AdminAccount[]): Promise<string[]> {
  const created: string[] = []
  for (const account of accounts) {
    const email = normaliseEmail(account.email)
    const [existing] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).limit(1)
    if (existing) continue
    const inserted = await db
      .insert(admins)
      .values({
        name: account.name,
        email,
        role: account.role,
        status: USER_STATUS.ACTIVE,
        passwordHash: await hashPassword(account.password),
      })
      .onConflictDoNothing()
      .returning({ id: admins.id })
    if (inserted.length > 0) created.push(email)
  }
  return created
}

export const adminAccounts = (admin: Omit<AdminAccount, 'role'>, subAdmin: Omit<AdminAccount, 'role'>) => [
  { ...admin, role: ROLE.ADMIN },
  { ...subAdmin, role: ROLE.SUB_ADMIN },
]

// ---------------------------------------------------------------------------------------------
// Demo data (rows from demo-data.ts), written in multi-row batches.

export interface SeedCounts {
  users: number
  petShops: number
  hospitals: number
  partners: number
  feedback: number
  notifications: number
}

/** What a fresh start shows. */
export const DEMO_COUNTS: SeedCounts = { users: 300, petShops: 25, hospitals: 15, partners: 20, feedback: 60, notifications: 15 }

/** What a seed run wrote (pets and recipients follow from users and notifications). */
export type SeedReport = SeedCounts & { pets: number; recipients: number }

/** Rows per INSERT statement (each batch is one JSON parameter, see bulk.ts) or COPY. */
const BATCH_ROWS = 2500

/** Writes rows that nothing can conflict with, a batch at a time: with COPY where there is one. */
async function writeBatches<T extends PgTable>(db: Db, copy: CopyInto | undefined, table: T, rows: readonly T['$inferInsert'][]) {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const batch = rows.slice(i, i + BATCH_ROWS)
    await (copy ? copyRows(copy, table, batch) : insertJson(db, table, batch))
  }
}

/** Users joined by then, for picking feedback authors and notification recipients. */
type Member = { id: string; createdAt: Date }

/** Whether the role may skip foreign-key checks (session_replication_role). */
async function isSuperuser(db: Db): Promise<boolean> {
  const { rows } = (await db.execute(sql`select rolsuper as "super" from pg_roles where rolname = current_user`)) as unknown as {
    rows: { super: boolean }[]
  }
  return rows[0]?.super === true
}

/** How many of `members` (in the order they joined) had joined by `at`: a binary search. */
function joinedBy(members: readonly Member[], at: Date): number {
  let low = 0
  let high = members.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (members[mid]!.createdAt <= at) low = mid + 1
    else high = mid
  }
  return low
}

export interface SeedOptions {
  /**
   * For big loads: drop and rebuild the big tables' secondary indexes around their load
   * (withIndexesRebuilt), and skip foreign-key checks when the role may (a superuser,
   * as the embedded database's user is; the generated rows reference rows they were generated
   * with). Dropping an index locks its table until the transaction ends: on PostgreSQL a server
   * using the database waits for the load to finish.
   */
  bulk?: boolean
  /**
   * COPY on the connection of `db` (Database.loadingTransaction): rows that cannot conflict go in
   * with it, several times cheaper for the database than an INSERT of the same rows.
   */
  copy?: CopyInto
  /** Hears about each table as it is done. */
  onProgress?: (what: string, rows: number) => void
}

/**
 * Adds `counts` rows of each kind after the ones already there (row numbers continue from the
 * current counts, so a second run adds new rows rather than repeating the first). Users come
 * with their pets; notifications with their recipients (every user who had joined by then, or a
 * selection of them). Every row's pictures are among `pictures`, stored once and shared. Run it
 * in a transaction: it is then all or nothing.
 */
export async function seedRows(db: Db, now: Date, counts: SeedCounts, pictures: DemoPictures, opts: SeedOptions = {}): Promise<SeedReport> {
  const progress = opts.onProgress ?? (() => {})
  const write = <T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]) => writeBatches(db, opts.copy, table, rows)
  const report: SeedReport = { ...counts, users: 0, pets: 0, recipients: 0 }

  // Users and pets, a batch of users at a time so that 100,000 users never sit in memory at once.
  // A username or email taken by a user made elsewhere skips that user: and so their pets.
  const makeUsers = async (writeBatch: (users: UserRow[], petRows: PetRow[]) => Promise<void>) => {
    const firstUser = await db.$count(appUsers)
    // The next batch is made while the database writes the last one (on PostgreSQL, another
    // process: the two overlap).
    let writing: Promise<void> | undefined
    for (let start = 0; start < counts.users; start += BATCH_ROWS) {
      const users: UserRow[] = []
      const petRows: PetRow[] = []
      for (let i = start; i < Math.min(counts.users, start + BATCH_ROWS); i++) {
        // Making a batch takes a while: it lets the write in flight go on to its next
        // statement meanwhile, which would otherwise wait for the whole batch.
        if (i % 250 === 0) await new Promise(setImmediate)
        const made = userWithPets(firstUser + i, now, pictures)
        users.push(made.user)
        petRows.push(...made.pets)
      }
      await writing
      writing = writeBatch(users, petRows)
    }
    await writing
  }
  const insertUsers = () =>
    makeUsers(async (users, petRows) => {
      const inserted = await insertJson(db, appUsers, users, { onConflictDoNothing: true })
      const owners =
        inserted === users.length
          ? undefined
          : new Set(
              (
                await db
                  .select({ id: appUsers.id })
                  .from(appUsers)
                  .where(inArray(appUsers.id, users.map((u) => u.id)))
              ).map((u) => u.id),
            )
      const ownedPets = owners ? petRows.filter((p) => owners.has(p.ownerId)) : petRows
      await write(pets, ownedPets)
      report.users += inserted
      report.pets += ownedPets.length
    })
  // Without foreign-key checks, pets go in as they are made and their owners all at the end.
  const stageUsers = async (copy: CopyInto) => {
    const staged = await stageRows(db, copy, appUsers)
    await makeUsers(async (users, petRows) => {
      await staged.add(users)
      await copyRows(copy, pets, petRows)
      report.pets += petRows.length
    })
    report.users = await staged.insert()
    if (report.users < counts.users) {
      const orphans = await db.execute(sql`delete from ${pets} using ${sql.identifier(staged.name)} as s
        where ${pets.ownerId} = s.id and not exists (select 1 from ${appUsers} where ${appUsers.id} = s.id)`)
      report.pets -= affectedRows(orphans)
    }
  }

  const checksOff = opts.bulk && (await isSuperuser(db))
  if (checksOff) await db.execute(sql`set local session_replication_role = replica`)
  const loadUsers = async () => {
    await (checksOff && opts.copy ? stageUsers(opts.copy) : insertUsers())
    progress('users', report.users)
    progress('pets', report.pets)
  }
  if (opts.bulk && counts.users > 0) {
    await withIndexesRebuilt(db, [appUsers, pets], async () => {
      await loadUsers()
      await putInCreationOrder(db, appUsers)
    })
    progress('users in creation order, indexes', report.users + report.pets)
  } else await loadUsers()

  // Approved requests come with their draft place, which counts among its kind's places.
  const [decider] = await db.select({ id: admins.id, email: admins.email }).from(admins).orderBy(asc(admins.createdAt)).limit(1)
  const firstPartner = await db.$count(partners)
  const partnerRows = Array.from({ length: counts.partners }, (_, i): PartnerRow => partnerAt(firstPartner + i, now, decider ?? null))
  const drafts = partnerRows.filter((p) => p.status === PARTNER_STATUS.APPROVED).map((p) => draftPlaceOf(p, p.decidedAt!))

  for (const kind of ['petShop', 'hospital'] as const) {
    const count = counts[kind === 'petShop' ? 'petShops' : 'hospitals']
    const regular = Math.max(0, count - drafts.filter((d) => d.kind === kind).length)
    const first = await db.$count(places, eq(places.kind, kind))
    await write(places, Array.from({ length: regular }, (_, i): PlaceRow => placeAt(kind, first + i, now, pictures)))
    progress(kind === 'petShop' ? 'pet shops' : 'hospitals', count)
  }

  // The requests first, then their drafts (which reference them), then the links back.
  await write(partners, partnerRows)
  await write(places, drafts)
  if (drafts.length > 0) {
    await db.execute(sql`update ${partners} set place_id = ${places.id} from ${places}
      where ${places.partnerId} = ${partners.id} and ${partners.placeId} is null`)
  }
  progress('partners', counts.partners)
  if (opts.bulk && counts.petShops + counts.hospitals + counts.partners > 0) {
    await putInCreationOrder(db, places)
    await putInCreationOrder(db, partners)
    progress('places and partners in creation order', counts.petShops + counts.hospitals + counts.partners)
  }

  // Feedback and notifications, which pick their authors and recipients among the users.
  const loadMessages = async () => {
    const members: Member[] = await db
      .select({ id: appUsers.id, createdAt: appUsers.createdAt })
      .from(appUsers)
      .orderBy(asc(appUsers.createdAt), asc(appUsers.id))

    const firstFeedback = await db.$count(feedback)
    for (let start = 0; start < counts.feedback; start += BATCH_ROWS) {
      const rows: FeedbackRow[] = []
      for (let i = start; i < Math.min(counts.feedback, start + BATCH_ROWS); i++) rows.push(feedbackAt(firstFeedback + i, now, members))
      await write(feedback, rows)
    }
    progress('feedback', counts.feedback)

    const firstNotification = await db.$count(notifications)
    // Sent in the past with no push service, as the demo runs: each recipient "Not sent", with the
    // reason (never a delivery nobody received), and not pending, so no start-up sweep takes them.
    const notSent = (notificationId: string, userId: string) =>
      ({ notificationId, userId, delivery: DELIVERY_STATUS.NOT_SENT, attempts: 0, error: NOTIFICATIONS_MSG.noPushService }) as const
    for (let start = 0; start < counts.notifications; start += BATCH_ROWS) {
      const rows: NotificationRow[] = []
      const chosen: ReturnType<typeof notSent>[] = []
      for (let i = start; i < Math.min(counts.notifications, start + BATCH_ROWS); i++) {
        const { recipients, ...row } = notificationAt(firstNotification + i, now)
        rows.push(row)
        if (row.sendTo === 'ALL_USERS') continue
        for (const m of recipientsOf(firstNotification + i, members, joinedBy(members, row.createdAt), recipients)) {
          chosen.push(notSent(row.id, m.id))
        }
      }
      await write(notifications, rows)
      await write(notificationRecipients, chosen)
      report.recipients += chosen.length
      for (const row of rows.filter((r) => r.sendTo === 'ALL_USERS')) {
        // Everyone who had joined when it was sent, copied inside the database.
        const result = await db.execute(sql`
          insert into ${notificationRecipients} (notification_id, user_id, delivery, attempts, error)
          select ${row.id}::uuid, ${appUsers.id}, ${DELIVERY_STATUS.NOT_SENT}::smallint, 0, ${NOTIFICATIONS_MSG.noPushService}
          from ${appUsers} where ${lte(appUsers.createdAt, row.createdAt)}`)
        report.recipients += affectedRows(result)
      }
    }
    progress('notifications', counts.notifications)
    progress('notification recipients', report.recipients)
  }

  if (counts.feedback > 0 || counts.notifications > 0) {
    if (opts.bulk) {
      await withIndexesRebuilt(db, [feedback, notifications, notificationRecipients], async () => {
        await loadMessages()
        await putInCreationOrder(db, feedback)
        await putInCreationOrder(db, notifications)
      })
      progress('messages in creation order, indexes', counts.feedback + counts.notifications + report.recipients)
    } else await loadMessages()
  }
  return report
}

/**
 * The demo's CMS pages (each type nobody has written yet) and, with the first pages, the FAQs
 * (when there are none). Returns whether it wrote anything. A database seeded before CMS existed
 * gets them too.
 */
export async function seedContent(db: Db, now: Date): Promise<boolean> {
  const pages = Object.entries(DEMO_CMS_PAGES).map(([type, html]) => ({
    type: Number(type) as keyof typeof DEMO_CMS_PAGES,
    content: sanitizeRichText(html),
    updatedAt: now,
  }))
  const written = await db.insert(cmsPages).values(pages).onConflictDoNothing().returning({ type: cmsPages.type })
  // Only with the first pages: FAQs an admin has deleted since must not come back on a restart.
  if (written.length < pages.length || (await db.$count(faqs)) > 0) return written.length > 0
  await db.insert(faqs).values(DEMO_FAQS.map((faq, i) => ({ ...faq, sortOrder: i, createdAt: now, updatedAt: now })))
  return true
}

/**
 * The demo's cities and their sites (demo-cities.ts, with `pictures`), in a database that has never held a city:
 * a fresh one, or one seeded before cities existed. Cities an admin has deleted since do not come
 * back on a restart: row_counts keeps a row for the cities table from the first city ever added
 * (its count goes down to 0, the row stays; migration 0007 counted none). Returns whether it
 * wrote anything.
 */
export async function seedCities(db: Db, now: Date, pictures: DemoPictureSource): Promise<boolean> {
  const [held] = await db
    .select({ n: rowCounts.n })
    .from(rowCounts)
    .where(eq(rowCounts.tableName, getTableName(cities)))
    .limit(1)
  if (held) return false
  let written = false
  const stored = await pictures()
  for (let i = 0; i < DEMO_CITIES.length; i++) {
    // A name taken meanwhile (a second server starting on the same database) skips that city.
    const [city] = await db.insert(cities).values(demoCityAt(i, now)).onConflictDoNothing().returning({ id: cities.id })
    if (!city) continue
    await db.insert(sites).values(demoSitesOf(i, now, stored).map((site) => ({ ...site, cityId: city.id })))
    written = true
  }
  return written
}

/**
 * Fills the demo tables once: the rows only while their tables are all empty, the CMS content
 * where it is missing (seedContent), the cities and sites in a database that never had a city
 * (seedCities). The pictures are stored (demo-pictures.ts) only when rows that show them are
 * written. Returns whether it seeded anything.
 */
export async function seedDemo(db: Db, now: Date, pictures: DemoPictureSource, counts: SeedCounts = DEMO_COUNTS): Promise<boolean> {
  const pages = await db.transaction((tx) => seedContent(tx, now))
  const citiesAdded = await db.transaction((tx) => seedCities(tx, now, pictures))
  const content = pages || citiesAdded
  const tables = [appUsers, places, partners, feedback, notifications]
  const filled = await Promise.all(tables.map((table) => db.$count(table)))
  if (filled.some((n) => n > 0)) return content
  const stored = await pictures()
  await db.transaction((tx) => seedRows(tx, now, counts, stored))
  return true
}
