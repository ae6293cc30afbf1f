import { eq } from 'drizzle-orm'
import { adminProfile, verifyOtpResult } from '../../contract'
import { SESSION_CACHE_MS } from '../../server/auth/sessions'
import { admins, sessions } from '../../server/db/schema'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { errorOf, okBody } from './helpers/bodies'
import { nothing, testApp, type TestApp } from './helpers/test-app'

/**
 * The auth middleware keeps found sessions for SESSION_CACHE_MS (server/auth/sessions.ts). Each
 * test first uses a token, so that its session is in the cache, then ends it.
 */

const NEW_PASSWORD = 'NewPass@456'
const profile = (t: TestApp, token: string) => t.get('/admin/profile', { token })

describe('the session cache', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('forgets a session at logout', async () => {
    const t = await testApp()
    const { token, _id } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    await okBody(await profile(t, token), adminProfile)
    await okBody(await t.post(`/admin/logout/${_id}`, undefined, { token }), nothing)
    await errorOf(await profile(t, token), 401)
  })

  it('forgets the other sessions at a password change, and keeps the caller signed in', async () => {
    const t = await testApp()
    const here = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const elsewhere = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    await okBody(await profile(t, here.token), adminProfile)
    await okBody(await profile(t, elsewhere.token), adminProfile)
    const change = { oldPassword: TEST_ADMIN.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }
    await okBody(await t.post('/admin/change-password', change, { token: here.token }), nothing)
    await errorOf(await profile(t, elsewhere.token), 401)
    await okBody(await profile(t, here.token), adminProfile)
  })

  it('forgets every session of the admin at a password reset', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    await okBody(await profile(t, token), adminProfile)
    await okBody(await t.post('/admin/send-otp', { email: TEST_ADMIN.email }), nothing)
    const verified = await t.post('/admin/verify-otp', { email: TEST_ADMIN.email, otp: t.mailer.lastCodeTo(TEST_ADMIN.email) })
    const { resetToken } = (await okBody(verified, verifyOtpResult)).data
    await okBody(await t.post('/admin/reset-password', { resetToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }), nothing)
    await errorOf(await profile(t, token), 401)
  })

  it('still ends a session exactly at its expiry', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    t.clock.advance(168 * 60 * 60 * 1000 - 1000)
    await okBody(await profile(t, token), adminProfile)
    t.clock.advance(1000)
    await errorOf(await profile(t, token), 401)
  })

  it('notices an admin blocked in the database within SESSION_CACHE_MS', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    const t = await testApp()
    const { token } = await t.login(TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password)
    await okBody(await profile(t, token), adminProfile)
    await t.db.update(admins).set({ status: 2 }).where(eq(admins.email, TEST_SUB_ADMIN.email))
    vi.advanceTimersByTime(SESSION_CACHE_MS - 1)
    await okBody(await profile(t, token), adminProfile) // the documented staleness: not the database's news yet
    vi.advanceTimersByTime(1)
    await errorOf(await profile(t, token), 401)
  })

  it('keeps touching last_used_at once a minute, not on every request', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const lastUsed = async () => (await t.db.select({ at: sessions.lastUsedAt }).from(sessions))[0]!.at.toISOString()
    const signedInAt = t.clock.now().toISOString()
    await okBody(await profile(t, token), adminProfile)
    expect(await lastUsed()).toBe(signedInAt)
    t.clock.advance(60_001)
    await okBody(await profile(t, token), adminProfile)
    const touchedAt = t.clock.now().toISOString()
    expect(await lastUsed()).toBe(touchedAt)
    t.clock.advance(30_000) // 90 s after the sign-in, but 30 s after the touch
    await okBody(await profile(t, token), adminProfile)
    expect(await lastUsed()).toBe(touchedAt)
  })
})
