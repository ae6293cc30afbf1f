import { eq } from 'drizzle-orm'
import { auditEntry } from '../../contract'
import { auditLog } from '../../server/db/schema'
import { TEST_ADMIN } from './helpers/accounts'
import { errorOf, listBody } from './helpers/bodies'
import { tokenOf } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const WRONG = 'Wrong@123'
const DAY = 24 * 60 * 60 * 1000

const failSignIn = (t: TestApp, email: string, address: string) =>
  t.post('/admin/login', { email, password: WRONG }, { headers: { 'X-Forwarded-For': address } })

const rowsOf = (t: TestApp, action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.at)

describe('anonymous sign-in failures in the audit log', () => {
  it('keep one row per email and address within an hour, with a count', async () => {
    const t = await testApp({ config: { trustProxy: 1 } })
    const firstAt = t.clock.now()
    for (let i = 0; i < 3; i++) {
      await errorOf(await failSignIn(t, 'nobody@petcare.test', '203.0.113.1'), 401)
      t.clock.advance(60_000)
    }
    await errorOf(await failSignIn(t, 'nobody@petcare.test', '203.0.113.2'), 401)
    t.clock.advance(1000) // rows are read back by time
    await errorOf(await failSignIn(t, 'else@petcare.test', '203.0.113.1'), 401)
    const rows = await rowsOf(t, 'auth.sign_in_failed')
    expect(rows.map((r) => [r.actorEmail, r.address, r.count])).toEqual([
      ['nobody@petcare.test', '203.0.113.1', 3],
      ['nobody@petcare.test', '203.0.113.2', 1],
      ['else@petcare.test', '203.0.113.1', 1],
    ])
    // The first keeps its time; the detail says when the last came.
    expect(rows[0]!.at).toEqual(firstAt)
    expect(rows[0]!.detail).toMatchObject({ reason: 'credentials', lastAt: new Date(firstAt.getTime() + 2 * 60_000).toISOString() })
  })

  it('start a new row in the next hour', async () => {
    const t = await testApp({ config: { trustProxy: 1 } })
    await errorOf(await failSignIn(t, 'nobody@petcare.test', '203.0.113.1'), 401)
    t.clock.advance(60 * 60 * 1000)
    await errorOf(await failSignIn(t, 'nobody@petcare.test', '203.0.113.1'), 401)
    expect((await rowsOf(t, 'auth.sign_in_failed')).map((r) => r.count)).toEqual([1, 1])
  })

  it('count refused attempts on one row too, however many come', async () => {
    const t = await testApp({ config: { trustProxy: 1 } })
    for (let i = 0; i < 5; i++) await errorOf(await failSignIn(t, TEST_ADMIN.email, '203.0.113.1'), 401)
    await Promise.all(Array.from({ length: 20 }, () => failSignIn(t, TEST_ADMIN.email, '203.0.113.1')))
    const throttled = await rowsOf(t, 'auth.sign_in_throttled')
    expect(throttled).toHaveLength(1)
    expect(throttled[0]!.count).toBe(20)
    expect((await rowsOf(t, 'auth.sign_in_failed')).map((r) => r.count)).toEqual([5])
  })

  it('refused by the address limit, count on one row per address however many emails are tried', async () => {
    const t = await testApp({ config: { trustProxy: 1 } })
    for (let i = 0; i < 20; i++) await errorOf(await failSignIn(t, `user${i}@petcare.test`, '203.0.113.9'), 401)
    for (let i = 0; i < 6; i++) await errorOf(await failSignIn(t, `other${i}@petcare.test`, '203.0.113.9'), 429)
    const throttled = await rowsOf(t, 'auth.sign_in_throttled')
    expect(throttled.map((r) => [r.address, r.count])).toEqual([['203.0.113.9', 6]])
    expect(throttled[0]!.detail).toMatchObject({ limit: 'address', sameAddressAnyEmail: true })
  })

  it('codes asked for emails nobody has count on one row per address', async () => {
    const t = await testApp({ config: { trustProxy: 1 } })
    for (let i = 0; i < 5; i++) await t.post('/admin/send-otp', { email: `ghost${i}@petcare.test` }, { headers: { 'X-Forwarded-For': '203.0.113.4' } })
    t.clock.advance(1000)
    await t.post('/admin/send-otp', { email: TEST_ADMIN.email }, { headers: { 'X-Forwarded-For': '203.0.113.4' } })
    const rows = await rowsOf(t, 'auth.otp_requested')
    expect(rows.map((r) => [(r.detail as { outcome: string }).outcome, r.count])).toEqual([
      ['no_account', 5],
      ['sent', 1],
    ])
  })

  it('are listed once with their count', async () => {
    const t = await testApp({ config: { trustProxy: 1 } })
    for (let i = 0; i < 4; i++) await errorOf(await failSignIn(t, 'nobody@petcare.test', '203.0.113.1'), 401)
    const body = await listBody(await t.get('/admin/audit-log?action=auth.sign_in_failed', { token: await tokenOf(t) }), auditEntry)
    expect(body.data.map((e) => [e.actor?.email, e.count])).toEqual([['nobody@petcare.test', 4]])
    expect(body.total).toBe(1)
  })
})

describe('audit retention', () => {
  async function addEntry(t: TestApp, daysAgo: number) {
    const [row] = await t.db
      .insert(auditLog)
      .values({ action: 'user.block', at: new Date(t.clock.now().getTime() - daysAgo * DAY) })
      .returning()
    return row!.id
  }

  it('prunes the entries older than AUDIT_RETENTION_DAYS (365 by default) in the maintenance round', async () => {
    const t = await testApp()
    const old = await addEntry(t, 366)
    const kept = await addEntry(t, 364)
    expect((await t.app.maintenance.runOnce()).auditPruned).toBe(1)
    const ids = (await t.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id)
    expect(ids).toContain(kept)
    expect(ids).not.toContain(old)
  })

  it('follows the configured retention, and keeps the list totals right', async () => {
    const t = await testApp({ config: { auditRetentionMs: 30 * DAY } })
    for (const days of [40, 31, 29, 1]) await addEntry(t, days)
    expect((await t.app.maintenance.runOnce()).auditPruned).toBe(2)
    const body = await listBody(await t.get('/admin/audit-log?action=user.block', { token: await tokenOf(t) }), auditEntry)
    expect(body.total).toBe(2)
    expect(body.data).toHaveLength(2)
  })
})

describe('the maintenance jobs', () => {
  it('run on their own once started, again every interval, and stop', async () => {
    const t = await testApp()
    await t.db.insert(auditLog).values({ action: 'user.block', at: new Date(t.clock.now().getTime() - 400 * DAY) })
    const stop = t.app.maintenance.start(20)
    await vi.waitFor(async () => expect(await t.db.select().from(auditLog)).toHaveLength(0))
    // A second round, on the timer.
    await t.db.insert(auditLog).values({ action: 'user.block', at: new Date(t.clock.now().getTime() - 400 * DAY) })
    await vi.waitFor(async () => expect(await t.db.select().from(auditLog)).toHaveLength(0))
    await stop()
  })
})
