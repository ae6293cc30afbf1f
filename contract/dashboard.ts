import * as zm from 'zod/mini'
import { CHART_PERIODS, FEEDBACK_TYPES, type ChartPeriod, type FeedbackType } from './enums'

/**
 * GET /admin/dashboard: the four totals of the product's 2x2 grid, plus how many partner
 * requests wait for a decision (shown on the Partner Requests card; added, so older clients
 * still read the answer).
 */
export const dashboardTotals = zm.object({
  users: zm.int(),
  petShops: zm.int(),
  hospitals: zm.int(),
  partnerRequests: zm.int(),
  pendingPartnerRequests: zm.int(),
})
export type DashboardTotals = zm.infer<typeof dashboardTotals>

export const DASHBOARD_MSG = {
  fetched: 'Dashboard fetched successfully',
  chartsFetched: 'Dashboard charts fetched successfully',
  badPeriod: 'Period must be 30d, 90d or 12m',
} as const

/** One bar: the bucket's first day (a day, a month's 1st, a week's Monday; UTC) and its count. */
const chartPoint = zm.object({ start: zm.iso.date(), n: zm.int() })
export type ChartPoint = zm.infer<typeof chartPoint>

const count = zm.int()
const feedbackByType = zm.object(Object.fromEntries(FEEDBACK_TYPES.map((t) => [t, count])) as Record<FeedbackType, typeof count>)

/**
 * The dashboard's charts over a period (`from` to `to`, whole UTC days, both counted). Every
 * bucket of the period is present, with 0 when nothing happened. New users per day (per month
 * for 12m); feedback by type and by status, created in the period; notifications sent per week
 * (Monday to Sunday, every week the period touches, the first one whole); partner requests by
 * status and by type, all of them (as the Partner Requests card counts them).
 */
export const dashboardCharts = zm.object({
  period: zm.enum(CHART_PERIODS),
  from: zm.iso.date(),
  to: zm.iso.date(),
  newUsers: zm.object({ unit: zm.enum(['day', 'month']), points: zm.array(chartPoint) }),
  feedback: zm.object({
    byType: feedbackByType,
    byStatus: zm.object({ open: count, inProgress: count, resolved: count }),
  }),
  partners: zm.object({
    byStatus: zm.object({ pending: count, approved: count, declined: count }),
    byType: zm.object({ hospital: count, petShop: count }),
  }),
  notificationsPerWeek: zm.array(chartPoint),
})
export type DashboardCharts = zm.infer<typeof dashboardCharts>

const DAY_MS = 86_400_000
/** A UTC day as YYYY-MM-DD. */
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10)
const addDays = (day: string, days: number) => dayOf(Date.parse(day) + days * DAY_MS)

/** The first day of the month `day` is in. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`
/** The Monday of the week `day` is in. */
export const weekOf = (day: string) => addDays(day, -((new Date(day).getUTCDay() + 6) % 7))

export interface ChartRange {
  period: ChartPeriod
  /** The first and last day of the period (UTC; `to` is today). */
  from: string
  to: string
  unit: 'day' | 'month'
  /** The first day of each bucket of the new users' chart, oldest first. */
  buckets: string[]
  /** The Monday of each week the period touches, oldest first. */
  weeks: string[]
}

/**
 * The days, months and weeks a period covers at `now`: the server counts by them, and the web
 * tests' mock API answers with the same buckets.
 */
export function chartRange(period: ChartPeriod, now: Date): ChartRange {
  const to = dayOf(now.getTime())
  const buckets: string[] = []
  let from: string
  if (period === '12m') {
    for (let back = 11; back >= 0; back--) buckets.push(dayOf(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)))
    from = buckets[0]!
  } else {
    const days = period === '30d' ? 30 : 90
    from = addDays(to, 1 - days)
    for (let i = 0; i < days; i++) buckets.push(addDays(from, i))
  }
  const weeks: string[] = []
  for (let week = weekOf(from); week <= to; week = addDays(week, 7)) weeks.push(week)
  return { period, from, to, unit: period === '12m' ? 'month' : 'day', buckets, weeks }
}

/** Counts by bucket start as points, a 0 for each bucket without one. */
export const zeroFilled = (starts: string[], counts: ReadonlyMap<string, number>): ChartPoint[] =>
  starts.map((start) => ({ start, n: counts.get(start) ?? 0 }))
