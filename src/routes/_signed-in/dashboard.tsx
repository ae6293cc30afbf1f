import { createFileRoute } from '@tanstack/react-router'
import { RouteError } from '@/components/layout/RouteError'
import { PageLoader } from '@/components/ui/Spinner'
import { dashboardQuery, newestUsersQuery } from '@/features/dashboard/api'
import { DashboardPage } from '@/features/dashboard/DashboardPage'

export const Route = createFileRoute('/_signed-in/dashboard')({
  loader: ({ context }) => {
    // The newest users' fetch starts with the totals' instead of after their code arrives.
    void context.queryClient.prefetchQuery(newestUsersQuery)
    return context.queryClient.ensureQueryData(dashboardQuery)
  },
  staticData: { title: 'Dashboard' },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: DashboardPage,
})
