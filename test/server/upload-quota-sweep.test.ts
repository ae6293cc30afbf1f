import { eq } from 'drizzle-orm'
import { placeDetails, uploadResult, type UploadRequest } from '../../contract'
import { signedUploads } from '../../server/db/schema'
import { TEST_ADMIN } from './helpers/accounts'
import { errorOf, okBody } from './helpers/bodies'
import { addCities, tokenOf, placeFields } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const HOUR = 60 * 60 * 1000
const png = (folderType = 'place') => ({ fileName: 'dog.png', mimeType: 'image/png', folderType })
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const sign = (t: TestApp, token: string, files: unknown[]) => t.post('/common/upload', files as UploadRequest, { token })

/** Signs one upload and stores its file, as a browser's post would; returns its key and URL. */
async function uploaded(t: TestApp, token: string, folderType = 'place') {
  const { data } = await okBody(await sign(t, token, [png(folderType)]), uploadResult)
  const { fields, fileUrl } = data[0]!
  await t.storage.put(fields.key!, PNG_BYTES, 'image/png')
  return { key: fields.key!, url: fileUrl }
}

const stored = async (t: TestApp, key: string) => (await t.storage.get(key)) !== undefined

describe('the daily upload quota per admin', () => {
  it('refuses a signing that would pass the file quota with 429, Retry-After and a clear message', async () => {
    const t = await testApp({ config: { uploadQuota: { files: 5, bytes: 1024 ** 3 } } })
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password) // lasts past the clock's moves
    await okBody(await sign(t, token, [png(), png(), png()]), uploadResult)
    t.clock.advance(2 * HOUR)
    const res = await sign(t, token, [png(), png(), png()])
    const body = await errorOf(res, 429)
    expect(body.error.code).toBe('TOO_MANY_REQUESTS')
    expect(body.message).toBe('Daily upload limit reached: up to 5 files or 1 GB per admin in 24 hours. Please try again in 22 hours.')
    expect(res.headers.get('Retry-After')).toBe(String(22 * 60 * 60))
    // Within the quota it still signs, and a refused request took none of it.
    await okBody(await sign(t, token, [png(), png()]), uploadResult)
    await errorOf(await sign(t, token, [png()]), 429)
  })

  it('counts bytes by the most each signed file may hold', async () => {
    // Site images may be 20 MB each: two fit in 50 MB, a third does not.
    const t = await testApp({ config: { uploadQuota: { files: 500, bytes: 50 * 1024 ** 2 } } })
    const token = await tokenOf(t)
    await okBody(await sign(t, token, [png('site'), png('site')]), uploadResult)
    const body = await errorOf(await sign(t, token, [png('site')]), 429)
    expect(body.message).toMatch(/^Daily upload limit reached: up to 500 files or 50 MB per admin in 24 hours\./)
  })

  it('is a rolling day, and each admin has a quota of their own', async () => {
    const t = await testApp({ config: { uploadQuota: { files: 2, bytes: 1024 ** 3 } } })
    const { token: admin } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password) // lasts past the clock's moves
    await okBody(await sign(t, admin, [png(), png()]), uploadResult)
    await errorOf(await sign(t, admin, [png()]), 429)
    await okBody(await sign(t, await tokenOf(t, 'subAdmin'), [png(), png()]), uploadResult)
    t.clock.advance(24 * HOUR)
    await okBody(await sign(t, admin, [png(), png()]), uploadResult)
  })

  it('holds under parallel requests: never more signed than the quota', async () => {
    const t = await testApp({ config: { uploadQuota: { files: 4, bytes: 1024 ** 3 } } })
    const token = await tokenOf(t)
    const answers = await Promise.all(Array.from({ length: 6 }, () => sign(t, token, [png()])))
    expect(answers.filter((res) => res.status === 200).length).toBeLessThanOrEqual(4)
    expect(answers.every((res) => res.status === 200 || res.status === 429)).toBe(true)
    expect((await t.db.select().from(signedUploads)).length).toBeLessThanOrEqual(4)
  })
})

describe('the sweep of unattached uploads', () => {
  const place = placeFields

  it('deletes, a day after signing, the files no record took up, and keeps those a save named', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const forgotten = await uploaded(t, token)
    const shopImage = await uploaded(t, token)
    const shopLogo = await uploaded(t, token)
    const picture = await uploaded(t, token, 'profile')
    const siteImage = await uploaded(t, token, 'site')
    await okBody(await t.post('/place/pet-shop', { ...place, images: [shopImage.url], logo: shopLogo.url }, { token }), placeDetails, 201)
    expect((await t.put('/admin/edit', { name: 'Test Admin', profileImage: picture.url }, { token })).status).toBe(200)
    const [city] = await addCities(t, [{ name: 'Perth' }])
    const siteBody = { name: 'Bondi', description: 'Dogs welcome', address: 'Bondi', latitude: -33.89, longitude: 151.27, cityId: city!.id, images: [siteImage.url] }
    expect((await t.post('/admin/site', siteBody, { token })).status).toBeLessThan(300)

    t.clock.advance(24 * HOUR - 60_000)
    expect((await t.app.maintenance.runOnce()).uploadsSwept).toBe(0) // not a day old yet
    t.clock.advance(2 * 60_000)
    expect((await t.app.maintenance.runOnce()).uploadsSwept).toBe(1)
    expect(await stored(t, forgotten.key)).toBe(false)
    for (const kept of [shopImage, shopLogo, picture, siteImage]) expect(await stored(t, kept.key), kept.key).toBe(true)
    expect(await t.db.select().from(signedUploads).where(eq(signedUploads.key, forgotten.key))).toHaveLength(0)
    // Nothing left to do on the next round.
    expect((await t.app.maintenance.runOnce()).uploadsSwept).toBe(0)
  })

  it('forgets a signed form that was never posted', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const { data } = await okBody(await sign(t, token, [png()]), uploadResult)
    t.clock.advance(24 * HOUR + 1)
    expect((await t.app.maintenance.runOnce()).uploadsSwept).toBe(1)
    expect(await stored(t, data[0]!.fields.key!)).toBe(false)
  })

  it('keeps the row of a file the storage failed to remove, for the next round', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const file = await uploaded(t, token)
    const remove = t.storage.remove
    t.storage.remove = () => Promise.reject(new Error('storage down'))
    t.clock.advance(24 * HOUR + 1)
    expect((await t.app.maintenance.runOnce()).uploadsSwept).toBe(0)
    t.storage.remove = remove
    expect((await t.app.maintenance.runOnce()).uploadsSwept).toBe(1)
    expect(await stored(t, file.key)).toBe(false)
  })
})
