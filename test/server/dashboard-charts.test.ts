import { eq, gte, inArray } from 'drizzle-orm'
import { DASHBOARD_MSG, dashboardCharts, dashboardTotals, type DashboardCharts } from '../../contract'
import { appUsers, feedback, notifications, partners } from '../../server/db/schema'
import { seedDemo } from '../../server/seed/seed'
import { errorOf, okBody } from './helpers/bodies'
import { demoPicturesOf } from './helpers/demo-pictures'
import { addFeedback, addNotification, addPartners, addUsers, tokenOf } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

// The test clock reads 2025-03-01T09:00Z, a Saturday: the last 30 days are 31 January to 1 March.
const at = (iso: string) => new Date(iso)

async function charts(t: TestApp, query = '', who: 'admin' | 'subAdmin' = 'admin') {
  const res = await t.get(`/admin/dashboard/charts${query}`, { token: await tokenOf(t, who) })
  const body = await okBody(res, dashboardCharts)
  expect(body.message).toBe(DASHBOARD_MSG.chartsFetched)
  return body.data
}

/** The non-zero points, as start: n. */
const nonZero = (points: DashboardCharts['newUsers']['points']) => Object.fromEntries(points.filter((p) => p.n !== 0).map((p) => [p.start, p.n]))

describe('GET /admin/dashboard/charts', () => {
  it('answers every day of the last 30 days, the weeks they touch and every count at 0 on an empty database, for a sub admin too', async () => {
    const t = await testApp()
    const data = await charts(t, '', 'subAdmin')
    expect(data.period).toBe('30d')
    expect([data.from, data.to]).toEqual(['2025-01-31', '2025-03-01'])
    expect(data.newUsers.unit).toBe('day')
    expect(data.newUsers.points).toHaveLength(30)
    expect(data.newUsers.points[0]).toEqual({ start: '2025-01-31', n: 0 })
    expect(data.newUsers.points.at(-1)).toEqual({ start: '2025-03-01', n: 0 })
    expect(data.notificationsPerWeek.map((w) => w.start)).toEqual(['2025-01-27', '2025-02-03', '2025-02-10', '2025-02-17', '2025-02-24'])
    expect(data.notificationsPerWeek.every((w) => w.n === 0)).toBe(true)
    expect(data.feedback).toEqual({ byType: { BUG: 0, NEW_FEATURE: 0, SUGGESTION: 0, OTHER: 0 }, byStatus: { open: 0, inProgress: 0, resolved: 0 } })
    expect(data.partners).toEqual({ byStatus: { pending: 0, approved: 0, declined: 0 }, byType: { hospital: 0, petShop: 0 } })
  })

  it('counts nothing an earlier test made: the reset between tests empties the counts as well', async () => {
    const earlier = await testApp()
    await addNotification(earlier, { sentAt: at('2025-02-24T00:00:00Z') })
    await addFeedback(earlier, [{ createdAt: at('2025-02-24T00:00:00Z') }])
    const data = await charts(await testApp(), '', 'subAdmin')
    expect(nonZero(data.notificationsPerWeek)).toEqual({})
    expect(data.feedback.byType).toEqual({ BUG: 0, NEW_FEATURE: 0, SUGGESTION: 0, OTHER: 0 })
  })

  it('counts new users on their UTC day, and none outside the period', async () => {
    const t = await testApp()
    await addUsers(t, [
      { createdAt: at('2025-03-01T00:00:00Z') },
      { createdAt: at('2025-03-01T08:59:00Z') },
      { createdAt: at('2025-02-28T23:59:59Z') },
      { createdAt: at('2025-01-31T00:00:00Z') },
      { createdAt: at('2025-01-30T23:59:59Z') },
    ])
    const data = await charts(t, '?period=30d')
    expect(nonZero(data.newUsers.points)).toEqual({ '2025-01-31': 1, '2025-02-28': 1, '2025-03-01': 2 })
  })

  it('follows new and deleted users', async () => {
    const t = await testApp()
    const [gone] = await addUsers(t, [{ createdAt: at('2025-02-10T10:00:00Z') }, { createdAt: at('2025-02-10T11:00:00Z') }])
    expect(nonZero((await charts(t)).newUsers.points)).toEqual({ '2025-02-10': 2 })
    await t.db.delete(appUsers).where(eq(appUsers.id, gone!.id))
    await addUsers(t, [{ createdAt: at('2025-02-11T10:00:00Z') }])
    expect(nonZero((await charts(t)).newUsers.points)).toEqual({ '2025-02-10': 1, '2025-02-11': 1 })
  })

  it('switches to 90 days by day and 12 months by month', async () => {
    const t = await testApp()
    await addUsers(t, [
      { createdAt: at('2025-01-30T12:00:00Z') },
      { createdAt: at('2024-12-02T00:00:00Z') },
      { createdAt: at('2024-12-01T23:00:00Z') },
      { createdAt: at('2024-04-01T00:00:00Z') },
      { createdAt: at('2024-03-31T23:59:59Z') },
      { createdAt: at('2025-02-14T10:00:00Z') },
    ])
    const ninety = await charts(t, '?period=90d')
    expect([ninety.from, ninety.to, ninety.newUsers.points.length]).toEqual(['2024-12-02', '2025-03-01', 90])
    expect(nonZero(ninety.newUsers.points)).toEqual({ '2024-12-02': 1, '2025-01-30': 1, '2025-02-14': 1 })
    expect(ninety.notificationsPerWeek).toHaveLength(13)

    const year = await charts(t, '?period=12m')
    expect([year.from, year.to, year.newUsers.unit]).toEqual(['2024-04-01', '2025-03-01', 'month'])
    expect(year.newUsers.points.map((p) => p.start)).toEqual([
      '2024-04-01', '2024-05-01', '2024-06-01', '2024-07-01', '2024-08-01', '2024-09-01',
      '2024-10-01', '2024-11-01', '2024-12-01', '2025-01-01', '2025-02-01', '2025-03-01',
    ])
    expect(nonZero(year.newUsers.points)).toEqual({ '2024-04-01': 1, '2024-12-01': 2, '2025-01-01': 1, '2025-02-01': 1 })
    // Every week since the Monday before 1 April 2024.
    expect(year.notificationsPerWeek[0]!.start).toBe('2024-04-01')
    expect(year.notificationsPerWeek.at(-1)!.start).toBe('2025-02-24')
    expect(year.notificationsPerWeek).toHaveLength(48)
  })

  it('counts feedback of the period by type and by status, following status changes and deletes', async () => {
    const t = await testApp()
    const made = await addFeedback(t, [
      { type: 'BUG', createdAt: at('2025-02-10T10:00:00Z') },
      { type: 'BUG', createdAt: at('2025-03-01T08:00:00Z'), status: 2 },
      { type: 'NEW_FEATURE', createdAt: at('2025-02-01T10:00:00Z'), status: 3 },
      { type: 'OTHER', createdAt: at('2025-02-20T10:00:00Z') },
      // Before the last 30 days.
      { type: 'SUGGESTION', createdAt: at('2025-01-20T10:00:00Z') },
    ])
    expect((await charts(t)).feedback).toEqual({
      byType: { BUG: 2, NEW_FEATURE: 1, SUGGESTION: 0, OTHER: 1 },
      byStatus: { open: 2, inProgress: 1, resolved: 1 },
    })
    expect((await charts(t, '?period=90d')).feedback.byType.SUGGESTION).toBe(1)

    await t.db.update(feedback).set({ status: 3 }).where(eq(feedback.id, made[0]!.id))
    await t.db.delete(feedback).where(eq(feedback.id, made[3]!.id))
    expect((await charts(t)).feedback).toEqual({
      byType: { BUG: 2, NEW_FEATURE: 1, SUGGESTION: 0, OTHER: 0 },
      byStatus: { open: 0, inProgress: 1, resolved: 2 },
    })
  })

  it('counts every partner request by status and by type, whatever its age, as the card and its pending count do', async () => {
    const t = await testApp()
    const made = await addPartners(t, [
      { type: 5, createdAt: at('2020-01-01T00:00:00Z') },
      { type: 5 },
      { type: 6 },
      { type: 6, status: 3, decidedAt: at('2025-02-01T00:00:00Z') },
    ])
    const token = await tokenOf(t)
    expect((await charts(t)).partners).toEqual({ byStatus: { pending: 3, approved: 0, declined: 1 }, byType: { hospital: 2, petShop: 2 } })
    expect((await okBody(await t.get('/admin/dashboard', { token }), dashboardTotals)).data).toMatchObject({ partnerRequests: 4, pendingPartnerRequests: 3 })

    await t.db.update(partners).set({ status: 2, decidedAt: t.clock.now() }).where(eq(partners.id, made[0]!.id))
    await t.db.delete(partners).where(eq(partners.id, made[2]!.id))
    expect((await charts(t)).partners).toEqual({ byStatus: { pending: 1, approved: 1, declined: 1 }, byType: { hospital: 2, petShop: 1 } })
    expect((await okBody(await t.get('/admin/dashboard', { token }), dashboardTotals)).data).toMatchObject({ partnerRequests: 3, pendingPartnerRequests: 1 })
  })

  it('counts notifications per week by when they were sent: scheduled ones once sent, deleted ones no more', async () => {
    const t = await testApp()
    // The first week is counted whole, from Monday 27 January.
    const early = await addNotification(t, { sentAt: at('2025-01-27T00:00:00Z') })
    await addNotification(t, { sentAt: at('2025-02-02T23:59:59Z') })
    await addNotification(t, { sentAt: at('2025-02-24T00:00:00Z') })
    await addNotification(t, { sentAt: at('2025-03-01T08:00:00Z') })
    await addNotification(t, { sentAt: at('2025-01-26T23:59:59Z') })
    const scheduled = await addNotification(t, { status: 1, scheduledAt: at('2025-03-02T10:00:00Z'), sentAt: null })
    expect(nonZero((await charts(t)).notificationsPerWeek)).toEqual({ '2025-01-27': 2, '2025-02-24': 2 })

    await t.db.update(notifications).set({ status: 2, sentAt: at('2025-02-12T10:00:00Z') }).where(eq(notifications.id, scheduled.id))
    await t.db.delete(notifications).where(inArray(notifications.id, [early.id]))
    expect(nonZero((await charts(t)).notificationsPerWeek)).toEqual({ '2025-01-27': 1, '2025-02-10': 1, '2025-02-24': 2 })
  })

  it('follows the clock: tomorrow, today moves into the last day', async () => {
    const t = await testApp()
    await addUsers(t, [{ createdAt: at('2025-03-02T01:00:00Z') }])
    expect(nonZero((await charts(t)).newUsers.points)).toEqual({})
    t.clock.advance(24 * 60 * 60 * 1000)
    const data = await charts(t)
    expect([data.from, data.to]).toEqual(['2025-02-01', '2025-03-02'])
    expect(nonZero(data.newUsers.points)).toEqual({ '2025-03-02': 1 })
  })

  it.each([['?period=7d'], ['?period='], ['?period=30D'], ['?days=30']])('refuses %s with 400', async (query) => {
    const t = await testApp()
    const res = await t.get(`/admin/dashboard/charts${query}`, { token: await tokenOf(t) })
    const body = await errorOf(res, 400)
    if (query.startsWith('?period')) expect(body.error.fields).toEqual({ period: DASHBOARD_MSG.badPeriod })
  })

  it('asks to sign in without a token', async () => {
    const t = await testApp()
    await errorOf(await t.get('/admin/dashboard/charts'), 401)
  })
})

describe('the charts on the demo data', () => {
  it('count the demo notifications as sent when they were written', async () => {
    const t = await testApp()
    await seedDemo(t.db, t.clock.now(), demoPicturesOf(t))
    const year = await charts(t, '?period=12m')
    const sent = await t.db.$count(notifications, gte(notifications.sentAt, at(`${year.notificationsPerWeek[0]!.start}T00:00:00Z`)))
    expect(sent).toBeGreaterThan(0)
    expect(year.notificationsPerWeek.reduce((sum, w) => sum + w.n, 0)).toBe(sent)
  })
})
