import { createFileRoute } from '@tanstack/react-router'
import { RouteError } from '@/components/layout/RouteError'
import { PageLoader } from '@/components/ui/Spinner'
import { dashboardQuery } from '@/features/dashboard/api'
import { DashboardPage } from '@/features/dashboard/DashboardPage'

export const Route = createFileRoute('/_signed-in/dashboard')({
  loader: ({ context }) => context.queryClient.ensureQueryData(dashboardQuery),
  staticData: { title: 'Dashboard' },
  pendingComponent: PageLoader,
  errorComponent: RouteError,
  component: DashboardPage,
})
