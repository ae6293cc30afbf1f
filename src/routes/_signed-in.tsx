import { Navigate, Outlet, createFileRoute, redirect } from '@tanstack/react-router'
import { AdminLayout } from '@/components/layout/AdminLayout'
import { PageChunkBoundary } from '@/components/layout/RouteError'
import { profileQuery } from '@/features/account/api'
import { UserBlock } from '@/features/account/UserBlock'
import { useAuth } from '@/lib/auth'

/** Everything behind sign-in. No token: back to /, remembering where the visitor was going. */
export const Route = createFileRoute('/_signed-in')({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.get().accessToken) throw redirect({ to: '/', search: { redirect: location.href } })
  },
  // The stored user already fills the top bar: the fresh profile is fetched, never waited for.
  loader: ({ context }) => {
    context.queryClient.ensureQueryData(profileQuery).catch(() => undefined)
  },
  component: SignedIn,
})

function SignedIn() {
  // The session can end while a page is open (a 401, logout, another tab): leave for the root.
  const { accessToken } = useAuth()
  if (!accessToken) return <Navigate to="/" />
  return (
    <AdminLayout userBlock={<UserBlock />}>
      <PageChunkBoundary>
        <Outlet />
      </PageChunkBoundary>
    </AdminLayout>
  )
}
