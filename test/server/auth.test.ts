import { adminProfile, API_MSG, AUTH_MSG, JSON_MSG, loginResult, MSG, ROLE } from '../../contract'
import { eq } from 'drizzle-orm'
import { admins } from '../../server/db/schema'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { errorOf, okBody } from './helpers/bodies'
import { nothing, testApp } from './helpers/test-app'

describe('POST /admin/login', () => {
  it('signs an admin in and returns the profile with a bearer token', async () => {
    const t = await testApp()
    const res = await t.post('/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password })
    const body = await okBody(res, loginResult)
    expect(body.message).toBe(AUTH_MSG.loggedIn)
    expect(body.data).toMatchObject({ name: TEST_ADMIN.name, email: TEST_ADMIN.email, role: ROLE.ADMIN, profileImage: null })
    expect(body.data.token).toMatch(/^[\w-]{43}$/)
    const profile = await t.get('/admin/profile', { token: body.data.token })
    expect((await okBody(profile, adminProfile)).data._id).toBe(body.data._id)
  })

  it('accepts the email in any case and with surrounding spaces', async () => {
    const t = await testApp()
    const data = await t.login(`  ${TEST_SUB_ADMIN.email.toUpperCase()} `, TEST_SUB_ADMIN.password)
    expect(data.role).toBe(ROLE.SUB_ADMIN)
  })

  it('gives the same 401 answer for a wrong password and for an unknown email', async () => {
    const t = await testApp()
    const wrongPassword = await errorOf(await t.post('/admin/login', { email: TEST_ADMIN.email, password: 'Wrong@123' }), 401)
    const unknownEmail = await errorOf(await t.post('/admin/login', { email: 'nobody@petcare.test', password: 'Wrong@123' }), 401)
    const withoutRequestId = ({ error: { requestId: _, ...error }, ...rest }: typeof wrongPassword) => ({ ...rest, error })
    expect(withoutRequestId(wrongPassword)).toEqual(withoutRequestId(unknownEmail))
    expect(wrongPassword.message).toBe(AUTH_MSG.badCredentials)
    expect(wrongPassword.error.code).toBe('UNAUTHORIZED')
  })

  it('refuses a blocked admin even with the right password', async () => {
    const t = await testApp()
    await t.db.update(admins).set({ status: 2 }).where(eq(admins.email, TEST_SUB_ADMIN.email))
    const res = await t.post('/admin/login', { email: TEST_SUB_ADMIN.email, password: TEST_SUB_ADMIN.password })
    expect((await errorOf(res, 403)).message).toBe(AUTH_MSG.blocked)
  })

  it('answers 400 with the specification messages per field', async () => {
    const t = await testApp()
    const res = await t.post('/admin/login', { email: 'not-an-email', password: 'short' })
    const body = await errorOf(res, 400)
    expect(body.error.fields).toEqual({ email: MSG.email, password: MSG.passwordMin })
    expect(body.message).toBe(MSG.email)
    expect(body.error.code).toBe('BAD_REQUEST')
  })

  it('names the password pattern and maximum rules', async () => {
    const t = await testApp()
    const weak = await errorOf(await t.post('/admin/login', { email: TEST_ADMIN.email, password: 'password1' }), 400)
    expect(weak.error.fields).toEqual({ password: MSG.passwordPattern })
    const long = await errorOf(await t.post('/admin/login', { email: TEST_ADMIN.email, password: 'Aa1@aaaaaaaaaaaaa' }), 400)
    expect(long.error.fields).toEqual({ password: MSG.passwordMax })
  })

  it('answers 400 "Enter the required field" for missing and blank fields', async () => {
    const t = await testApp()
    const missing = await errorOf(await t.post('/admin/login', {}), 400)
    expect(missing.error.fields).toEqual({ email: MSG.required, password: MSG.required })
    const blank = await errorOf(await t.post('/admin/login', { email: '   ', password: '' }), 400)
    expect(blank.error.fields).toEqual({ email: MSG.required, password: MSG.required })
  })

  it('rejects fields it does not know', async () => {
    const t = await testApp()
    const body = await errorOf(
      await t.post('/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password, role: 1 }),
      400,
    )
    expect(body.error.fields).toEqual({ role: 'This field is not allowed' })
  })

  it('answers 400 with a clear message for malformed JSON', async () => {
    const t = await testApp()
    const res = await t.app.request('/api/v1/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": "admin@petcare.test",',
    })
    expect((await errorOf(res, 400)).message).toBe(JSON_MSG.malformed)
  })

  it('answers 400 when the JSON body is not an object', async () => {
    const t = await testApp()
    const res = await t.post('/admin/login', [TEST_ADMIN.email, TEST_ADMIN.password])
    expect((await errorOf(res, 400)).message).toBe(JSON_MSG.notObject)
  })

  it('answers 415 for a body that is not sent as JSON', async () => {
    const t = await testApp()
    const res = await t.app.request('/api/v1/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=admin%40petcare.test&password=Admin%40123',
    })
    const body = await errorOf(res, 415)
    expect(body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
    expect(body.message).toBe(JSON_MSG.mediaType)
  })
})

describe('POST /admin/logout/:id', () => {
  it('ends the session, so the token no longer works', async () => {
    const t = await testApp()
    const { _id, token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const body = await okBody(await t.post(`/admin/logout/${_id}`, undefined, { token }), nothing)
    expect(body.message).toBe(AUTH_MSG.loggedOut)
    expect((await errorOf(await t.get('/admin/profile', { token }), 401)).error.code).toBe('UNAUTHORIZED')
  })

  it('keeps the admin signed in on other devices', async () => {
    const t = await testApp()
    const laptop = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const phone = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    await okBody(await t.post(`/admin/logout/${laptop._id}`, undefined, { token: laptop.token }), nothing)
    await okBody(await t.get('/admin/profile', { token: phone.token }), adminProfile)
  })

  it("answers 403 for another admin's id and keeps the session", async () => {
    const t = await testApp()
    const admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const subAdmin = await t.login(TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password)
    await errorOf(await t.post(`/admin/logout/${subAdmin._id}`, undefined, { token: admin.token }), 403)
    await okBody(await t.get('/admin/profile', { token: admin.token }), adminProfile)
  })

  it('answers 400 for an id that is not a UUID', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const body = await errorOf(await t.post('/admin/logout/123', undefined, { token }), 400)
    expect(body.error.fields).toEqual({ id: API_MSG.invalidId })
  })
})

describe('sessions', () => {
  it('answers 401 without a token', async () => {
    const t = await testApp()
    const body = await errorOf(await t.get('/admin/profile'), 401)
    expect(body).toMatchObject({ isSuccess: false, error: { code: 'UNAUTHORIZED' } })
  })

  it('answers 401 for an unknown token', async () => {
    const t = await testApp()
    await errorOf(await t.get('/admin/profile', { token: 'not-a-real-token' }), 401)
  })

  it('expires after the session lifetime', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    t.clock.advance(168 * 60 * 60 * 1000 - 1000)
    await okBody(await t.get('/admin/profile', { token }), adminProfile)
    t.clock.advance(1000)
    await errorOf(await t.get('/admin/profile', { token }), 401)
  })

  it('ends when the admin is blocked', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password)
    await t.db.update(admins).set({ status: 2 }).where(eq(admins.email, TEST_SUB_ADMIN.email))
    await errorOf(await t.get('/admin/profile', { token }), 401)
  })
})

describe('the API as a whole', () => {
  it('answers an unknown route under /api with the contract 404 body', async () => {
    const t = await testApp()
    const res = await t.app.request('/api/v1/no-such-thing')
    const body = await errorOf(res, 404)
    expect(body.error.code).toBe('NOT_FOUND')
    expect(body.error.requestId).toBe(res.headers.get('X-Request-Id'))
  })

  it('marks API answers as not cacheable', async () => {
    const t = await testApp()
    const res = await t.post('/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password })
    expect(res.headers.get('Cache-Control')).toBe('no-store')
  })
})
