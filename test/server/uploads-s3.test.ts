import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { UPLOAD_MSG, UPLOAD_RULES, uploadResult, type SignedUpload } from '../../contract'
import { createApp, type App } from '../../server/app'
import { systemClock } from '../../server/clock'
import { createLogger } from '../../server/log'
import { removeUpload, resizedKey } from '../../server/storage/resized'
import { s3Storage } from '../../server/storage/s3'
import type { Storage } from '../../server/storage/storage'
import { TEST_ADMIN } from './helpers/accounts'
import { errorOf, okBody } from './helpers/bodies'
import { startLocalS3, type LocalS3 } from './helpers/s3-server'
import { testApp } from './helpers/test-app'

// The S3 driver end to end: the app signs through POST /common/upload, the file is posted to a
// real S3-compatible server on loopback (s3rver, behind a front that checks POST policies as S3
// does: see helpers/s3-server.ts), and read back from the URL the app handed out.

/** A PNG's signature followed by random bytes: S3 does not look inside. */
const pngOf = (size: number) => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(size - 8)])

/** The browser's post: the signed fields first, in their order, then the file. */
function post(signed: SignedUpload, file: Uint8Array, type: string, fields: Record<string, string> = signed.fields) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', new Blob([file], { type }), 'picture')
  return fetch(signed.url, { method: 'POST', body: form })
}

describe('S3 uploads against a local S3-compatible server', () => {
  let s3: LocalS3
  let storage: Storage
  let app: App
  let token: string

  const call = (path: string, body: unknown, bearer?: string) =>
    app.request(`/api/v1${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    s3 = await startLocalS3()
    const t = await testApp()
    storage = s3Storage({ bucket: s3.bucket, region: s3.region, endpoint: s3.endpoint, forcePathStyle: true, credentials: s3.credentials })
    // The system clock: S3 dates a policy's expiry by its own clock, as the SDK signs it by this one.
    app = createApp({ db: t.db, storage, mailer: t.mailer, clock: systemClock, log: createLogger('json', { write: () => {} }) })
    const login = await call('/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password })
    token = ((await login.json()) as { data: { token: string } }).data.token
  })
  afterAll(async () => {
    await s3?.close()
  })

  const signProfileUpload = async (mimeType = 'image/png') => ({
    res: await call('/common/upload', [{ fileName: 'me.png', mimeType, folderType: 'profile' }], token),
  })

  it('stores a signed upload under its key and gives the same bytes back at its file URL', async () => {
    const { res } = await signProfileUpload()
    const [signed] = (await okBody(res, uploadResult)).data
    expect(signed!.url).toBe(`${s3.endpoint}/${s3.bucket}/`)
    expect(storage.ownsUrl(signed!.fileUrl)).toBe(true)

    const file = pngOf(200_000)
    const posted = await post(signed!, file, 'image/png')
    expect(posted.status, await posted.clone().text()).toBe(204)

    const read = await fetch(signed!.fileUrl)
    expect(read.status).toBe(200)
    expect(read.headers.get('content-type')).toBe('image/png')
    expect(read.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await read.arrayBuffer()).equals(file)).toBe(true)
    // The driver reads it back as well (the /uploads route and the readiness check use it).
    const stored = await storage.get(signed!.fields.key!)
    expect(stored?.size).toBe(file.length)
  })

  it('serves a stored file at /uploads/<key> with its length, also when the store answers in chunks', async () => {
    const [signed] = (await okBody((await signProfileUpload()).res, uploadResult)).data
    const file = pngOf(50_000)
    expect((await post(signed!, file, 'image/png')).status).toBe(204)
    for (const chunked of [false, true]) {
      s3.chunkedReads = chunked
      try {
        const res = await app.request(`/uploads/${signed!.fields.key}`)
        expect(res.status).toBe(200)
        expect(res.headers.get('content-length')).toBe(String(file.length))
        expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true)
      } finally {
        s3.chunkedReads = false
      }
    }
  })

  it('refuses a file over the folder limit, and stores nothing', async () => {
    const { res } = await signProfileUpload()
    const [signed] = (await okBody(res, uploadResult)).data
    const posted = await post(signed!, pngOf(UPLOAD_RULES.profile.maxBytes + 1), 'image/png')
    expect(posted.status).toBe(400)
    expect(await posted.text()).toContain('EntityTooLarge')
    expect((await fetch(signed!.fileUrl)).status).toBe(404)
    // Exactly at the limit is fine.
    expect((await post(signed!, pngOf(UPLOAD_RULES.profile.maxBytes), 'image/png')).status).toBe(204)
  })

  it('refuses a form whose type was changed after signing, and stores nothing', async () => {
    const { res } = await signProfileUpload()
    const [signed] = (await okBody(res, uploadResult)).data
    const posted = await post(signed!, pngOf(1_000), 'image/svg+xml', { ...signed!.fields, 'Content-Type': 'image/svg+xml' })
    expect(posted.status).toBe(403)
    expect(s3.refusals.at(-1)).toBe('content-type is not image/png')
    expect((await fetch(signed!.fileUrl)).status).toBe(404)
  })

  it('refuses a form sent to another key than the signed one', async () => {
    const { res } = await signProfileUpload()
    const [signed] = (await okBody(res, uploadResult)).data
    const otherKey = signed!.fields.key!.replace(/[0-9a-f-]{36}/, '00000000-0000-4000-8000-000000000000')
    const posted = await post(signed!, pngOf(1_000), 'image/png', { ...signed!.fields, key: otherKey })
    expect(posted.status).toBe(403)
    expect(s3.refusals.at(-1)).toBe(`key is not ${signed!.fields.key}`)
  })

  it('does not sign a type the folder does not take', async () => {
    const { res } = await signProfileUpload('image/gif')
    const error = await errorOf(res, 400)
    expect(error.error.fields).toEqual({ '0.mimeType': UPLOAD_MSG.mimeTypeOf('profile') })
  })

  it("makes an upload's resized copy from the bucket and keeps it there, and removes it with the upload", async () => {
    const key = 'profile/2026/11/2b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a90.jpg'
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 140, b: 60 } } }).jpeg().toBuffer()
    await storage.put(key, photo, 'image/jpeg')
    const res = await app.request(`/resized/320/${key}`)
    expect(res.status).toBe(200)
    expect(await sharp(new Uint8Array(await res.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 })
    const kept = await storage.get(resizedKey(key, 320))
    expect(kept?.contentType).toBe('image/webp')
    await kept?.body.cancel()
    // A copy made before copies' keys kept the original's extension: removed with the upload too.
    const oldName = `resized/640/${key.replace(/\.jpg$/, '')}.webp`
    await storage.put(oldName, new Uint8Array(await sharp(photo).webp().toBuffer()), 'image/webp')
    await removeUpload(storage, key)
    expect(await storage.get(resizedKey(key, 320))).toBeUndefined()
    expect(await storage.get(oldName)).toBeUndefined()
    expect(await storage.get(key)).toBeUndefined()
  })
})

