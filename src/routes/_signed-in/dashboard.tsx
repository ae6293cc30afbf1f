import { createFileRoute, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router'
import { CHART_PERIOD_DEFAULT, CHART_PERIODS, type ChartPeriod } from '@contract/enums'
import { RouteError } from '@/components/layout/RouteError'
import { PageLoader } from '@/components/ui/Spinner'
import { dashboardChartsQuery, dashboardQuery, newestPartnersQuery, newestUsersQuery } from '@/features/dashboard/api'
import { DashboardPage } from '@/features/dashboard/DashboardPage'

// A period typed wrong in the URL shows the default one rather than failing the page.
const dashboardSearch = ({ period }: { period?: ChartPeriod } & SearchSchemaInput) => ({
  period: CHART_PERIODS.find((known) => known === period) ?? CHART_PERIOD_DEFAULT,
})

export const Route = createFileRoute('/_signed-in/dashboard')({
  validateSearch: dashboardSearch,
  search: { middlewares: [stripSearchParams({ period: CHART_PERIOD_DEFAULT })] },
  loaderDeps: ({ search }) => ({ period: search.period }),
  loader: async ({ context, deps, cause }) => {
    // The newest lists' fetches start with the totals' instead of after their code arrives.
    void context.queryClient.prefetchQuery(newestUsersQuery)
    void context.queryClient.prefetchQuery(newestPartnersQuery)
    // Entering the page, the charts are waited for with the totals (never failing the page: they
    // show their own error), so the first screen is drawn once, whole; a change of period shows
    // the last charts until the next ones come.
    const charts = context.queryClient.prefetchQuery(dashboardChartsQuery(deps.period))
    const [totals] = await Promise.all([context.queryClient.ensureQueryData(dashboardQuery), cause === 'stay' ? undefined : charts])
    return totals
  },
  staticData: { title: 'Dashboard' },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: DashboardPage,
})
