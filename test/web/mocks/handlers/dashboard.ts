import type { HttpHandler } from 'msw'
import {
  chartRange,
  DASHBOARD_MSG,
  dashboardChartsQuery,
  FEEDBACK_TYPES,
  monthOf,
  weekOf,
  zeroFilled,
  type DashboardCharts,
  type FeedbackStatus,
  type FeedbackType,
} from '@contract'
import { db, ok, route, storeOf } from '../db'

/** A row of the server's daily_counts: a metric's new rows on one UTC day (feedback: of one type and status). */
export type MockDailyCount =
  | { metric: 'app_users' | 'notifications'; day: string; n: number }
  | { metric: 'feedback'; day: string; type: FeedbackType; status: FeedbackStatus; n: number }

/** The UTC day `back` days before today. */
export const daysAgo = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10)

function seed() {
  const daily: MockDailyCount[] = []
  // A year of sign-ups and notifications, and some feedback, dated from today as the server's are.
  for (let back = 0; back < 400; back++) {
    daily.push({ metric: 'app_users', day: daysAgo(back), n: (back * 7) % 5 })
    if (back % 3 === 0) daily.push({ metric: 'notifications', day: daysAgo(back), n: 1 })
    if (back % 4 === 0) daily.push({ metric: 'feedback', day: daysAgo(back), type: FEEDBACK_TYPES[(back / 4) % 4]!, status: ((back % 3) + 1) as FeedbackStatus, n: 1 })
  }
  // Every partner request (db.totals.partnerRequests, of which db.totals.pendingPartnerRequests pending).
  const partners: DashboardCharts['partners'] = { byStatus: { pending: 4, approved: 3, declined: 2 }, byType: { hospital: 5, petShop: 4 } }
  return { daily, partners }
}

/** The dashboard charts' counts (tests replace `daily` or `partners`). */
export const dashboardDb = storeOf(seed)

const statusKey = { 1: 'open', 2: 'inProgress', 3: 'resolved' } as const

/** As the server counts: by bucket over the period, zero-filled, notifications by whole weeks. */
function charts(period: DashboardCharts['period']): DashboardCharts {
  const range = chartRange(period, new Date())
  const { daily, partners } = dashboardDb()
  const sum = (metric: MockDailyCount['metric'], from: string, bucket: (day: string) => string) => {
    const counts = new Map<string, number>()
    for (const row of daily) {
      if (row.metric !== metric || row.day < from || row.day > range.to) continue
      counts.set(bucket(row.day), (counts.get(bucket(row.day)) ?? 0) + row.n)
    }
    return counts
  }
  const feedback: DashboardCharts['feedback'] = {
    byType: { BUG: 0, NEW_FEATURE: 0, SUGGESTION: 0, OTHER: 0 },
    byStatus: { open: 0, inProgress: 0, resolved: 0 },
  }
  for (const row of daily) {
    if (row.metric !== 'feedback' || row.day < range.from || row.day > range.to) continue
    feedback.byType[row.type] += row.n
    feedback.byStatus[statusKey[row.status]] += row.n
  }
  return {
    period,
    from: range.from,
    to: range.to,
    newUsers: { unit: range.unit, points: zeroFilled(range.buckets, sum('app_users', range.from, range.unit === 'month' ? monthOf : (d) => d)) },
    feedback,
    partners,
    notificationsPerWeek: zeroFilled(range.weeks, sum('notifications', range.weeks[0]!, weekOf)),
  }
}

export const dashboardHandlers: HttpHandler[] = [
  route('get', '/admin/dashboard', { permission: 'read' }, () => ok(DASHBOARD_MSG.fetched, db.totals)),
  route('get', '/admin/dashboard/charts', { permission: 'read', query: dashboardChartsQuery }, ({ query }) =>
    ok(DASHBOARD_MSG.chartsFetched, charts(query.period)),
  ),
]
