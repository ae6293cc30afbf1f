import { useId, type ReactNode } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import {
  CHART_PERIODS,
  chartPeriodLabel,
  FEEDBACK_TYPES,
  feedbackStatusLabel,
  feedbackTypeLabel,
  partnerStatusLabel,
  partnerTypeLabel,
  type ChartPoint,
  type DashboardCharts as Charts,
} from '@contract'
import { Button } from '@/components/ui/Button'
import { Segmented } from '@/components/ui/Segmented'
import { Spinner } from '@/components/ui/Spinner'
import { afterNextPaint, useScheduled } from '@/lib/prefetch'
import { dashboardChartsQuery } from './api'
import { count } from '@/lib/count'
import { ChartCard, plural, ShareBars, TimeBars } from './chart-parts'

const route = getRouteApi('/_signed-in/dashboard')

// Buckets are UTC days written YYYY-MM-DD, named from that text: no time zone can move a bar to the
// day before, and no Intl formatter is made (the first one loads the engine's locale data, a long
// task on a phone). The names are the ones Intl writes for en-US.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const monthOf = (start: string) => MONTHS[Number(start.slice(5, 7)) - 1] ?? start
const year = (start: string) => start.slice(0, 4)
const monthLong = (start: string) => `${monthOf(start)} ${year(start)}`
const monthShort = (start: string) => `${monthOf(start).slice(0, 3)} ${year(start)}`
const dayShort = (start: string) => `${monthOf(start).slice(0, 3)} ${Number(start.slice(8, 10))}`

const dayNames = { long: (start: string) => start, short: dayShort }
const monthNames = { long: monthLong, short: monthShort }
const weekNames = { long: (start: string) => `Week of ${start}`, short: dayShort }

/** The highest bar, or none when every bar is 0. */
const busiest = (points: ChartPoint[]) => points.reduce<ChartPoint | null>((top, p) => (p.n > (top?.n ?? 0) ? p : top), null)
const total = (points: ChartPoint[]) => points.reduce((s, p) => s + p.n, 0)

function NewUsersChart({ data }: { data: Charts }) {
  const { unit, points } = data.newUsers
  const names = unit === 'month' ? monthNames : dayNames
  const top = busiest(points)
  const summary =
    `${plural(total(points), 'new user', 'new users')} in the last ${chartPeriodLabel[data.period]}.` +
    (top ? ` The busiest ${unit}: ${names.long(top.start)}, with ${count.format(top.n)}.` : '')
  return (
    <ChartCard title="New users" summary={summary}>
      <TimeBars caption={`New users per ${unit}`} columns={[unit === 'month' ? 'Month' : 'Day', 'New users']} points={points} {...names} />
    </ChartCard>
  )
}

function NotificationsChart({ data }: { data: Charts }) {
  const points = data.notificationsPerWeek
  const top = busiest(points)
  const summary =
    // The period's own words, as the other charts say them: the count of weeks it touches
    // ("49 weeks from ...") read as another period than the switch's.
    `${plural(total(points), 'notification', 'notifications')} sent in the last ${chartPeriodLabel[data.period]}, by week.` +
    (top ? ` The busiest: the week of ${top.start}, with ${count.format(top.n)}.` : '')
  return (
    <ChartCard title="Notifications sent per week" summary={summary}>
      <TimeBars caption="Notifications sent per week" columns={['Week', 'Notifications sent']} points={points} {...weekNames} />
    </ChartCard>
  )
}

function PartnersChart({ data }: { data: Charts }) {
  const { byStatus, byType } = data.partners
  const all = byStatus.pending + byStatus.approved + byStatus.declined
  const summary = `${plural(all, 'partner request', 'partner requests')} in all: ${count.format(byStatus.pending)} pending, ${count.format(byStatus.approved)} approved, ${count.format(byStatus.declined)} declined.`
  return (
    <ChartCard title="Partner requests" summary={summary}>
      <ShareBars
        caption="By status"
        columns={['Status', 'Requests']}
        rows={[
          { label: partnerStatusLabel[1], n: byStatus.pending },
          { label: partnerStatusLabel[2], n: byStatus.approved },
          { label: partnerStatusLabel[3], n: byStatus.declined },
        ]}
      />
      <ShareBars
        caption="By type"
        columns={['Type', 'Requests']}
        rows={[
          { label: partnerTypeLabel[5], n: byType.hospital },
          { label: partnerTypeLabel[6], n: byType.petShop },
        ]}
      />
    </ChartCard>
  )
}

function FeedbackChart({ data }: { data: Charts }) {
  const { byType, byStatus } = data.feedback
  const all = byStatus.open + byStatus.inProgress + byStatus.resolved
  const summary = `${count.format(all)} feedback received in the last ${chartPeriodLabel[data.period]}: ${count.format(byStatus.open)} open, ${count.format(byStatus.inProgress)} in progress, ${count.format(byStatus.resolved)} resolved.`
  return (
    <ChartCard title="Feedback" summary={summary}>
      <ShareBars caption="By type" columns={['Type', 'Feedback']} rows={FEEDBACK_TYPES.map((t) => ({ label: feedbackTypeLabel[t], n: byType[t] }))} />
      <ShareBars
        caption="By status"
        columns={['Status', 'Feedback']}
        rows={[
          { label: feedbackStatusLabel[1], n: byStatus.open },
          { label: feedbackStatusLabel[2], n: byStatus.inProgress },
          { label: feedbackStatusLabel[3], n: byStatus.resolved },
        ]}
      />
    </ChartCard>
  )
}

/**
 * The dashboard's charts: new users, partner requests, feedback and notifications sent, from one
 * call. The period is in the URL (`?period=90d`), so a view can be shared; switching replaces the
 * entry, so Back leaves the dashboard.
 * `below` (the newest lists) shows once the charts have their first answer and are on screen:
 * shown before, it sat under a spinner on a phone's first screen and was pushed far down when the
 * charts came (a layout shift Lighthouse counted, 0.07), and its code's requests shared the
 * phone's connections with the first screen's own.
 */
export function DashboardCharts({ below }: { below: ReactNode }) {
  const titleId = useId()
  const { period } = route.useSearch()
  const navigate = route.useNavigate()
  // The previous period's charts stay while the next one loads, so the page does not jump.
  const result = useQuery({ ...dashboardChartsQuery(period), placeholderData: keepPreviousData })
  const data = result.data
  const switching = result.isPlaceholderData
  const painted = useScheduled(afterNextPaint)

  return (
    <>
      <section aria-labelledby={titleId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            Activity
          </h2>
          <Segmented
            legend="Period"
            legendBeside
            options={CHART_PERIODS}
            labels={chartPeriodLabel}
            value={period}
            onChange={(next) => void navigate({ search: (s) => ({ ...s, period: next }), replace: true, resetScroll: false })}
          />
        </div>
        {data ? (
          <div aria-busy={switching} className={`grid gap-4 md:grid-cols-2 ${switching ? 'opacity-60' : ''}`}>
            <NewUsersChart data={data} />
            <PartnersChart data={data} />
            <FeedbackChart data={data} />
            <NotificationsChart data={data} />
          </div>
        ) : result.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-white p-4">
            <p>
              <span className="font-semibold text-slate-900">The charts could not be loaded.</span> {result.error.message}
            </p>
            <Button variant="secondary" onClick={() => void result.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <div role="status" className="flex justify-center p-6">
            <Spinner className="h-6 w-6" />
            <span className="sr-only">Loading the charts</span>
          </div>
        )}
      </section>
      {(data || result.isError) && painted ? below : null}
    </>
  )
}
