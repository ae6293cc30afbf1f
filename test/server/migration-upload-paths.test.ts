import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import * as schema from '../../server/db/schema'

/**
 * Migration 0019 on a database that holds rows written before it: upload addresses the built-in
 * storage handed out under whatever origin (the demo's guessed localhost, a LAN address, a public
 * URL) become `/uploads/<key>`; every other address stays as it was.
 */

const MIGRATIONS = join(import.meta.dirname, '../../server/db/migrations')
const TAG = '0019_upload_paths_relative'

/** The migrations folder as it was before `tag`: its files and a journal without it and what follows. */
function migrationsBefore(tag: string) {
  const dir = mkdtempSync(join(tmpdir(), 'petcare-migrations-'))
  cpSync(MIGRATIONS, dir, { recursive: true })
  const journalPath = join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] }
  const cut = journal.entries.findIndex((e) => e.tag === tag)
  expect(cut).toBeGreaterThan(0)
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }))
  return dir
}

const key = (folder: string, n: number) => `${folder}/2026/11/0b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a9${n}.jpg`

describe(`migration ${TAG}`, { timeout: 120_000 }, () => {
  let before: string
  let client: PGlite
  afterAll(async () => {
    await client?.close()
    if (before) rmSync(before, { recursive: true, force: true })
  })

  it('rewrites the stored upload addresses of every origin to /uploads/<key>, and leaves other addresses alone', async () => {
    before = migrationsBefore(TAG)
    client = await PGlite.create({ extensions: { pg_trgm } })
    const db = drizzle({ client, schema })
    await migrate(db, { migrationsFolder: before })

    const demo = `http://localhost:3000/uploads/${key('profile', 1)}`
    const lan = `http://192.168.1.20:8080/uploads/${key('place', 2)}`
    const publicUrl = `https://admin.example.com/uploads/${key('site', 3)}`
    const bucket = `https://petcare.s3.eu-west-1.amazonaws.com/${key('place', 4)}`
    const foreign = 'https://img.example/photos/rex.jpg'
    const notAKey = 'http://localhost:3000/uploads/profile/not-a-key.jpg'

    const [admin] = await db.insert(schema.admins).values({ name: 'A', email: 'a@example.com', role: 1, profileImage: demo }).returning()
    const [user] = await db.insert(schema.appUsers).values({ username: 'u', name: 'U', email: 'u@example.com', profileImage: lan }).returning()
    const [other] = await db.insert(schema.appUsers).values({ username: 'v', name: 'V', email: 'v@example.com', profileImage: foreign }).returning()
    const [pet] = await db
      .insert(schema.pets)
      .values({ ownerId: user!.id, name: 'Rex', profilePhotos: [{ url: demo }, { url: foreign }, { url: notAKey }] })
      .returning()
    const place = { kind: 'petShop' as const, description: 'd', address: 'a', latitude: 1, longitude: 2 }
    const [shop] = await db.insert(schema.places).values({ ...place, name: 'Shop', logo: publicUrl, images: [lan, bucket, demo] }).returning()
    const [bare] = await db.insert(schema.places).values({ ...place, name: 'Bare', logo: null, images: [] }).returning()
    const [city] = await db.insert(schema.cities).values({ name: 'Pune' }).returning()
    const [site] = await db
      .insert(schema.sites)
      .values({ cityId: city!.id, name: 'Park', description: 'd', address: 'a', latitude: 1, longitude: 2, images: [publicUrl, foreign] })
      .returning()

    await migrate(db, { migrationsFolder: MIGRATIONS })

    const one = async <T>(rows: Promise<T[]>) => (await rows)[0]!
    expect((await one(db.select().from(schema.admins).where(eq(schema.admins.id, admin!.id)))).profileImage).toBe(`/uploads/${key('profile', 1)}`)
    expect((await one(db.select().from(schema.appUsers).where(eq(schema.appUsers.id, user!.id)))).profileImage).toBe(`/uploads/${key('place', 2)}`)
    expect((await one(db.select().from(schema.appUsers).where(eq(schema.appUsers.id, other!.id)))).profileImage).toBe(foreign)
    expect((await one(db.select().from(schema.pets).where(eq(schema.pets.id, pet!.id)))).profilePhotos).toEqual([
      { url: `/uploads/${key('profile', 1)}` },
      { url: foreign },
      { url: notAKey },
    ])
    const shopAfter = await one(db.select().from(schema.places).where(eq(schema.places.id, shop!.id)))
    expect(shopAfter.logo).toBe(`/uploads/${key('site', 3)}`)
    expect(shopAfter.images).toEqual([`/uploads/${key('place', 2)}`, bucket, `/uploads/${key('profile', 1)}`])
    const bareAfter = await one(db.select().from(schema.places).where(eq(schema.places.id, bare!.id)))
    expect([bareAfter.logo, bareAfter.images]).toEqual([null, []])
    expect((await one(db.select().from(schema.sites).where(eq(schema.sites.id, site!.id)))).images).toEqual([`/uploads/${key('site', 3)}`, foreign])
    // Its helper functions are gone again.
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_proc where proname in ('upload_path_of', 'upload_paths_in')`)
    expect(rows[0]!.n).toBe(0)
  })
})
