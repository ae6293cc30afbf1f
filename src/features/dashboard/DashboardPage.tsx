import { Suspense } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, type LinkProps } from '@tanstack/react-router'
import { PARTNER_STATUS, type DashboardTotals } from '@contract'
import { HospitalIcon, PartnerIcon, StoreIcon, UsersIcon, type Icon } from '@/components/layout/shell-icons'
import { PageSection } from '@/components/layout/PageSection'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { Spinner } from '@/components/ui/Spinner'
import { lazyChunk } from '@/lib/lazy-component'
import { dashboardQuery } from './api'
import { DashboardCharts } from './DashboardCharts'
import { count } from '@/lib/count'

// The newest users and partner requests (the list kit's table and cards) are code the
// totals do not need: they load after them, so the first screen after sign-in stays light. The
// charts (small) come with the page: on a phone their summary is the largest text of the
// first screen, and loaded later it waited for two more round trips.
const NewestUsers = lazyChunk(() => import('./NewestUsers'), ChunkLoadFailed)
const NewestPartners = lazyChunk(() => import('./NewestPartners'), ChunkLoadFailed)

type Card = { key: Exclude<keyof DashboardTotals, 'pendingPartnerRequests'>; title: string; to: LinkProps['to']; icon: Icon; tone: string }
const cards: Card[] = [
  { key: 'users', title: 'Users', to: '/users', icon: UsersIcon, tone: 'bg-primary-50 text-primary-700' },
  { key: 'petShops', title: 'Pet Shops', to: '/pet-shops', icon: StoreIcon, tone: 'bg-secondary-50 text-secondary-700' },
  { key: 'hospitals', title: 'Hospitals', to: '/hospitals', icon: HospitalIcon, tone: 'bg-sky-50 text-sky-700' },
  { key: 'partnerRequests', title: 'Partner Requests', to: '/partners', icon: PartnerIcon, tone: 'bg-violet-50 text-violet-700' },
]

const linkClass = 'outline-none after:absolute after:inset-0 after:rounded-lg hover:text-primary-800'

/**
 * The dashboard: four totals in a 2x2 grid of cards, each leading to its list (partner requests:
 * the pending ones, whose count the card shows too), then the charts, the newest users and the
 * newest partner requests.
 */
export function DashboardPage() {
  const { data: totals } = useSuspenseQuery(dashboardQuery)
  return (
    <PageSection titleId="dashboard-title" title="Dashboard">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4">
        {cards.map(({ key, title, to, icon: Icon, tone }) => (
          // A dl's groups may hold only dt and dd, so the icon sits in the dt, placed where it
          // was: above the title on a phone, beside the title and the figure from sm up.
          <div
            key={key}
            className="relative flex flex-col rounded-lg border border-slate-200 bg-white p-4 pt-[4.75rem] shadow-sm focus-within:ring-2 focus-within:ring-primary-600 hover:border-primary-300 sm:p-5 sm:pl-[5.25rem]"
          >
            <dt className="text-sm font-medium text-slate-600">
              {/* The title is the link; its box covers the card, so the whole card leads to the list. */}
              {key === 'partnerRequests' ? (
                <Link to="/partners" search={{ status: PARTNER_STATUS.PENDING }} className={linkClass}>
                  {title}
                  <span className="sr-only">: the pending ones</span>
                </Link>
              ) : (
                <Link to={to} className={linkClass}>
                  {title}
                </Link>
              )}
              <span
                className={`absolute left-4 top-4 inline-flex h-12 w-12 items-center justify-center rounded-full sm:left-5 sm:top-1/2 sm:-translate-y-1/2 ${tone}`}
              >
                <Icon className="h-6 w-6" />
              </span>
            </dt>
            <dd className="text-2xl font-bold tabular-nums text-slate-900 sm:text-3xl">{count.format(totals[key])}</dd>
            {key === 'partnerRequests' && (
              <dd className="text-sm font-medium text-slate-700">{count.format(totals.pendingPartnerRequests)} pending</dd>
            )}
          </div>
        ))}
      </dl>
      <DashboardCharts
        below={
          <div className="grid gap-4 xl:grid-cols-2">
            <Suspense fallback={<Spinner className="mx-auto h-6 w-6" />}>
              <NewestUsers />
            </Suspense>
            <Suspense fallback={<Spinner className="mx-auto h-6 w-6" />}>
              <NewestPartners />
            </Suspense>
          </div>
        }
      />
    </PageSection>
  )
}
