import { Outlet, createFileRoute, redirect } from '@tanstack/react-router'
import { AuthLayout } from '@/features/auth/AuthLayout'

/** The sign-in screens: a visitor who already holds a token goes to the dashboard. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context }) => {
    if (context.auth.get().accessToken) throw redirect({ to: '/dashboard' })
  },
  component: () => (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  ),
})
