import { and, between, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  chartRange,
  DASHBOARD_MSG,
  dashboardChartsQuery,
  FEEDBACK_STATUS,
  FEEDBACK_TYPES,
  PARTNER_STATUS,
  PARTNER_TYPE,
  zeroFilled,
  type ChartPeriod,
  type DashboardCharts,
  type DashboardTotals,
  type FeedbackType,
} from '../../contract'
import type { Db } from '../db/client'
import { rowCount } from '../db/row-counts'
import { appUsers, dailyCounts, partners, places, rowCounts } from '../db/schema'
import type { Deps } from '../deps'
import { permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

/** The four cards of the dashboard: exact totals kept by triggers, so no table is scanned. */
export async function dashboardTotals(db: Db): Promise<DashboardTotals> {
  const [users, petShops, hospitals, partnerRequests, pendingPartnerRequests] = await Promise.all([
    rowCount(db, appUsers),
    rowCount(db, places, { kind: 'petShop' }),
    rowCount(db, places, { kind: 'hospital' }),
    rowCount(db, partners),
    rowCount(db, partners, { status: PARTNER_STATUS.PENDING }),
  ])
  return { users, petShops, hospitals, partnerRequests, pendingPartnerRequests }
}

type Metric = 'app_users' | 'partners' | 'feedback' | 'notifications'
const total = sql`sum(${dailyCounts.n})`.mapWith(Number)
const inRange = (metric: Metric, from: string, to: string) => and(eq(dailyCounts.metric, metric), between(dailyCounts.day, from, to))

/**
 * A metric's counts from `from` to `to` by bucket (day, month or Monday's week), from the
 * trigger-kept daily_counts: a primary key range, at most a year of days per partition. Days are
 * truncated as timestamps without a zone, so the session's time zone cannot move a bucket.
 */
async function countsBy(db: Db, metric: Metric, unit: 'day' | 'month' | 'week', from: string, to: string) {
  const bucket = unit === 'day' ? sql<string>`${dailyCounts.day}` : sql<string>`date_trunc(${unit}, ${dailyCounts.day}::timestamp)::date::text`
  const rows = await db.select({ start: bucket, n: total }).from(dailyCounts).where(inRange(metric, from, to)).groupBy(sql`1`)
  return new Map(rows.map((r) => [String(r.start), r.n]))
}

/** Feedback created from `from` to `to`, by type and by status. */
async function feedbackCounts(db: Db, from: string, to: string): Promise<DashboardCharts['feedback']> {
  const rows = await db
    .select({ type: sql<string>`${dailyCounts.part} ->> 'type'`, status: sql<string>`${dailyCounts.part} ->> 'status'`, n: total })
    .from(dailyCounts)
    .where(inRange('feedback', from, to))
    .groupBy(sql`1`, sql`2`)
  const byType = Object.fromEntries(FEEDBACK_TYPES.map((t) => [t, 0])) as Record<FeedbackType, number>
  const byStatus = { open: 0, inProgress: 0, resolved: 0 }
  const statusKey = { [FEEDBACK_STATUS.OPEN]: 'open', [FEEDBACK_STATUS.IN_PROGRESS]: 'inProgress', [FEEDBACK_STATUS.RESOLVED]: 'resolved' } as const
  for (const { type, status, n } of rows) {
    if (type in byType) byType[type as FeedbackType] += n
    const key = statusKey[Number(status) as keyof typeof statusKey]
    if (key) byStatus[key] += n
  }
  return { byType, byStatus }
}

/** Every partner request (as the card counts them), by status and by type, from row_counts. */
async function partnerCounts(db: Db): Promise<DashboardCharts['partners']> {
  const rows = await db.select({ part: rowCounts.part, n: rowCounts.n }).from(rowCounts).where(eq(rowCounts.tableName, 'partners'))
  const byStatus = { pending: 0, approved: 0, declined: 0 }
  const byType = { hospital: 0, petShop: 0 }
  for (const { part, n } of rows) {
    const status = Number(part.status)
    if (status === PARTNER_STATUS.PENDING) byStatus.pending += n
    else if (status === PARTNER_STATUS.APPROVED) byStatus.approved += n
    else if (status === PARTNER_STATUS.DECLINED) byStatus.declined += n
    const type = Number(part.type)
    if (type === PARTNER_TYPE.HOSPITAL) byType.hospital += n
    else if (type === PARTNER_TYPE.PET_SHOPS) byType.petShop += n
  }
  return { byStatus, byType }
}

/** The dashboard's charts over `period`, ending today (UTC) by `now`. */
export async function dashboardCharts(db: Db, period: ChartPeriod, now: Date): Promise<DashboardCharts> {
  const range = chartRange(period, now)
  const { from, to, unit } = range
  const [users, notifications, feedback, partnersByPart] = await Promise.all([
    countsBy(db, 'app_users', unit, from, to),
    // Whole weeks: the first bar counts from its Monday, though the period starts later.
    countsBy(db, 'notifications', 'week', range.weeks[0]!, to),
    feedbackCounts(db, from, to),
    partnerCounts(db),
  ])
  return {
    period,
    from,
    to,
    newUsers: { unit, points: zeroFilled(range.buckets, users) },
    feedback,
    partners: partnersByPart,
    notificationsPerWeek: zeroFilled(range.weeks, notifications),
  }
}

export const dashboardRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/admin/dashboard', permit('read'), async (c) => c.json(ok(DASHBOARD_MSG.fetched, await dashboardTotals(deps.db))))
    .get('/admin/dashboard/charts', permit('read'), validate('query', dashboardChartsQuery), async (c) =>
      c.json(ok(DASHBOARD_MSG.chartsFetched, await dashboardCharts(deps.db, c.req.valid('query').period, deps.clock.now()))),
    )
