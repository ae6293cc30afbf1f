import { readdirSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { placeDetails } from '../../contract'
import { createApp } from '../../server/app'
import { systemClock } from '../../server/clock'
import { createLogger } from '../../server/log'
import { admins, appUsers, pets, places, sites } from '../../server/db/schema'
import { DEMO_PICTURE_FILES, demoPictureSource, storeDemoPictures } from '../../server/seed/demo-pictures'
import { seedDemo, seedRows, type SeedCounts } from '../../server/seed/seed'
import { isOurUpload } from '../../server/storage/image-edit'
import { s3Storage } from '../../server/storage/s3'
import type { Storage } from '../../server/storage/storage'
import { okBody } from './helpers/bodies'
import { demoPicturesOf } from './helpers/demo-pictures'
import { tokenOf } from './helpers/fixtures'
import { startLocalS3, type LocalS3 } from './helpers/s3-server'
import { testApp, type TestApp } from './helpers/test-app'

// The demo data works offline: every picture it names is one of the shipped demo pictures,
// stored through the upload storage and served from there, addressed as an upload is.

/** Every picture address the demo rows name. */
async function pictureUrlsOf(t: Pick<TestApp, 'db'>): Promise<string[]> {
  const urls = new Set<string>()
  const add = (url: string | null | undefined) => url && urls.add(url)
  for (const row of await t.db.select({ image: appUsers.profileImage }).from(appUsers)) add(row.image)
  for (const row of await t.db.select({ image: admins.profileImage }).from(admins)) add(row.image)
  for (const row of await t.db.select({ photos: pets.profilePhotos }).from(pets)) row.photos?.forEach((p) => add(p.url))
  for (const row of await t.db.select({ logo: places.logo, images: places.images }).from(places)) [row.logo, ...row.images].forEach(add)
  for (const row of await t.db.select({ images: sites.images }).from(sites)) row.images.forEach(add)
  return [...urls]
}

/** The hosts named by the http(s) addresses in `text`. */
const hostsIn = (text: string) => new Set([...text.matchAll(/https?:\/\/([^/"'\s\\<>]+)/g)].map((m) => m[1]!))

/** The hosts named by any address (http or https) in any row of any table. */
async function hostsInRows(t: Pick<TestApp, 'db'>): Promise<Set<string>> {
  const { rows } = (await t.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as { rows: { tablename: string }[] }
  const hosts = new Set<string>()
  for (const { tablename } of rows) {
    const result = (await t.db.execute(sql`select coalesce(json_agg(t), '[]')::text as rows from ${sql.identifier(tablename)} t`)) as unknown as {
      rows: { rows: string }[]
    }
    hostsIn(result.rows[0]!.rows).forEach((host) => hosts.add(host))
  }
  return hosts
}

/** The files stored on disk under `dir` (not the folder of uploads being received). */
const storedFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.parentPath.includes('.incoming'))

const IMAGE_TYPE = /^image\/(jpeg|png|webp)$/

/** Enough rows to show every picture (the rows are the same on every run), fewer than a full demo. */
const SOME_ROWS: SeedCounts = { users: 80, petShops: 6, hospitals: 6, partners: 2, feedback: 2, notifications: 2 }

describe('the demo pictures', () => {
  it('are stored through the upload storage and served by the app itself, by a path: no row names any host', async () => {
    const t = await testApp()
    expect(await seedDemo(t.db, t.clock.now(), demoPicturesOf(t), SOME_ROWS)).toBe(true)

    const urls = await pictureUrlsOf(t)
    // Every shipped picture is used, each stored once (a site picture of two kinds is one file).
    expect(urls.length).toBe(new Set(DEMO_PICTURE_FILES).size)
    expect(storedFiles(t.uploadsDir)).toHaveLength(urls.length)
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/(profile|place|site)\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(jpg|webp)$/)
      const res = await t.app.request(url)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('content-type')).toMatch(IMAGE_TYPE)
      const bytes = (await res.arrayBuffer()).byteLength
      expect(bytes).toBeGreaterThan(1000)
      expect(bytes).toBeLessThan(40 * 1024)
    }
    expect(await hostsInRows(t)).toEqual(new Set())
  })

  it('are what the API answers, naming no host', async () => {
    const t = await testApp()
    await seedDemo(t.db, t.clock.now(), demoPicturesOf(t), SOME_ROWS)
    const token = await tokenOf(t)
    const [pet] = await t.db.select({ id: pets.id, ownerId: pets.ownerId }).from(pets).limit(1)
    const [shop] = await t.db.select({ id: places.id }).from(places).where(eq(places.kind, 'petShop')).limit(1)
    const [hospital] = await t.db.select({ id: places.id }).from(places).where(eq(places.kind, 'hospital')).limit(1)
    const [site] = await t.db.select({ id: sites.id }).from(sites).limit(1)
    const answers = await Promise.all(
      [
        t.get(`/pet/petbyid?petId=${pet!.id}`),
        t.get('/admin/users?limit=100', { token }),
        t.get(`/admin/user/${pet!.ownerId}`, { token }),
        t.get(`/place/admin/pet-shop/${shop!.id}`, { token }),
        t.get(`/place/admin/hospital/${hospital!.id}`, { token }),
        t.get(`/admin/site/${site!.id}`, { token }),
      ].map(async (res) => {
        const answer = await res
        expect(answer.status).toBe(200)
        return answer.text()
      }),
    )
    for (const text of answers) expect(hostsIn(text)).toEqual(new Set())
  })

  it.each([
    ['the loopback address', 'http://127.0.0.1:3000'],
    ['a LAN address (a container opened from another machine)', 'http://192.168.1.20:8080'],
    ['a public name behind a proxy', 'https://admin.example.com'],
  ])('show when the panel is opened at %s, whatever address the first start knew', async (_, origin) => {
    // Seeded by a start that knew (or guessed) another address: PUBLIC_URL is no part of a stored picture.
    const seeding = await testApp({ config: { publicUrl: 'http://localhost:3000' } })
    await seedDemo(seeding.db, seeding.clock.now(), demoPicturesOf(seeding), SOME_ROWS)
    const t = seeding
    const token = await tokenOf(t)
    const [place] = await t.db.select({ id: places.id }).from(places).where(eq(places.kind, 'petShop')).limit(1)
    const opened = (path: string) => t.app.request(`${origin}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } })
    const users = (await (await opened('/admin/users?limit=100')).json()) as { data: { profileImage: string | null }[] }
    const shop = (await (await opened(`/place/admin/pet-shop/${place!.id}`)).json()) as { data: { logo: string | null; images: string[] } }
    const urls = [...users.data.map((u) => u.profileImage), shop.data.logo, ...shop.data.images].filter((u): u is string => !!u)
    expect(urls.length).toBeGreaterThan(26)
    for (const url of new Set(urls)) {
      // The page resolves the address against its own origin, which is this server.
      const resolved = new URL(url, `${origin}/users`)
      expect(resolved.origin, url).toBe(origin)
      const res = await t.app.request(resolved.href)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('content-type')).toMatch(IMAGE_TYPE)
    }
  })

  it('count as uploads of ours: an edit of a demo pet shop keeps its pictures and may take another demo picture', async () => {
    const t = await testApp()
    const pictures = await demoPicturesOf(t)()
    await seedDemo(t.db, t.clock.now(), async () => pictures, SOME_ROWS)
    const [shop] = await t.db.select().from(places).where(eq(places.kind, 'petShop')).limit(1)
    const added = pictures.places.petShop.find((url) => !shop!.images.includes(url)) ?? pictures.places.hospital[0]!
    const logo = pictures.places.hospital[1]!
    const res = await t.put(
      `/place/pet-shop/${shop!.id}`,
      {
        name: shop!.name,
        description: shop!.description,
        discount_title: shop!.discountTitle ?? '',
        discount_description: shop!.discountDescription ?? '',
        address: shop!.address,
        latitude: shop!.latitude,
        longitude: shop!.longitude,
        previousImages: shop!.images,
        images: [added],
        logo,
        version: shop!.version,
      },
      { token: await tokenOf(t) },
    )
    const { data } = await okBody(res, placeDetails)
    expect(data.images).toEqual([...shop!.images, added])
    expect(data.logo).toBe(logo)
    // A site takes only pictures of the site folder: the demo's site pictures are.
    for (const url of pictures.sites.park) expect(isOurUpload({ storage: t.storage, folder: 'site' }, url)).toBe(true)
    for (const url of pictures.people.all) expect(isOurUpload({ storage: t.storage, folder: 'profile' }, url)).toBe(true)
  })

  it('are stored once: a start that seeds nothing stores nothing, and the bulk seed reuses the stored files', async () => {
    const t = await testApp()
    const counts: SeedCounts = { users: 40, petShops: 5, hospitals: 5, partners: 0, feedback: 0, notifications: 0 }
    const first = await demoPicturesOf(t)()
    await t.db.transaction((tx) => seedRows(tx, t.clock.now(), counts, first))
    const files = storedFiles(t.uploadsDir).map((f) => f.name).sort()
    expect(files).toHaveLength(new Set(DEMO_PICTURE_FILES).size)

    // Another run (npm run seed) stores the same files under the same keys, and adds none.
    const again = await storeDemoPictures(t.storage)
    expect(again).toEqual(first)
    await t.db.transaction((tx) => seedRows(tx, t.clock.now(), counts, again))
    expect(storedFiles(t.uploadsDir).map((f) => f.name).sort()).toEqual(files)
    expect(await t.db.$count(appUsers)).toBe(80)

    // Once seeded, a restart asks for no pictures at all.
    const source = vi.fn(demoPictureSource(t.storage))
    expect(await seedDemo(t.db, t.clock.now(), source, counts)).toBe(true) // the CMS pages and cities were missing
    expect(source).toHaveBeenCalled()
    source.mockClear()
    expect(await seedDemo(t.db, t.clock.now(), source, counts)).toBe(false)
    expect(source).not.toHaveBeenCalled()
  })
})

describe('the demo pictures on S3 (a local S3-compatible server)', () => {
  let s3: LocalS3
  let storage: Storage

  beforeAll(async () => {
    s3 = await startLocalS3()
    storage = s3Storage({ bucket: s3.bucket, region: s3.region, endpoint: s3.endpoint, forcePathStyle: true, credentials: s3.credentials })
  })
  afterAll(async () => {
    await s3?.close()
  })

  it('are put in the bucket and named by their bucket URLs, which the storage owns and serves', async () => {
    const t = await testApp()
    const counts: SeedCounts = { users: 30, petShops: 5, hospitals: 5, partners: 0, feedback: 0, notifications: 0 }
    // Absolute: S3 files are read from the bucket, another host than the panel's.
    expect(await seedDemo(t.db, t.clock.now(), demoPictureSource(storage), counts)).toBe(true)
    const urls = await pictureUrlsOf(t)
    expect(urls.length).toBeGreaterThanOrEqual(15)
    const bucketUrl = `${s3.endpoint}/${s3.bucket}/`
    for (const url of urls) {
      expect(url.startsWith(bucketUrl), url).toBe(true)
      expect(storage.ownsUrl(url)).toBe(true)
      const res = await fetch(url)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('content-type')).toMatch(IMAGE_TYPE)
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000)
    }
    expect(await hostsInRows(t)).toEqual(new Set([new URL(bucketUrl).host]))

    // The app on that storage serves them at /uploads/<key> too (a private bucket read through the server).
    const app = createApp({ db: t.db, storage, mailer: t.mailer, clock: systemClock, log: createLogger('json', { write: () => {} }) })
    const key = urls[0]!.slice(bucketUrl.length)
    const res = await app.request(`/uploads/${key}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(IMAGE_TYPE)
  })
})
