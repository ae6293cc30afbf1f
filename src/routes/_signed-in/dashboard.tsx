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
  loader: ({ context, deps }) => {
    // The charts' and newest lists' fetches start with the totals' instead of after their code arrives.
    void context.queryClient.prefetchQuery(dashboardChartsQuery(deps.period))
    void context.queryClient.prefetchQuery(newestUsersQuery)
    void context.queryClient.prefetchQuery(newestPartnersQuery)
    return context.queryClient.ensureQueryData(dashboardQuery)
  },
  staticData: { title: 'Dashboard' },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: DashboardPage,
})
