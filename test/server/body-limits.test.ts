import { CMS_TYPE } from '../../contract'
import { JSON_BODY_MAX_BYTES } from '../../server/http/security'
import { JSON_MAX_DEPTH, scanJson } from '../../server/http/validate'
import { TEST_ADMIN } from './helpers/accounts'
import { errorOf } from './helpers/bodies'
import { tokenOf } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const LOGIN = '/api/v1/admin/login'
const credentials = JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password })

/** A body sent in chunks, with no Content-Length (as `Transfer-Encoding: chunked`). */
function chunked(text: string, chunkSize = 8 * 1024): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(bytes.subarray(offset, offset + chunkSize))
      offset += chunkSize
    },
  })
}

const postRaw = (t: TestApp, body: NonNullable<RequestInit['body']>, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  t.app.request(new Request(`http://localhost${LOGIN}`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit))

/** A login body padded to `bytes` with an extra (unknown) field. */
const paddedLogin = (bytes: number) => {
  const base = { email: TEST_ADMIN.email, password: TEST_ADMIN.password, pad: '' }
  return JSON.stringify({ ...base, pad: 'x'.repeat(bytes - JSON.stringify(base).length) })
}

describe('the JSON body size limit', () => {
  it('is about 100 kB', () => {
    expect(JSON_BODY_MAX_BYTES).toBe(100 * 1024)
  })

  it('answers 413 before parsing when Content-Length is over the limit', async () => {
    const t = await testApp()
    const body = paddedLogin(JSON_BODY_MAX_BYTES + 1)
    const res = await postRaw(t, body, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) })
    const error = await errorOf(res, 413)
    expect(error.error.code).toBe('PAYLOAD_TOO_LARGE')
    expect(error.error.requestId).toBe(res.headers.get('X-Request-Id'))
  })

  it('answers 413 for a chunked body without Content-Length once it passes the limit', async () => {
    const t = await testApp()
    const res = await postRaw(t, chunked(paddedLogin(JSON_BODY_MAX_BYTES + 10)))
    expect((await errorOf(res, 413)).error.code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('answers 413 for an endless chunked body (without reading it all)', async () => {
    const t = await testApp()
    let sent = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 16 * 1024
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20))
      },
    })
    await errorOf(await postRaw(t, endless), 413)
    expect(sent).toBeLessThan(JSON_BODY_MAX_BYTES * 2)
  })

  it('takes a chunked body under the limit', async () => {
    const t = await testApp()
    const res = await postRaw(t, chunked(credentials, 7))
    expect(res.status).toBe(200)
    const nearLimit = await postRaw(t, chunked(paddedLogin(JSON_BODY_MAX_BYTES - 10)))
    // Through the size limit to the schema, which refuses the unknown field.
    expect((await errorOf(nearLimit, 400)).error.fields).toEqual({ pad: 'This field is not allowed' })
  })

  it('lets a CMS page of 200,000 characters through (its own, larger limit)', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const content = `<p>${'a'.repeat(199_000)}</p>`
    const res = await t.put('/admin/cms', { type: CMS_TYPE.PRIVACY_POLICY, content, version: 0 }, { token })
    expect(res.status).toBe(200)
  })
})

describe('JSON bodies the parser refuses', () => {
  it('answers 415 for a JSON endpoint called with another content type', async () => {
    const t = await testApp()
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded']) {
      const res = await postRaw(t, credentials, { 'Content-Type': type })
      expect((await errorOf(res, 415)).error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
    }
    await errorOf(await postRaw(t, credentials, {}), 415)
  })

  it('answers 400 for 10,000 nested arrays or objects, and stays up', async () => {
    const t = await testApp()
    const arrays = '['.repeat(10_000) + ']'.repeat(10_000)
    const objects = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)
    for (const body of [arrays, `{"email":${arrays},"password":"x"}`, objects]) {
      const res = await postRaw(t, body)
      expect((await errorOf(res, 400)).message).toBe(`Request body is nested too deeply (more than ${JSON_MAX_DEPTH} levels)`)
    }
    expect((await postRaw(t, credentials)).status).toBe(200)
  })

  it('answers 400 for malformed JSON of every kind', async () => {
    const t = await testApp()
    for (const body of ['', '{', '{"email":', 'nul', '{"a":1}}', "{'email':'x'}", '{"a":1,}', '\u0000']) {
      expect((await errorOf(await postRaw(t, body), 400)).message, JSON.stringify(body)).toBe('Request body is not valid JSON')
    }
  })

  it('refuses a key given twice in one object, whichever value comes last', async () => {
    const t = await testApp()
    const twice = `{"email":"nobody@petcare.test","email":"${TEST_ADMIN.email}","password":"${TEST_ADMIN.password}"}`
    const res = await postRaw(t, twice)
    expect((await errorOf(res, 400)).message).toBe('Request body has the key "email" more than once')
    // Written differently, still the same key.
    const escaped = `{"email":"${TEST_ADMIN.email}","\\u0065mail":"x@petcare.test","password":"${TEST_ADMIN.password}"}`
    expect((await errorOf(await postRaw(t, escaped), 400)).message).toBe('Request body has the key "email" more than once')
  })
})

describe('scanJson', () => {
  it('counts depth and keys outside strings only', () => {
    expect(scanJson('{"a":"[[[[{{{{","b":"\\"}"}', 3)).toEqual({ tooDeep: false })
    expect(scanJson('[[[1]]]', 3)).toEqual({ tooDeep: false })
    expect(scanJson('[[[[1]]]]', 3)).toEqual({ tooDeep: true })
  })

  it('finds duplicates per object, not across objects or in values', () => {
    expect(scanJson('{"a":{"a":1},"b":[{"a":1},{"a":2}],"c":"a"}', 10)).toEqual({ tooDeep: false })
    expect(scanJson('{"a":{"x":1,"x":2}}', 10)).toEqual({ tooDeep: false, duplicateKey: 'x' })
    expect(scanJson('[{"a":1},{"b":1,"b":2}]', 10)).toEqual({ tooDeep: false, duplicateKey: 'b' })
  })
})
