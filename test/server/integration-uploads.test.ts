import { eq } from 'drizzle-orm'
import {
  createdApiToken,
  INTEGRATION_BASE_PATH,
  petDetails,
  UPLOAD_LINK_TTL_MS,
  UPLOAD_MSG,
  UPLOAD_RULES,
  uploadResult,
  type ApiTokenScope,
  type SignedUpload,
} from '../../contract'
import { INTEGRATION_MSG, NDJSON_MEDIA_TYPE, integrationWrite, syncLineResult } from '../../contract/integration'
import { signedUploads } from '../../server/db/schema'
import { errorOf, okBody } from './helpers/bodies'
import { tokenOf } from './helpers/fixtures'
import { pngOf } from './helpers/pictures'
import { testApp, type TestApp } from './helpers/test-app'

/**
 * The integration API's signed uploads (POST /integration/uploads/pet-photos and
 * /profile-images): the same forms as the panel's, posted to the same endpoint, and the pets and
 * users that name them.
 */

async function apiToken(t: TestApp, scopes: ApiTokenScope[] = ['users:write', 'pets:write']) {
  const res = await t.post('/admin/api-tokens', { name: 'App backend', scopes }, { token: await tokenOf(t) })
  return (await okBody(res, createdApiToken, 201)).data.secret
}

const PET_PHOTOS = '/integration/uploads/pet-photos'
const PROFILE_IMAGES = '/integration/uploads/profile-images'

async function signOne(t: TestApp, token: string, path = PET_PHOTOS, mimeType = 'image/png'): Promise<SignedUpload> {
  const body = await okBody(await t.post(path, { files: [{ fileName: 'bruno.png', mimeType }] }, { token }), uploadResult)
  expect(body.message).toBe(UPLOAD_MSG.signed)
  return body.data[0]!
}

/** What the platform's backend does with a signed form: every field first, then the file as `file`, to `url`. */
function postFile(t: TestApp, signed: SignedUpload, file: Uint8Array, fields = signed.fields) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', new Blob([file as Uint8Array<ArrayBuffer>], { type: fields['Content-Type'] }), 'bruno.png')
  return t.app.request(signed.url, { method: 'POST', body: form })
}

const policyOf = (fields: Record<string, string>) =>
  JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] }

const user = { username: 'owner1', name: 'Owner One', email: 'owner1@example.com' }
const pet = (profilePhotos: string[]) => ({ name: 'Bruno', species: 'Dog', profilePhotos })
const putUser = (t: TestApp, token: string, body: Record<string, unknown> = user) => t.put('/integration/users/app-1', body as never, { token })
const putPet = (t: TestApp, token: string, body: unknown) => t.put('/integration/users/app-1/pets/pet-1', body as never, { token })

describe('POST /integration/uploads/pet-photos and /profile-images', () => {
  it('signs a form as the panel does: the profile folder, its type and size limit, the same expiry', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    for (const path of [PET_PHOTOS, PROFILE_IMAGES]) {
      const signed = await signOne(t, token, path)
      expect(signed.url).toBe('/uploads/')
      expect(signed.fields.key).toMatch(/^profile\/2025\/03\/[0-9a-f-]{36}\.png$/)
      expect(signed.fileUrl).toBe(signed.url + signed.fields.key)
      expect(Object.keys(signed.fields)).toEqual(['key', 'Content-Type', 'Policy', 'Signature'])
      expect(policyOf(signed.fields)).toEqual({
        expiration: new Date(t.clock.now().getTime() + UPLOAD_LINK_TTL_MS).toISOString(),
        conditions: [{ bucket: 'uploads' }, { key: signed.fields.key }, { 'Content-Type': 'image/png' }, ['content-length-range', 1, UPLOAD_RULES.profile.maxBytes]],
      })
    }
  })

  it('needs the scope of the record it feeds (403), and an API token, never a session (401)', async () => {
    const t = await testApp()
    const files = { files: [{ fileName: 'a.png', mimeType: 'image/png' }] }
    const usersOnly = await apiToken(t, ['users:write'])
    const petsOnly = await apiToken(t, ['pets:write'])
    expect((await errorOf(await t.post(PET_PHOTOS, files, { token: usersOnly }), 403)).message).toContain('pets:write')
    expect((await errorOf(await t.post(PROFILE_IMAGES, files, { token: petsOnly }), 403)).message).toContain('users:write')
    await okBody(await t.post(PET_PHOTOS, files, { token: petsOnly }), uploadResult)
    await okBody(await t.post(PROFILE_IMAGES, files, { token: usersOnly }), uploadResult)
    await errorOf(await t.post(PET_PHOTOS, files, { token: await tokenOf(t) }), 401)
    await errorOf(await t.post(PET_PHOTOS, files), 401)
    expect(await t.db.$count(signedUploads)).toBe(2)
  })

  it('refuses bad files with a message per field (400), as the panel refuses them, and signs nothing', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    const bad = await errorOf(
      await t.post(
        PET_PHOTOS,
        {
          files: [
            { fileName: 'me.webp', mimeType: 'image/webp' },
            { fileName: 'x.svg', mimeType: 'image/svg+xml' },
            { fileName: ' ', mimeType: 'image/png', folderType: 'place' },
          ],
          acl: 'public-read',
        } as never,
        { token },
      ),
      400,
    )
    expect(bad.error.fields).toEqual({
      'files.0.mimeType': UPLOAD_MSG.mimeTypeOf('profile'),
      'files.1.mimeType': UPLOAD_MSG.mimeType,
      'files.2.fileName': 'Enter the required field',
      'files.2.folderType': 'This field is not allowed',
      acl: 'This field is not allowed',
    })
    expect((await errorOf(await t.post(PET_PHOTOS, { files: [] }, { token }), 400)).error.fields).toEqual({ files: UPLOAD_MSG.filesMin })
    const tooMany = { files: Array.from({ length: 21 }, () => ({ fileName: 'a.png', mimeType: 'image/png' })) }
    expect((await errorOf(await t.post(PET_PHOTOS, tooMany, { token }), 400)).error.fields).toEqual({ files: UPLOAD_MSG.filesMax })
    expect((await errorOf(await t.post(PET_PHOTOS, {}, { token }), 400)).error.fields).toEqual({ files: 'Enter the required field' })
    expect(await t.db.$count(signedUploads)).toBe(0)
  })

  it("counts a token's signing against its own daily quota, not an admin's (429 past it)", async () => {
    const t = await testApp({ config: { uploadQuota: { files: 2, bytes: 1024 ** 3 } } })
    const token = await apiToken(t)
    await signOne(t, token)
    await signOne(t, token, PROFILE_IMAGES)
    const res = await t.post(PET_PHOTOS, { files: [{ fileName: 'a.png', mimeType: 'image/png' }] }, { token })
    expect(res.headers.get('Retry-After')).toBe(String(24 * 60 * 60))
    expect((await errorOf(res, 429)).message).toBe(UPLOAD_MSG.quota(2, 1024 ** 3, 24 * 60 * 60, 'API token'))
    // Another token, and the admins, have their own.
    await signOne(t, await apiToken(t))
    const admin = await t.post('/common/upload', [{ fileName: 'a.png', mimeType: 'image/png', folderType: 'place' }], { token: await tokenOf(t) })
    await okBody(admin, uploadResult)
  })
})

describe('a pet photo through the signed upload', () => {
  it('uploads a real PNG, names it in the pet, and the public pet page shows it', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    const signed = await signOne(t, token)
    const png = await pngOf(64, 48)
    const posted = await postFile(t, signed, png)
    expect(posted.status, await posted.clone().text()).toBe(204)

    await okBody(await putUser(t, token), integrationWrite)
    const photos = [signed.fileUrl, 'https://cdn.example.com/bruno.jpg']
    const written = await okBody(await putPet(t, token, pet(photos)), integrationWrite)
    expect(written.data.result).toBe('created')

    const page = await okBody(await t.get(`/pet/petbyid?petId=${written.data._id}`), petDetails)
    expect(page.data.profilePhotos).toEqual(photos.map((url) => ({ url })))
    const file = await t.app.request(page.data.profilePhotos[0]!.url)
    expect(file.status).toBe(200)
    expect(file.headers.get('Content-Type')).toBe('image/png')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png)

    // Signed by the token, and taken up by the pet: the sweep of unattached files keeps it.
    const [row] = await t.db.select().from(signedUploads).where(eq(signedUploads.key, signed.fields.key!))
    expect(row).toMatchObject({ adminId: null, attachedAt: expect.any(Date) })
    expect(row!.apiTokenId).toEqual(expect.any(String))
  })

  it("uploads a user's picture and names it in the user; the sweep keeps it", async () => {
    const t = await testApp()
    const token = await apiToken(t)
    const signed = await signOne(t, token, PROFILE_IMAGES, 'image/jpeg')
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1])
    expect((await postFile(t, signed, jpeg)).status).toBe(204)
    const unused = await signOne(t, token, PROFILE_IMAGES, 'image/jpeg')
    expect((await postFile(t, unused, jpeg)).status).toBe(204)
    await okBody(await putUser(t, token, { ...user, profileImage: signed.fileUrl }), integrationWrite)
    t.clock.advance(24 * 60 * 60 * 1000 + 1)
    expect((await t.app.maintenance.runOnce()).uploadsSwept).toBe(1)
    expect((await t.app.request(signed.fileUrl)).status).toBe(200)
    expect((await t.app.request(unused.fileUrl)).status).toBe(404)
  })

  it('refuses, as the panel refuses them, a file of another type and one over the limit', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    const signed = await signOne(t, token)
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>')
    expect((await errorOf(await postFile(t, signed, html), 400)).message).toBe(UPLOAD_MSG.notImage('image/png'))
    const tooLarge = new Uint8Array(UPLOAD_RULES.profile.maxBytes + 1)
    tooLarge.set(await pngOf(8, 8))
    expect((await errorOf(await postFile(t, signed, tooLarge), 413)).message).toBe(UPLOAD_MSG.tooLarge(UPLOAD_RULES.profile.maxBytes))
    // A JPEG sent on a PNG's form: the signed type is the one that counts.
    const fields = { ...signed.fields, 'Content-Type': 'image/jpeg' }
    expect((await errorOf(await postFile(t, signed, await pngOf(8, 8), fields), 403)).message).toBe(UPLOAD_MSG.conditionFailed('Content-Type'))
    expect((await t.app.request(signed.fileUrl)).status).toBe(404)
  })

  it('refuses an expired form and a forged signature (403)', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    const signed = await signOne(t, token)
    const forged = { ...signed.fields, Signature: Buffer.from('not the signature').toString('base64') }
    expect((await errorOf(await postFile(t, signed, await pngOf(8, 8), forged), 403)).message).toBe(UPLOAD_MSG.badSignature)
    const otherKey = { ...signed.fields, key: signed.fields.key!.replace(/[0-9a-f]{4}\.png$/, 'beef.png') }
    expect((await errorOf(await postFile(t, signed, await pngOf(8, 8), otherKey), 403)).message).toBe(UPLOAD_MSG.conditionFailed('key'))
    t.clock.advance(UPLOAD_LINK_TTL_MS)
    expect((await errorOf(await postFile(t, signed, await pngOf(8, 8)), 403)).message).toBe(UPLOAD_MSG.expired)
    expect((await t.app.request(signed.fileUrl)).status).toBe(404)
  })

  it('refuses an address of the panel that no integration upload made, on its field (400), in a PUT and a sync line', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    await putUser(t, token)
    const admin = await tokenOf(t)
    const placeSign = await t.post('/common/upload', [{ fileName: 'a.png', mimeType: 'image/png', folderType: 'place' }], { token: admin })
    const placeImage = (await okBody(placeSign, uploadResult)).data[0]!.fileUrl
    const photos = ['https://cdn.example.com/ok.jpg', placeImage, '/uploads/secret.png', '/uploads/profile/2025/03/not-a-key.png']
    const bad = await errorOf(await putPet(t, token, pet(photos)), 400)
    expect(bad.error.fields).toEqual({
      'profilePhotos.1': INTEGRATION_MSG.notOurUpload,
      'profilePhotos.2': INTEGRATION_MSG.notOurUpload,
      'profilePhotos.3': INTEGRATION_MSG.notOurUpload,
    })
    const picture = await errorOf(await putUser(t, token, { ...user, profileImage: placeImage }), 400)
    expect(picture.error.fields).toEqual({ profileImage: INTEGRATION_MSG.notOurUpload })

    const res = await t.app.request(`${INTEGRATION_BASE_PATH}/sync/pets`, {
      method: 'POST',
      headers: { 'Content-Type': NDJSON_MEDIA_TYPE, Authorization: `Bearer ${token}` },
      body: JSON.stringify({ externalId: 'pet-2', ownerExternalId: 'app-1', ...pet([placeImage]) }),
    })
    const [line] = (await res.text()).trimEnd().split('\n').map((l) => JSON.parse(l) as unknown)
    expect(syncLineResult.parse(line)).toMatchObject({ result: 'error', fields: { 'profilePhotos.0': INTEGRATION_MSG.notOurUpload } })
  })
})
