import { createFileRoute, redirect } from '@tanstack/react-router'
import { ResetPasswordPage } from '@/features/auth/ResetPasswordPage'

/**
 * The reset token of a verified code travels in history state, never in the URL. Opened
 * without one (a typed URL, a bookmark), the screen sends the person to ask for a code.
 * The token is read once, into this match's context: the location changes as soon as the
 * person is sent on, while the screen is still shown.
 */
export const Route = createFileRoute('/_public/_auth/reset-password')({
  beforeLoad: ({ location }) => {
    const { resetToken } = location.state
    if (!resetToken) throw redirect({ to: '/forgot-password', replace: true })
    return { resetToken }
  },
  staticData: { title: 'Reset Password' },
  component: function ResetPassword() {
    const { resetToken } = Route.useRouteContext()
    return <ResetPasswordPage resetToken={resetToken} />
  },
})
