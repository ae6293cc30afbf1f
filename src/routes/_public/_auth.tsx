import { Outlet, createFileRoute } from '@tanstack/react-router'
import { AuthLayout } from '@/features/auth/AuthLayout'

/** The sign-in screens' frame (the parent layout sends token holders to the dashboard). */
export const Route = createFileRoute('/_public/_auth')({
  component: () => (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  ),
})
