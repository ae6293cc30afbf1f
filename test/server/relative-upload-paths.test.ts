import { eq } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import * as schema from '../../server/db/schema'
import { makeUploadPathsRelative } from '../../server/storage/relative-upload-paths'
import { s3Storage } from '../../server/storage/s3'
import { testApp } from './helpers/test-app'

/**
 * The start-up step that makes stored upload addresses relative (server/storage/relative-upload-paths.ts),
 * on a database that holds rows written before it: with the disk storage, addresses it handed
 * out under whatever origin (the demo's guessed localhost, a LAN address, a public URL) become
 * `/uploads/<key>` and every other address stays as it was, once per database; with S3, nothing
 * changes, a bucket's own URLs that contain `/uploads/` included.
 */

const key = (folder: string, n: number) => `${folder}/2026/11/0b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a9${n}.jpg`
const credentials = { accessKeyId: 'test', secretAccessKey: 'test' }

const one = async <T>(rows: Promise<T[]>) => (await rows)[0]!
const stepRows = async (db: Db) => db.select().from(schema.startSteps)

describe('making stored upload addresses relative at start-up', () => {
  it('rewrites the stored upload addresses of every origin to /uploads/<key> with the disk storage, and leaves other addresses alone', async () => {
    const { db, storage } = await testApp()
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

    expect(await makeUploadPathsRelative(db, storage)).toBe(true)

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
  })

  it('runs once per database: a later start leaves the rows alone', async () => {
    const { db, storage } = await testApp()
    expect(await makeUploadPathsRelative(db, storage)).toBe(true)
    expect((await stepRows(db)).map((row) => row.name)).toEqual(['upload-paths-relative'])
    // Written after the step (no server writes this shape any more): a second start does not scan for it.
    const later = `http://localhost:3000/uploads/${key('profile', 5)}`
    const [admin] = await db.insert(schema.admins).values({ name: 'B', email: 'b@example.com', role: 1, profileImage: later }).returning()
    expect(await makeUploadPathsRelative(db, storage)).toBe(false)
    expect((await one(db.select().from(schema.admins).where(eq(schema.admins.id, admin!.id)))).profileImage).toBe(later)
  })

  it("with S3 configured, leaves a bucket's URLs alone, a MinIO bucket named uploads and a CDN under /uploads included, and marks nothing", async () => {
    const { db, storage: disk } = await testApp()
    const minio = s3Storage({ bucket: 'uploads', region: 'us-east-1', endpoint: 'http://minio:9000', forcePathStyle: true, credentials })
    const cdn = s3Storage({ bucket: 'petcare', region: 'eu-west-1', publicUrl: 'https://cdn.example.com/uploads', credentials })
    const minioUrl = minio.fileUrl(key('place', 6))
    const cdnUrl = cdn.fileUrl(key('site', 7))
    expect([minioUrl, cdnUrl]).toEqual([`http://minio:9000/uploads/${key('place', 6)}`, `https://cdn.example.com/uploads/${key('site', 7)}`])
    const place = { kind: 'petShop' as const, description: 'd', address: 'a', latitude: 1, longitude: 2 }
    const [shop] = await db.insert(schema.places).values({ ...place, name: 'Shop', logo: minioUrl, images: [minioUrl, cdnUrl] }).returning()

    for (const storage of [minio, cdn]) expect(await makeUploadPathsRelative(db, storage)).toBe(false)
    const after = await one(db.select().from(schema.places).where(eq(schema.places.id, shop!.id)))
    expect([after.logo, after.images]).toEqual([minioUrl, [minioUrl, cdnUrl]])
    expect(minio.ownsUrl(after.logo!)).toBe(true)
    // Nothing marked: a deployment that moves to the disk storage later has the step run then.
    expect(await stepRows(db)).toEqual([])
    expect(await makeUploadPathsRelative(db, disk)).toBe(true)
  })
})
