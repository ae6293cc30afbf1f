import { Navigate, Outlet, createFileRoute, redirect } from '@tanstack/react-router'
import { useAuth } from '@/lib/auth'

/** Everything behind sign-in. No token: back to /, remembering where the visitor was going. */
export const Route = createFileRoute('/_signed-in')({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.get().accessToken) throw redirect({ to: '/', search: { redirect: location.href } })
  },
  component: SignedIn,
})

function SignedIn() {
  // The session can end while a page is open (a 401, logout, another tab): leave for the root.
  const { accessToken } = useAuth()
  if (!accessToken) return <Navigate to="/" />
  return <Outlet />
}
