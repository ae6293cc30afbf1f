import { useEffect, useMemo } from 'react'
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { Navigate, Outlet, createFileRoute, redirect } from '@tanstack/react-router'
import type { LiveTable } from '@contract/live-events'
import { AdminLayout } from '@/components/layout/AdminLayout'
import { LiveIndicator } from '@/components/layout/LiveIndicator'
import { PageChunkBoundary } from '@/components/layout/RouteError'
import { ListToolsContext, type ListTools } from '@/components/list/tools'
import { profileQuery, useLogout } from '@/features/account/api'
import { useAdminTheme } from '@/features/account/theme'
import { UserBlock } from '@/features/account/UserBlock'
import { dashboardKeys } from '@/features/dashboard/keys'
import { feedbackKeys } from '@/features/feedback/keys'
import { notificationKeys } from '@/features/notifications/keys'
import { partnerKeys } from '@/features/partners/keys'
import { placeKeys } from '@/features/places/keys'
import { ViewsButton } from '@/features/saved-views/ViewsButton'
import { userKeys } from '@/features/users/keys'
import { useAuth } from '@/lib/auth'
import { useLiveEvents } from '@/lib/live-hooks'
import { preferencesQuery } from '@/lib/preferences'

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

/** The dashboard shows every table the stream names. */
const DASHBOARD: QueryKey[] = [dashboardKeys.all]
/**
 * The lists each table fills. Details are left alone (one may be open in an edit form), except a
 * partner request's, which has none: another admin's decision shows at once.
 */
const LISTS_OF: Record<LiveTable, QueryKey[]> = {
  app_users: [userKeys.lists()],
  places: [placeKeys.lists('petShop'), placeKeys.lists('hospital')],
  partners: [partnerKeys.lists(), partnerKeys.details()],
  feedback: [feedbackKeys.lists()],
  notifications: [notificationKeys.lists()],
}

/** What a live update refetches: the queries on screen now; the others when next shown (they are marked stale). */
function liveRefetch(queryClient: QueryClient) {
  const refetch = (keys: QueryKey[]) => keys.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey, refetchType: 'active' }))
  return {
    onChange: (tables: LiveTable[]) => refetch([...DASHBOARD, ...tables.flatMap((table) => LISTS_OF[table])]),
    onResync: () => refetch([...DASHBOARD, ...Object.values(LISTS_OF).flat()]),
    whileOffline: () => refetch(DASHBOARD),
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
  // This tab's own changes to other features' tables (a mutation's meta.changes), refreshed at once.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        const changes = event.mutation?.meta?.changes
        if (event.type === 'updated' && event.action.type === 'success' && changes) live.onChange(changes)
      }),
    [queryClient, live],
  )
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
