import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { validEmail } from '@/features/auth/search-params'
import { ForgotPasswordPage } from '@/features/auth/ForgotPasswordPage'

/** `email` pre-fills the form when the person comes back from the code screen. */
const forgotPasswordSearch = ({ email }: { email?: string } & SearchSchemaInput) => ({ email: validEmail(email) })

export const Route = createFileRoute('/_public/_auth/forgot-password')({
  validateSearch: forgotPasswordSearch,
  staticData: { title: 'Forgot Password' },
  component: function ForgotPassword() {
    const { email } = Route.useSearch()
    return <ForgotPasswordPage email={email} />
  },
})
