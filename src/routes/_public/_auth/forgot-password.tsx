import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { emailField } from '@contract'
import { ForgotPasswordPage } from '@/features/auth/ForgotPasswordPage'

/** `email` pre-fills the form when the person comes back from the code screen. */
const forgotPasswordSearch = z.object({ email: emailField.optional().catch(undefined) })

export const Route = createFileRoute('/_public/_auth/forgot-password')({
  validateSearch: forgotPasswordSearch,
  staticData: { title: 'Forgot Password' },
  component: function ForgotPassword() {
    const { email } = Route.useSearch()
    return <ForgotPasswordPage email={email} />
  },
})
