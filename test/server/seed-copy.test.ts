import { asc, getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { appUsers, cities, feedback, notificationRecipients, notifications, partners, pets, places } from '../../server/db/schema'
import { copyRows, insertJson } from '../../server/seed/bulk'
import { userWithPets } from '../../server/seed/demo-data'
import type { DemoPictures } from '../../server/seed/demo-pictures'
import { seedRows, type SeedCounts, type SeedReport } from '../../server/seed/seed'
import type { Db } from '../../server/db/client'
import { demoPicturesOf } from './helpers/demo-pictures'
import { testApp, type TestApp } from './helpers/test-app'

/**
 * Every row of the seeded tables, as the database gives them back, in a stable order; without
 * the ids an approval's draft place is given at random (and the requests' links to them).
 */
async function seededTables(db: Db) {
  const tables: [PgTable, string?][] = [[appUsers], [pets], [places, 'id'], [partners, 'place_id'], [feedback], [notifications], [notificationRecipients]]
  const dump: Record<string, unknown[]> = {}
  for (const [table, randomColumn] of tables) {
    const row = randomColumn ? sql`to_jsonb(t) - ${randomColumn}::text` : sql`to_jsonb(t)`
    const result = await db.execute(sql`select row from (select ${row} as row from ${table} t) rows order by row::text`)
    dump[getTableName(table)] = (result as unknown as { rows: unknown[] }).rows
  }
  return dump
}

const COUNTS: SeedCounts = { users: 120, petShops: 6, hospitals: 4, partners: 8, feedback: 30, notifications: 9 }

describe('the bulk seed with COPY', () => {
  it('writes exactly the rows its inserts write, in every seeded table', async () => {
    const inserted = await testApp()
    const pictures = await demoPicturesOf(inserted)()
    const now = inserted.clock.now()
    await inserted.db.transaction((tx) => seedRows(tx, now, COUNTS, pictures, { bulk: true }))
    const byInsert = await seededTables(inserted.db)

    const copied = await testApp() // the same database, back to the template's rows
    const report = await copied.loadingTransaction((tx, copy) => seedRows(tx, now, COUNTS, pictures, { bulk: true, copy }))
    expect(report).toMatchObject({ users: 120, feedback: 30, notifications: 9 })
    expect(report.pets).toBeGreaterThan(120)
    expect(report.recipients).toBeGreaterThan(0)
    const byCopy = await seededTables(copied.db)
    for (const [table, rows] of Object.entries(byInsert)) {
      expect(rows.length, table).toBeGreaterThan(0)
      expect(byCopy[table], table).toEqual(rows)
    }
  })

  it('skips a user whose username is taken, with their pets, as its inserts do', async () => {
    type Load = (counts: SeedCounts, now: Date, pictures: DemoPictures) => Promise<SeedReport>
    const seedAfterTakenName = async (t: TestApp, load: Load) => {
      const pictures = await demoPicturesOf(t)()
      const now = t.clock.now()
      // The seed numbers its users after the one already there: its 6th user's name, taken.
      const { user } = userWithPets(1 + 5, now, pictures)
      await t.db.insert(appUsers).values({
        id: '00000000-0000-4000-8000-000000000001',
        username: user.username,
        name: 'Taken',
        email: 'taken@example.com',
        createdAt: now,
      })
      const report = await load({ ...COUNTS, feedback: 0, notifications: 0 }, now, pictures)
      expect(report.users).toBe(COUNTS.users - 1)
      expect(report.pets).toBe(await t.db.$count(pets))
      expect(await t.db.$count(pets, sql`${pets.ownerId} = ${user.id}`)).toBe(0)
      return seededTables(t.db)
    }
    const inserted = await testApp()
    const byInsert = await seedAfterTakenName(inserted, (counts, now, pictures) =>
      inserted.db.transaction((tx) => seedRows(tx, now, counts, pictures, { bulk: true })),
    )
    const copied = await testApp()
    const byCopy = await seedAfterTakenName(copied, (counts, now, pictures) =>
      copied.loadingTransaction((tx, copy) => seedRows(tx, now, counts, pictures, { bulk: true, copy })),
    )
    expect(byCopy.app_users).toHaveLength(COUNTS.users)
    expect(byCopy).toEqual(byInsert)
  })

  it('leaves every index and constraint as it found them', async () => {
    const t = await testApp()
    const schema = async () =>
      (
        (await t.db.execute(sql`
          select indexname as name, indexdef as definition from pg_indexes where schemaname = current_schema()
          union all
          select conname, pg_get_constraintdef(oid) || case when convalidated then '' else ' NOT VALID' end
          from pg_constraint where connamespace = current_schema()::regnamespace
          order by 1, 2`)) as unknown as { rows: unknown[] }
      ).rows
    const before = await schema()
    expect(before).toContainEqual(expect.objectContaining({ name: 'app_users_search_trgm_idx' }))
    const pictures = await demoPicturesOf(t)()
    await t.loadingTransaction((tx, copy) => seedRows(tx, t.clock.now(), COUNTS, pictures, { bulk: true, copy }))
    expect(await schema()).toEqual(before)
  })

  it('stores the listed tables in creation order, as a platform’s rows arrive', async () => {
    const t = await testApp()
    const pictures = await demoPicturesOf(t)()
    await t.loadingTransaction((tx, copy) => seedRows(tx, t.clock.now(), COUNTS, pictures, { bulk: true, copy }))
    for (const table of [appUsers, places, partners, feedback, notifications]) {
      const ids = async (order: ReturnType<typeof sql>) =>
        ((await t.db.execute(sql`select id from ${table} order by ${order}`)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)
      const stored = await ids(sql`ctid`)
      expect(stored.length, getTableName(table)).toBeGreaterThan(5)
      expect(stored, getTableName(table)).toEqual(await ids(sql`created_at, id`))
    }
  })

  it('keeps any text as written: quotes, commas, line breaks, backslashes, an empty string and a lone \\.', async () => {
    const t = await testApp()
    const texts = ['O\'Brien, "Bob"', 'line one\nline two\r\n', 'back\\slash', '', '\\.', 'ünïcødé 🐾', 'NULL']
    const owner = { username: 'copy.owner', name: 'Copy Owner', email: 'copy.owner@example.com' }
    const petRows = (ownerId: string) =>
      texts.map((text, i) => ({
        ownerId,
        name: `pet ${i}`,
        marking: text,
        medicalHistory: i % 2 ? null : text,
        age: 0.6,
        weight: 12.25,
        dateOfBirth: '2020-02-29',
        vaccines: [{ name: text, date: '2021-01-01', nested: { quote: '"', list: [1, null] } }] as never,
        createdAt: new Date('2026-01-02T03:04:05.678Z'),
      }))

    const [byInsertOwner] = await t.db.insert(appUsers).values(owner).returning()
    await insertJson(t.db, pets, petRows(byInsertOwner!.id))
    const [byCopyOwner] = await t.db.insert(appUsers).values({ ...owner, username: 'copy.owner2', email: 'copy.owner2@example.com' }).returning()
    await t.loadingTransaction((_tx, copy) => copyRows(copy, pets, petRows(byCopyOwner!.id)))

    const readBack = (ownerId: string) =>
      t.db
        .select({ name: pets.name, marking: pets.marking, medicalHistory: pets.medicalHistory, age: pets.age, weight: pets.weight, dateOfBirth: pets.dateOfBirth, vaccines: pets.vaccines, createdAt: pets.createdAt })
        .from(pets)
        .where(sql`${pets.ownerId} = ${ownerId}`)
        .orderBy(asc(pets.name))
    const copiedRows = await readBack(byCopyOwner!.id)
    expect(copiedRows.map((p) => p.marking)).toEqual(texts)
    expect(copiedRows).toEqual(await readBack(byInsertOwner!.id))
  })

  it('rolls the whole transaction back when a COPY fails, with PostgreSQL’s error, and the database goes on', async () => {
    const t: TestApp = await testApp()
    const failing = t.loadingTransaction(async (tx, copy) => {
      await tx.insert(cities).values({ name: 'Copyville' })
      await copy('pets', ['owner_id', 'name'], '"not a uuid","Rex"\n')
    })
    await expect(failing).rejects.toMatchObject({ code: '22P02' }) // invalid text for a uuid
    expect(await t.db.$count(cities, sql`${cities.name} = 'Copyville'`)).toBe(0)
    // The connection it used is usable again (or replaced), on either driver.
    await t.loadingTransaction((tx) => tx.insert(cities).values({ name: 'Copyville' }))
    expect(await t.db.$count(cities, sql`${cities.name} = 'Copyville'`)).toBe(1)
  })
})
