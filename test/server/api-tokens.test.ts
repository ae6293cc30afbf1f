import { eq } from 'drizzle-orm'
import * as zm from 'zod/mini'
import {
  adminProfile,
  apiToken,
  apiTokenSelf,
  API_TOKEN_PATTERN,
  API_TOKENS_MSG,
  createdApiToken,
  INTEGRATION_BASE_PATH,
  type ApiTokenScope,
} from '../../contract'
import { API_TOKEN_CACHE_MS, followTokenRevocations } from '../../server/auth/api-tokens'
import { sha256 } from '../../server/auth/tokens'
import { createApp } from '../../server/app'
import { apiTokens, auditLog } from '../../server/db/schema'
import { createLogger } from '../../server/log'
import { TEST_ADMIN } from './helpers/accounts'
import { errorOf, okBody } from './helpers/bodies'
import { tokenOf, UNKNOWN_ID } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

/** Far after both the test clock's start (2025) and today, as the create schema wants. */
const FAR_EXPIRY = '2031-01-01T00:00:00.000Z'
const YEAR_MS = 365 * 24 * 60 * 60 * 1000

async function create(t: TestApp, body: { name?: string; scopes?: ApiTokenScope[]; expiresAt?: string | null } = {}) {
  const res = await t.post('/admin/api-tokens', { name: 'App backend', scopes: ['read', 'users:write'], ...body }, { token: await tokenOf(t) })
  return (await okBody(res, createdApiToken, 201)).data
}

const whoAmI = (t: TestApp, token?: string) => t.get('/integration/token', token ? { token } : {})

/** Another app on the test app's database, as a second server process would have (its log kept quiet). */
function secondApp(t: TestApp) {
  const app = createApp({ db: t.db, storage: t.storage, mailer: t.mailer, clock: t.clock, log: createLogger('json', { write: () => {} }) })
  const whoAmI = (token: string) => app.request(`${INTEGRATION_BASE_PATH}/token`, { headers: { Authorization: `Bearer ${token}` } })
  return Object.assign(app, { whoAmI })
}

const auditOf = (t: TestApp, action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action))

describe('creating an API token', () => {
  it('answers its secret once and stores only its hash', async () => {
    const t = await testApp()
    const { token, secret } = await create(t, { expiresAt: FAR_EXPIRY })
    expect(secret).toMatch(API_TOKEN_PATTERN)
    expect(token).toMatchObject({ name: 'App backend', scopes: ['read', 'users:write'], status: 'active', expiresAt: FAR_EXPIRY, lastUsedAt: null })
    expect(token.hint).toBe(`pct_…${secret.slice(-4)}`)
    const [row] = await t.db.select().from(apiTokens)
    expect(row!.tokenHash).toBe(sha256(secret))
    expect(JSON.stringify(row)).not.toContain(secret.slice(4, 20))
    const list = await okBody(await t.get('/admin/api-tokens', { token: await tokenOf(t) }), zm.array(apiToken))
    expect(list.data).toHaveLength(1)
    expect(JSON.stringify(list)).not.toContain(secret.slice(4, 20))
    expect(JSON.stringify(list)).not.toContain(row!.tokenHash)
  })

  it('refuses a bad name, no scope, a repeated or unknown scope, and an expiry that is not in the future, with field messages', async () => {
    const t = await testApp()
    const fieldOf = async (body: Record<string, unknown>) => (await errorOf(await t.post('/admin/api-tokens', body, { token: await tokenOf(t) }), 400)).error.fields
    const good = { name: 'Backend', scopes: ['read'] }
    expect(await fieldOf({ ...good, name: '  ' })).toMatchObject({ name: API_TOKENS_MSG.nameRequired })
    expect(await fieldOf({ ...good, name: 'x'.repeat(61) })).toMatchObject({ name: API_TOKENS_MSG.nameMax })
    expect(await fieldOf({ ...good, scopes: [] })).toMatchObject({ scopes: API_TOKENS_MSG.scopesRequired })
    expect(await fieldOf({ ...good, scopes: ['read', 'read'] })).toMatchObject({ scopes: API_TOKENS_MSG.scopesUnique })
    expect(await fieldOf({ ...good, scopes: ['admin'] })).toMatchObject({ 'scopes.0': API_TOKENS_MSG.scopeUnknown })
    expect(await fieldOf({ ...good, expiresAt: 'tomorrow' })).toMatchObject({ expiresAt: API_TOKENS_MSG.expiryInvalid })
    expect(await fieldOf({ ...good, expiresAt: '2020-01-01T00:00:00Z' })).toMatchObject({ expiresAt: API_TOKENS_MSG.expiryPast })
    // In the future for the client's clock, not for the server's.
    t.clock.advance(10 * YEAR_MS)
    expect(await fieldOf({ ...good, expiresAt: FAR_EXPIRY })).toMatchObject({ expiresAt: API_TOKENS_MSG.expiryPast })
    expect(await t.db.select().from(apiTokens)).toEqual([])
  })

  it('is for admins only: a sub admin is refused listing, creating and revoking', async () => {
    const t = await testApp()
    const { token } = await create(t)
    const sub = await tokenOf(t, 'subAdmin')
    await errorOf(await t.get('/admin/api-tokens', { token: sub }), 403)
    await errorOf(await t.post('/admin/api-tokens', { name: 'Mine', scopes: ['read'] }, { token: sub }), 403)
    await errorOf(await t.post(`/admin/api-tokens/${token._id}/revoke`, undefined, { token: sub }), 403)
    expect(await t.db.select({ name: apiTokens.name, revokedAt: apiTokens.revokedAt }).from(apiTokens)).toEqual([{ name: 'App backend', revokedAt: null }])
  })

  it('audits the creation with the scopes, never the secret', async () => {
    const t = await testApp()
    const { token, secret } = await create(t)
    const [entry] = await auditOf(t, 'apiToken.create')
    expect(entry).toMatchObject({ actorEmail: TEST_ADMIN.email, targetType: 'apiToken', targetId: token._id, targetLabel: 'App backend' })
    expect(entry!.detail).toMatchObject({ scopes: ['read', 'users:write'] })
    expect(JSON.stringify(entry)).not.toContain(secret)
  })
})

describe('the integration API with an API token', () => {
  it('answers who the token is', async () => {
    const t = await testApp()
    const { token, secret } = await create(t, { expiresAt: FAR_EXPIRY })
    const { data } = await okBody(await whoAmI(t, secret), apiTokenSelf)
    expect(data).toEqual({ _id: token._id, name: 'App backend', scopes: ['read', 'users:write'], expiresAt: FAR_EXPIRY })
    // Neither the creation's answer nor the calls put the secret in the access log.
    expect(t.logLines.length).toBeGreaterThan(0)
    expect(JSON.stringify(t.logLines)).not.toContain(secret.slice(4))
  })

  it('answers 401 without a token, with a session token, and with an unknown one', async () => {
    const t = await testApp()
    expect((await errorOf(await whoAmI(t), 401)).message).toBe(API_TOKENS_MSG.tokenMissing)
    const session = await tokenOf(t)
    expect((await errorOf(await whoAmI(t, session), 401)).message).toBe(API_TOKENS_MSG.tokenMalformed)
    expect((await errorOf(await whoAmI(t, `pct_${session}`), 401)).message).toBe(API_TOKENS_MSG.tokenInvalid)
    expect((await errorOf(await whoAmI(t, 'pct_short'), 401)).message).toBe(API_TOKENS_MSG.tokenMalformed)
  })

  it('answers 403 when the token lacks the scope of the call (read for a GET)', async () => {
    const t = await testApp()
    const { secret } = await create(t, { scopes: ['users:write', 'pets:write'] })
    expect((await errorOf(await whoAmI(t, secret), 403)).message).toBe(API_TOKENS_MSG.scopeMissing('read'))
  })

  it('stops a token exactly at its expiry', async () => {
    const t = await testApp()
    const expiresAt = new Date(Date.now() + YEAR_MS)
    const { secret } = await create(t, { expiresAt: expiresAt.toISOString() })
    t.clock.advance(expiresAt.getTime() - t.clock.now().getTime() - 1)
    await okBody(await whoAmI(t, secret), apiTokenSelf) // kept in the cache from here on
    t.clock.advance(1)
    expect((await errorOf(await whoAmI(t, secret), 401)).message).toBe(API_TOKENS_MSG.tokenInvalid)
    const { data } = await okBody(await t.get('/admin/api-tokens', { token: await tokenOf(t) }), zm.array(apiToken))
    expect(data[0]!.status).toBe('expired')
  })

  it('is refused on every admin call, before any lookup', async () => {
    const t = await testApp()
    const { secret } = await create(t, { scopes: ['read', 'users:write', 'pets:write', 'feedback:write', 'partners:write', 'devices:write'] })
    for (const path of ['/admin/profile', '/admin/users', '/admin/api-tokens', '/openapi.json']) {
      expect((await errorOf(await t.get(path, { token: secret }), 401)).message, path).toBe(API_TOKENS_MSG.notForAdmin)
    }
    await errorOf(await t.post('/admin/api-tokens', { name: 'Escalated', scopes: ['read'] }, { token: secret }), 401)
    expect(await t.db.select().from(apiTokens)).toHaveLength(1)
  })

  it('writes last_used_at at the first use and then at most once a minute', async () => {
    const t = await testApp()
    const { token, secret } = await create(t)
    const lastUsed = async () => (await t.db.select({ at: apiTokens.lastUsedAt }).from(apiTokens))[0]!.at?.toISOString()
    const firstAt = t.clock.now().toISOString()
    await okBody(await whoAmI(t, secret), apiTokenSelf)
    expect(await lastUsed()).toBe(firstAt)
    t.clock.advance(30_000)
    await okBody(await whoAmI(t, secret), apiTokenSelf)
    expect(await lastUsed()).toBe(firstAt)
    t.clock.advance(30_001)
    await okBody(await whoAmI(t, secret), apiTokenSelf)
    expect(await lastUsed()).toBe(t.clock.now().toISOString())
    const { data } = await okBody(await t.get('/admin/api-tokens', { token: await tokenOf(t) }), zm.array(apiToken))
    expect(data.find((row) => row._id === token._id)!.lastUsedAt).toBe(t.clock.now().toISOString())
  })

  it('audits the first use once, across processes', async () => {
    const t = await testApp()
    const other = secondApp(t)
    const { token, secret } = await create(t)
    await okBody(await whoAmI(t, secret), apiTokenSelf)
    await okBody(await whoAmI(t, secret), apiTokenSelf)
    expect((await other.whoAmI(secret)).status).toBe(200)
    const entries = await auditOf(t, 'apiToken.first_use')
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ actorId: null, targetType: 'apiToken', targetId: token._id, targetLabel: 'App backend' })
  })
})

describe('the per-token rate limit', () => {
  it('answers 429 with Retry-After beyond the rate, per token, and lets the token through again after the wait', async () => {
    const t = await testApp({ config: { apiTokenRequestsPerMinute: 5 } })
    const { secret } = await create(t)
    const { secret: otherSecret } = await create(t, { name: 'Other' })
    for (let i = 0; i < 5; i++) await okBody(await whoAmI(t, secret), apiTokenSelf)
    const refused = await whoAmI(t, secret)
    expect((await errorOf(refused, 429)).message).toBe(API_TOKENS_MSG.tooMany(12))
    expect(refused.headers.get('Retry-After')).toBe('12') // one request in every 60 / 5 s
    await okBody(await whoAmI(t, otherSecret), apiTokenSelf) // its own allowance
    t.clock.advance(11_000)
    expect((await whoAmI(t, secret)).headers.get('Retry-After')).toBe('1')
    t.clock.advance(1_000)
    await okBody(await whoAmI(t, secret), apiTokenSelf)
    await errorOf(await whoAmI(t, secret), 429)
  })

  it('takes 1,200 requests a minute by default', async () => {
    const t = await testApp()
    const { secret } = await create(t)
    const statuses = []
    for (let i = 0; i < 1_201; i++) statuses.push((await t.app.fetch(new Request(`http://x${INTEGRATION_BASE_PATH}/token`, { headers: { Authorization: `Bearer ${secret}` } }))).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1_200)
    expect(statuses.at(-1)).toBe(429)
  })
})

describe('revoking an API token', () => {
  it('stops it at once here, lists it as revoked, audits it and refuses a second revoke', async () => {
    const t = await testApp()
    const { token, secret } = await create(t)
    await okBody(await whoAmI(t, secret), apiTokenSelf) // kept in this app's cache
    const admin = await tokenOf(t)
    const { data } = await okBody(await t.post(`/admin/api-tokens/${token._id}/revoke`, undefined, { token: admin }), apiToken)
    expect(data).toMatchObject({ status: 'revoked', revokedAt: t.clock.now().toISOString() })
    expect((await errorOf(await whoAmI(t, secret), 401)).message).toBe(API_TOKENS_MSG.tokenInvalid)
    expect(await auditOf(t, 'apiToken.revoke')).toEqual([
      expect.objectContaining({ actorEmail: TEST_ADMIN.email, targetType: 'apiToken', targetId: token._id, targetLabel: 'App backend' }),
    ])
    expect((await errorOf(await t.post(`/admin/api-tokens/${token._id}/revoke`, undefined, { token: admin }), 409)).message).toBe(API_TOKENS_MSG.alreadyRevoked)
    await errorOf(await t.post(`/admin/api-tokens/${UNKNOWN_ID}/revoke`, undefined, { token: admin }), 404)
    await errorOf(await t.post('/admin/api-tokens/not-an-id/revoke', undefined, { token: admin }), 400)
  })

  it('reaches another app on the same database that follows revocations, within milliseconds', async () => {
    const t = await testApp()
    const other = secondApp(t)
    const listening = await followTokenRevocations(t.db, other.apiTokens)
    try {
      const { token, secret } = await create(t)
      const kept = await create(t, { name: 'Kept' })
      expect((await other.whoAmI(secret)).status).toBe(200) // kept by the second app
      expect((await other.whoAmI(kept.secret)).status).toBe(200)
      await okBody(await t.post(`/admin/api-tokens/${token._id}/revoke`, undefined, { token: await tokenOf(t) }), apiToken)
      await vi.waitFor(async () => expect((await other.whoAmI(secret)).status).toBe(401), { timeout: API_TOKEN_CACHE_MS / 2, interval: 5 })
      expect((await other.whoAmI(kept.secret)).status).toBe(200)
    } finally {
      await listening.stop()
    }
  })

  it('reaches an app that does not listen within API_TOKEN_CACHE_MS', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    try {
      const t = await testApp()
      const other = secondApp(t)
      const { token, secret } = await create(t)
      expect((await other.whoAmI(secret)).status).toBe(200)
      await t.db.update(apiTokens).set({ revokedAt: t.clock.now() }).where(eq(apiTokens.id, token._id))
      vi.advanceTimersByTime(API_TOKEN_CACHE_MS - 1)
      expect((await other.whoAmI(secret)).status).toBe(200) // the documented staleness
      vi.advanceTimersByTime(1)
      expect((await other.whoAmI(secret)).status).toBe(401)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('a session', () => {
  it('still opens the admin API beside API tokens', async () => {
    const t = await testApp()
    await create(t)
    await okBody(await t.get('/admin/profile', { token: await tokenOf(t) }), adminProfile)
  })
})
