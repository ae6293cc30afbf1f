import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { UPLOAD_LINK_TTL_MS, UPLOAD_MSG, UPLOAD_RULES, uploadResult, type SignedUpload, type UploadFolder, type UploadRequest } from '../../contract'
import { encodePolicy, signPolicy, uploadPolicy } from '../../server/storage/post-policy'
import { TEST_ADMIN } from './helpers/accounts'
import { errorOf, okBody } from './helpers/bodies'
import { pngHeaderOf, pngOf } from './helpers/pictures'
import { TEST_UPLOAD_SECRET, testApp, type TestApp } from './helpers/test-app'

/** Leading bytes of each type, then filler: enough for the type check. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 1, 2, 3])
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1])
const WEBP = new TextEncoder().encode('RIFF\x24\x00\x00\x00WEBPVP8 ....')
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x80\x00\x00')

async function signedIn() {
  const t = await testApp()
  const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
  return { t, token }
}

async function signOne(t: TestApp, token: string, mimeType = 'image/png', folderType: UploadFolder = 'place'): Promise<SignedUpload> {
  const files: UploadRequest = [{ fileName: 'file', mimeType, folderType }]
  const { data } = await okBody(await t.post('/common/upload', files, { token }), uploadResult)
  return data[0]!
}

/** What the SPA does: every field first, then the file as `file`. */
function formOf(fields: Record<string, string>, file: Uint8Array, type = 'image/png') {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', new Blob([file as Uint8Array<ArrayBuffer>], { type }), 'picked-file.png')
  return form
}

const postForm = (t: TestApp, signed: SignedUpload, file: Uint8Array, fields = signed.fields) =>
  t.app.request(signed.url, { method: 'POST', body: formOf(fields, file) })

/** A request body streamed from `chunks`, counting how many bytes the server pulled. */
function countingStream(chunks: Iterator<Uint8Array>) {
  const stream = {
    pulled: 0,
    body: new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const next = chunks.next()
          if (next.done) return controller.close()
          stream.pulled += next.value.byteLength
          controller.enqueue(next.value)
        },
      },
      { highWaterMark: 0 }, // pulled only when read
    ),
  }
  return stream
}

const BOUNDARY = 'test-boundary-7MA4YWxkTrZu0gW'
const encoder = new TextEncoder()
const fieldsPart = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('')
const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`
const closing = `\r\n--${BOUNDARY}--\r\n`

const streamedPost = (t: TestApp, url: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  t.app.request(url, {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    body,
    duplex: 'half',
  } as RequestInit)

const decoded = (policy: string) => JSON.parse(Buffer.from(policy, 'base64').toString('utf8'))

describe('POST /uploads/ (disk storage)', () => {
  it('stores a signed post with 204, and serves it at url + key with its type and nosniff', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    const res = await postForm(t, signed, PNG)
    expect(res.status, await res.clone().text()).toBe(204)

    const file = await t.app.request(signed.url + signed.fields.key)
    expect(file.status).toBe(200)
    expect(file.headers.get('Content-Type')).toBe('image/png')
    expect(file.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(file.headers.get('Content-Disposition')).toBeNull()
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG)
    expect(signed.fileUrl).toBe(signed.url + signed.fields.key)
  })

  it('takes JPEG, WEBP and GIF files by their first bytes', async () => {
    const { t, token } = await signedIn()
    for (const [type, bytes] of [['image/jpeg', JPEG], ['image/webp', WEBP], ['image/gif', GIF]] as const) {
      const signed = await signOne(t, token, type)
      expect((await postForm(t, signed, bytes)).status, type).toBe(204)
      expect((await t.app.request(signed.fileUrl)).headers.get('Content-Type')).toBe(type)
    }
  })

  it('reads a form that arrives a few bytes at a time', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    const whole = encoder.encode(fieldsPart(signed.fields) + fileHead)
    const bytes = new Uint8Array([...whole, ...PNG, ...encoder.encode(closing)])
    function* sevenAtATime() {
      for (let i = 0; i < bytes.length; i += 7) yield bytes.slice(i, i + 7)
    }
    const res = await streamedPost(t, signed.url, countingStream(sevenAtATime()).body)
    expect(res.status, await res.clone().text()).toBe(204)
    expect(new Uint8Array(await (await t.app.request(signed.fileUrl)).arrayBuffer())).toEqual(PNG)
  })

  it('refuses a second post to the same key with 409, keeping the first file', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    expect((await postForm(t, signed, PNG)).status).toBe(204)
    const other = new Uint8Array([...PNG, 9, 9, 9])
    expect((await errorOf(await postForm(t, signed, other), 409)).message).toBe(UPLOAD_MSG.exists)
    expect(new Uint8Array(await (await t.app.request(signed.fileUrl)).arrayBuffer())).toEqual(PNG)
  })

  it('refuses a tampered key with 403', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    const fields = { ...signed.fields, key: 'place/2025/03/mine.png' }
    expect((await errorOf(await postForm(t, signed, PNG, fields), 403)).message).toBe(UPLOAD_MSG.conditionFailed('key'))
    expect((await t.app.request('/uploads/place/2025/03/mine.png')).status).toBe(404)
  })

  it('refuses a tampered policy with 403', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    const policy = decoded(signed.fields.Policy!)
    policy.conditions[3] = ['content-length-range', 1, 1024 * 1024 * 1024]
    const fields = { ...signed.fields, Policy: Buffer.from(JSON.stringify(policy)).toString('base64') }
    expect((await errorOf(await postForm(t, signed, PNG, fields), 403)).message).toBe(UPLOAD_MSG.badSignature)
  })

  it('refuses a wrong or missing signature with 403', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    const wrong = { ...signed.fields, Signature: '0'.repeat(64) }
    expect((await errorOf(await postForm(t, signed, PNG, wrong), 403)).message).toBe(UPLOAD_MSG.badSignature)
    const { Signature: _, ...missing } = signed.fields
    expect((await errorOf(await postForm(t, signed, PNG, missing), 403)).message).toBe(UPLOAD_MSG.noPolicy)
  })

  it('refuses an expired policy with 403 and says so', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    t.clock.advance(UPLOAD_LINK_TTL_MS)
    const error = await errorOf(await postForm(t, signed, PNG), 403)
    expect(error.message).toBe(UPLOAD_MSG.expired)
  })

  it('accepts a post a second before its policy expires', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    t.clock.advance(UPLOAD_LINK_TTL_MS - 1000)
    expect((await postForm(t, signed, PNG)).status).toBe(204)
  })

  it('refuses a Content-Type other than the signed one with 403', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    const fields = { ...signed.fields, 'Content-Type': 'text/html' }
    expect((await errorOf(await postForm(t, signed, PNG, fields), 403)).message).toBe(UPLOAD_MSG.conditionFailed('Content-Type'))
  })

  it('refuses a field the policy does not name with 403', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    const fields = { ...signed.fields, acl: 'public-read' }
    expect((await errorOf(await postForm(t, signed, PNG, fields), 403)).message).toBe(UPLOAD_MSG.extraField('acl'))
  })

  it('refuses a .png whose bytes are text with 400, and stores nothing', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    const html = encoder.encode('<html><script>alert(1)</script></html>')
    expect((await errorOf(await postForm(t, signed, html), 400)).message).toBe("The file's content is not a PNG image")
    expect((await t.app.request(signed.fileUrl)).status).toBe(404)
    const jpegPolicy = await signOne(t, token, 'image/jpeg')
    expect((await errorOf(await postForm(t, jpegPolicy, PNG), 400)).message).toBe("The file's content is not a JPG image")
    expect((await errorOf(await postForm(t, await signOne(t, token), new Uint8Array([0x89, 0x50])), 400)).message).toBe(
      "The file's content is not a PNG image",
    )
  })

  it('refuses with 413 a picture whose header says it is too large to open, within the pixel limit but not the memory one, and stores nothing', async () => {
    const { t, token } = await signedIn()
    // 7700 x 7700 at 16-bit RGB: 59.3 megapixels (under 60), 356 MB to decode; a file of a few hundred bytes, under every folder's limit.
    for (const folder of ['profile', 'place', 'site'] as const) {
      const signed = await signOne(t, token, 'image/png', folder)
      expect((await errorOf(await postForm(t, signed, pngHeaderOf(7700, 7700)), 413)).message, folder).toBe(UPLOAD_MSG.pictureTooLarge(60))
      expect((await t.app.request(signed.fileUrl)).status).toBe(404)
    }
    // A real picture within the limits is taken.
    const signed = await signOne(t, token)
    expect((await postForm(t, signed, await pngOf(400, 300))).status).toBe(204)
  })

  it('refuses an empty file with 400', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    expect((await errorOf(await postForm(t, signed, new Uint8Array()), 400)).message).toBe(UPLOAD_MSG.empty)
  })

  it("refuses a file over its folder's limit with 413 without reading the rest of the body", async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token, 'image/png', 'profile')
    const max = UPLOAD_RULES.profile.maxBytes
    const total = 8 * max
    function* body() {
      yield encoder.encode(fieldsPart(signed.fields) + fileHead)
      yield PNG
      for (let sent = 0; sent < total; sent += 64 * 1024) yield new Uint8Array(64 * 1024)
      yield encoder.encode(closing)
    }
    const stream = countingStream(body())
    const error = await errorOf(await streamedPost(t, signed.url, stream.body), 413)
    expect(error.message).toBe('The file is too large: the limit is 1 MB')
    expect(stream.pulled).toBeLessThan(max + 256 * 1024)
    expect((await t.app.request(signed.fileUrl)).status).toBe(404)
  })

  it('refuses a declared Content-Length over the endpoint limit with 413 before reading', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    const stream = countingStream([encoder.encode(fieldsPart(signed.fields))].values())
    const res = await streamedPost(t, signed.url, stream.body, { 'Content-Length': String(100 * 1024 * 1024) })
    expect((await errorOf(res, 413)).message).toBe(UPLOAD_MSG.bodyTooLarge)
    expect(stream.pulled).toBe(0)
  })

  it('cannot write outside the uploads folder: a forged key fails the signature, and is refused even when signed', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    const forge = (secret: string) => {
      const key = '../../etc/evil.png'
      const expiresAt = new Date(t.clock.now().getTime() + 60_000)
      const Policy = encodePolicy(uploadPolicy({ bucket: 'uploads', key, contentType: 'image/png', maxBytes: 1024, expiresAt }))
      return { key, 'Content-Type': 'image/png', Policy, Signature: signPolicy(Policy, secret) }
    }
    const unsigned = await postForm(t, signed, PNG, forge('not-the-secret'))
    expect((await errorOf(unsigned, 403)).message).toBe(UPLOAD_MSG.badSignature)
    const signedForgery = await postForm(t, signed, PNG, forge(TEST_UPLOAD_SECRET))
    expect((await errorOf(signedForgery, 403)).message).toBe(UPLOAD_MSG.unsafeKey)
    expect(existsSync(join(t.uploadsDir, '..', '..', 'etc', 'evil.png'))).toBe(false)
    expect(await readdir(t.uploadsDir)).toEqual([])
  })

  it('answers 415 for a body that is not multipart, and 400 for a form without a file', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    const json = await t.app.request(signed.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
    expect((await errorOf(json, 415)).message).toBe(UPLOAD_MSG.notMultipart)
    const form = new FormData()
    for (const [name, value] of Object.entries(signed.fields)) form.append(name, value)
    expect((await errorOf(await t.app.request(signed.url, { method: 'POST', body: form }), 400)).message).toBe(UPLOAD_MSG.noFile)
  })

  it('answers 400 for a form cut off in the middle of the file', async () => {
    const { t, token } = await signedIn()
    const signed = await signOne(t, token)
    const stream = countingStream([encoder.encode(fieldsPart(signed.fields) + fileHead), PNG].values())
    expect((await errorOf(await streamedPost(t, signed.url, stream.body), 400)).message).toMatch(/^The upload form could not be read/)
    expect((await t.app.request(signed.fileUrl)).status).toBe(404)
  })
})
