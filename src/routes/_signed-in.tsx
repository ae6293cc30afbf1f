import { useMemo } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { Navigate, Outlet, createFileRoute, redirect } from '@tanstack/react-router'
import { AdminLayout } from '@/components/layout/AdminLayout'
import { LiveIndicator } from '@/components/layout/LiveIndicator'
import { PageChunkBoundary } from '@/components/layout/RouteError'
import { ListToolsContext, type ListTools } from '@/components/list/tools'
import { profileQuery, useLogout } from '@/features/account/api'
import { useAdminTheme } from '@/features/account/theme'
import { UserBlock } from '@/features/account/UserBlock'
import { dashboardKeys } from '@/features/dashboard/keys'
import { ViewsButton } from '@/features/saved-views/ViewsButton'
import { useAuth } from '@/lib/auth'
import type { Table } from '@/lib/changes'
import { useLiveEvents } from '@/lib/live-hooks'
import { preferencesQuery } from '@/lib/preferences'
import { ALL_TABLES, refreshTables } from '@/table-queries'

/** Everything behind sign-in. No token: back to /, remembering where the visitor was going. */
export const Route = createFileRoute('/_signed-in')({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.get().accessToken) throw redirect({ to: '/', search: { redirect: location.href } })
  },
  // The stored user already fills the top bar: the fresh profile is fetched, never waited for; the
  // preferences (theme, list columns) start beside it rather than once the page has rendered.
  loader: ({ context }) => {
    context.queryClient.ensureQueryData(profileQuery).catch(() => undefined)
    context.queryClient.ensureQueryData(preferencesQuery).catch(() => undefined)
  },
  component: SignedIn,
})

/** The lists' header controls that belong to features: the saved views. */
const LIST_TOOLS: ListTools = { Views: ViewsButton }

/**
 * What a live change refetches: what shows its tables, on screen now; the rest when next shown
 * (marked stale). This tab's own changes are refreshed by their mutations (router.tsx).
 */
function liveRefetch(queryClient: QueryClient) {
  return {
    onChange: (tables: readonly Table[]) => void refreshTables(queryClient, tables, { details: false }),
    onResync: () => void refreshTables(queryClient, ALL_TABLES, { details: false }),
    whileOffline: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  }
}

function SignedIn() {
  // The session can end while a page is open (a 401, logout, another tab): leave for the root.
  const { accessToken } = useAuth()
  const queryClient = useQueryClient()
  const live = useMemo(() => liveRefetch(queryClient), [queryClient])
  useLiveEvents(live)
  const logout = useLogout()
  useAdminTheme()
  if (!accessToken) return <Navigate to="/" />
  return (
    <AdminLayout userBlock={<UserBlock />} status={<LiveIndicator />} onSignOut={() => logout.mutate()}>
      <PageChunkBoundary>
        <ListToolsContext value={LIST_TOOLS}>
          <Outlet />
        </ListToolsContext>
      </PageChunkBoundary>
    </AdminLayout>
  )
}
