import { eq, isNull } from 'drizzle-orm'
import { adminProfile, verifyOtpResult } from '../../contract'
import { followRevocations, REVOCATIONS_CHANNEL, SESSION_CACHE_MS } from '../../server/auth/sessions'
import { notify } from '../../server/db/notify'
import { admins, sessions } from '../../server/db/schema'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { errorOf, okBody } from './helpers/bodies'
import { nothing, testApp, type TestApp } from './helpers/test-app'
import { createApp } from '../../server/app'
import { createLogger } from '../../server/log'

/**
 * The auth middleware keeps found sessions for SESSION_CACHE_MS (server/auth/sessions.ts). Each
 * test first uses a token, so that its session is in the cache, then ends it.
 */

const NEW_PASSWORD = 'NewPass@456'
const profile = (t: TestApp, token: string) => t.get('/admin/profile', { token })

/** Ends a session the way another server process would: in the database, with its notice, nothing in this process told. */
async function revokeElsewhere(t: TestApp, sessionId: string, notice: string | undefined = sessionId) {
  await t.db.transaction(async (tx) => {
    await tx.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.id, sessionId))
    if (notice !== undefined) await notify(tx, REVOCATIONS_CHANNEL, notice)
  })
}

/**
 * Waits for the token to be refused, for at most half of SESSION_CACHE_MS: the embedded
 * database delivers a notice as the transaction commits, PostgreSQL a moment later.
 */
const refusedSoon = (t: TestApp, token: string) =>
  vi.waitFor(async () => errorOf(await profile(t, token), 401), { timeout: SESSION_CACHE_MS / 2, interval: 5 })

const onlySessionId = async (t: TestApp) => (await t.db.select({ id: sessions.id }).from(sessions))[0]!.id

/** Another app on the test app's database, as a second server process would have (its log kept quiet). */
function secondApp(t: TestApp) {
  const app = createApp({ db: t.db, storage: t.storage, mailer: t.mailer, clock: t.clock, log: createLogger('json', { write: () => {} }) })
  const profile = (token: string) => app.request('/api/v1/admin/profile', { headers: { Authorization: `Bearer ${token}` } })
  return Object.assign(app, { profile })
}

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

  it('keeps each app to its own cache, even on one database', async () => {
    const t = await testApp()
    const other = secondApp(t)
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    await okBody(await profile(t, token), adminProfile) // kept by the first app
    await revokeElsewhere(t, await onlySessionId(t), undefined)
    await okBody(await profile(t, token), adminProfile) // the first app's documented staleness
    await errorOf(await other.profile(token), 401) // the second app never kept it
  })

  it("leaves another app's cache alone when revoking: that app hears of it as another process would", async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    const t = await testApp()
    const other = secondApp(t)
    const { token, _id } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    await okBody(await profile(t, token), adminProfile)
    await okBody(await other.profile(token), adminProfile) // kept by the second app
    await okBody(await t.post(`/admin/logout/${_id}`, undefined, { token }), nothing)
    await errorOf(await profile(t, token), 401)
    // Not listening for notices, the second app keeps its answer for the documented SESSION_CACHE_MS.
    await okBody(await other.profile(token), adminProfile)
    vi.advanceTimersByTime(SESSION_CACHE_MS)
    await errorOf(await other.profile(token), 401)
  })

  it('tells another app that follows revocations, by notice, when a session is revoked here', async () => {
    const t = await testApp()
    const other = secondApp(t)
    const listening = await followRevocations(t.db, other.sessions)
    try {
      const here = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
      const elsewhere = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
      await okBody(await other.profile(elsewhere.token), adminProfile)
      const change = { oldPassword: TEST_ADMIN.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }
      await okBody(await t.post('/admin/change-password', change, { token: here.token }), nothing)
      await vi.waitFor(async () => errorOf(await other.profile(elsewhere.token), 401), { timeout: SESSION_CACHE_MS / 2, interval: 5 })
      await okBody(await other.profile(here.token), adminProfile)
    } finally {
      await listening.stop()
    }
  })

  it("forgets a session revoked by another process as soon as that process's notice arrives", async () => {
    const t = await testApp()
    const listening = await followRevocations(t.db, t.app.sessions)
    try {
      const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
      await okBody(await profile(t, token), adminProfile)
      await revokeElsewhere(t, await onlySessionId(t))
      await refusedSoon(t, token)
    } finally {
      await listening.stop()
    }
  })

  it('forgets every session of an admin named in a notice', async () => {
    const t = await testApp()
    const listening = await followRevocations(t.db, t.app.sessions)
    try {
      const { token, _id } = await t.login(TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password)
      await okBody(await profile(t, token), adminProfile)
      await revokeElsewhere(t, await onlySessionId(t), _id)
      await refusedSoon(t, token)
    } finally {
      await listening.stop()
    }
  })

  it('forgets everything on a notice it cannot read, and when it starts listening (notices may have been missed)', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    await okBody(await profile(t, token), adminProfile)
    await revokeElsewhere(t, await onlySessionId(t), undefined)
    const listening = await followRevocations(t.db, t.app.sessions)
    try {
      await errorOf(await profile(t, token), 401)
      const again = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
      await okBody(await profile(t, again.token), adminProfile)
      await revokeElsewhere(t, (await t.db.select({ id: sessions.id }).from(sessions).where(isNull(sessions.revokedAt)))[0]!.id, 'garbled')
      await refusedSoon(t, again.token)
    } finally {
      await listening.stop()
    }
  })
})
