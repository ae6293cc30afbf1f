import { IMAGES_MAX, UPLOAD_LINK_TTL_MS, UPLOAD_MSG, UPLOAD_RULES, uploadResult, type UploadRequest } from '../../contract'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { errorOf, okBody } from './helpers/bodies'
import { testApp, type TestApp } from './helpers/test-app'

const png = (folderType = 'place', fileName = 'dog.png') => ({ fileName, mimeType: 'image/png', folderType })

async function signedIn(email: string = TEST_ADMIN.email, password: string = TEST_ADMIN.password) {
  const t = await testApp()
  const { token } = await t.login(email, password)
  return { t, token }
}

const sign = (t: TestApp, token: string, files: unknown) => t.post('/common/upload', files as UploadRequest, { token })

const policyOf = (fields: Record<string, string>) =>
  JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] }

describe('POST /common/upload', () => {
  it('answers one signed form per file, in order, whose url plus key is the file URL', async () => {
    const { t, token } = await signedIn()
    const body = await okBody(
      await sign(t, token, [png('place'), { fileName: 'a.jpg', mimeType: 'image/jpeg', folderType: 'site' }, png('profile')]),
      uploadResult,
    )
    expect(body.message).toBe(UPLOAD_MSG.signed)
    expect(body.data).toHaveLength(3)
    const [place, site, profile] = body.data
    // Relative to the panel: the stored address names no host (docs/DECISIONS.md, Uploads).
    expect(place!.url).toBe('/uploads/')
    expect(place!.fields.key).toMatch(/^place\/2025\/03\/[0-9a-f-]{36}\.png$/)
    expect(site!.fields.key).toMatch(/^site\/2025\/03\/[0-9a-f-]{36}\.jpg$/)
    expect(profile!.fields.key).toMatch(/^profile\/2025\/03\/[0-9a-f-]{36}\.png$/)
    for (const item of body.data) {
      expect(Object.keys(item.fields)).toEqual(['key', 'Content-Type', 'Policy', 'Signature'])
      expect(item.fileUrl).toBe(item.url + item.fields.key)
    }
    expect(new Set(body.data.map((d) => d.fields.key)).size).toBe(3)
  })

  it('signs the exact key and type, the folder size limit and a near expiry into each policy', async () => {
    const { t, token } = await signedIn()
    const { data } = await okBody(await sign(t, token, [png('profile'), png('place'), png('site')]), uploadResult)
    const limits = [UPLOAD_RULES.profile.maxBytes, UPLOAD_RULES.place.maxBytes, UPLOAD_RULES.site.maxBytes]
    data.forEach(({ fields }, i) => {
      expect(policyOf(fields)).toEqual({
        expiration: new Date(t.clock.now().getTime() + UPLOAD_LINK_TTL_MS).toISOString(),
        conditions: [{ bucket: 'uploads' }, { key: fields.key }, { 'Content-Type': 'image/png' }, ['content-length-range', 1, limits[i]]],
      })
    })
  })

  it('never puts the client file name in the key', async () => {
    const { t, token } = await signedIn()
    const { data } = await okBody(await sign(t, token, [png('place', '../../etc/passwd.png')]), uploadResult)
    expect(data[0]!.fields.key).not.toContain('etc')
    expect(data[0]!.fields.key).not.toContain('..')
  })

  it('takes image/jpg as image/jpeg and a sub admin may sign too', async () => {
    const { t, token } = await signedIn(TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password)
    const { data } = await okBody(await sign(t, token, [{ fileName: 'me.JPG', mimeType: 'Image/JPG', folderType: 'profile' }]), uploadResult)
    expect(data[0]!.fields['Content-Type']).toBe('image/jpeg')
    expect(data[0]!.fields.key).toMatch(/\.jpg$/)
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    await errorOf(await t.post('/common/upload', [png()]), 401)
  })

  it('answers 400 for an unknown folder type', async () => {
    const { t, token } = await signedIn()
    const error = await errorOf(await sign(t, token, [png('avatars')]), 400)
    expect(error.message).toBe(UPLOAD_MSG.folderType)
    expect(error.error.fields).toEqual({ '0.folderType': UPLOAD_MSG.folderType })
  })

  it('answers 400 for a type that is not an accepted image', async () => {
    const { t, token } = await signedIn()
    const files = [png(), { fileName: 'x.svg', mimeType: 'image/svg+xml', folderType: 'place' }]
    const error = await errorOf(await sign(t, token, files), 400)
    expect(error.error.fields).toEqual({ '1.mimeType': UPLOAD_MSG.mimeType })
  })

  it("answers 400 for an image type the folder does not take, naming the folder's types", async () => {
    const { t, token } = await signedIn()
    const files = [
      { fileName: 'me.webp', mimeType: 'image/webp', folderType: 'profile' },
      { fileName: 'a.gif', mimeType: 'image/gif', folderType: 'site' },
    ]
    const error = await errorOf(await sign(t, token, files), 400)
    expect(error.error.fields).toEqual({
      '0.mimeType': 'Only JPG, JPEG or PNG images can be uploaded here',
      '1.mimeType': 'Only JPG, JPEG, PNG or WEBP images can be uploaded here',
    })
  })

  it('answers 400 for a missing file name or an unknown field', async () => {
    const { t, token } = await signedIn()
    const error = await errorOf(await sign(t, token, [{ ...png(), fileName: ' ', size: 3 }]), 400)
    expect(error.error.fields).toEqual({ '0.fileName': 'Enter the required field', '0.size': 'This field is not allowed' })
  })

  it('answers 400 for no files and for more than 20', async () => {
    const { t, token } = await signedIn()
    expect((await errorOf(await sign(t, token, []), 400)).message).toBe(UPLOAD_MSG.filesMin)
    const tooMany = Array.from({ length: IMAGES_MAX + 1 }, () => png())
    expect((await errorOf(await sign(t, token, tooMany), 400)).message).toBe('At max you can upload 20 images')
    await okBody(await sign(t, token, tooMany.slice(1)), uploadResult)
  })

  it('answers 400 for a body that is not an array, and 415 for one that is not JSON', async () => {
    const { t, token } = await signedIn()
    expect((await errorOf(await sign(t, token, png()), 400)).message).toBe(UPLOAD_MSG.notArray)
    const res = await t.app.request('/api/v1/common/upload', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/plain' },
      body: '[]',
    })
    await errorOf(res, 415)
  })
})

describe('POST /common/file/upload/request (the signing call by its other name)', () => {
  it('signs as /common/upload does, and refuses as it does', async () => {
    const { t, token } = await signedIn()
    const body = await okBody(await t.post('/common/file/upload/request', [png('site')], { token }), uploadResult)
    expect(body.message).toBe(UPLOAD_MSG.signed)
    expect(body.data[0]!.fields.key).toMatch(/^site\/2025\/03\/[0-9a-f-]{36}\.png$/)
    const error = await errorOf(await t.post('/common/file/upload/request', [png('avatars')], { token }), 400)
    expect(error.error.fields).toEqual({ '0.folderType': UPLOAD_MSG.folderType })
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    await errorOf(await t.post('/common/file/upload/request', [png()]), 401)
  })
})
