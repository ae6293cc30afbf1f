import { useSuspenseQuery } from '@tanstack/react-query'
import type { DashboardTotals } from '@contract'
import { HospitalIcon, PartnerIcon, StoreIcon, UsersIcon, type Icon } from '@/components/layout/icons'
import { dashboardQuery } from './api'
import { NewestUsers } from './NewestUsers'

const cards: { key: keyof DashboardTotals; title: string; icon: Icon; tone: string }[] = [
  { key: 'users', title: 'Users', icon: UsersIcon, tone: 'bg-primary-50 text-primary-700' },
  { key: 'petShops', title: 'Pet Shops', icon: StoreIcon, tone: 'bg-secondary-50 text-secondary-700' },
  { key: 'hospitals', title: 'Hospitals', icon: HospitalIcon, tone: 'bg-sky-50 text-sky-700' },
  { key: 'partnerRequests', title: 'Partner Requests', icon: PartnerIcon, tone: 'bg-violet-50 text-violet-700' },
]

const count = new Intl.NumberFormat('en-US')

/** The dashboard: four totals in a 2x2 grid of cards, then the newest users. */
export function DashboardPage() {
  const { data: totals } = useSuspenseQuery(dashboardQuery)
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
      <h1 id="dashboard-title" className="text-xl font-semibold text-slate-900">
        Dashboard
      </h1>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4">
        {cards.map(({ key, title, icon: Icon, tone }) => (
          <div
            key={key}
            className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-5"
          >
            <span className={`inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full ${tone}`}>
              <Icon className="h-6 w-6" />
            </span>
            <div className="flex flex-col">
              <dt className="text-sm font-medium text-slate-600">{title}</dt>
              <dd className="text-2xl font-bold tabular-nums text-slate-900 sm:text-3xl">{count.format(totals[key])}</dd>
            </div>
          </div>
        ))}
      </dl>
      <NewestUsers />
    </section>
  )
}
