import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { validEmail } from '@/features/auth/search-params'
import { ForgotPasswordPage } from '@/features/auth/ForgotPasswordPage'

/** `email` pre-fills the form when the person comes back from the code screen; the screen checks it (search-params.ts). */
const forgotPasswordSearch = ({ email }: { email?: unknown } & SearchSchemaInput) => ({ email: typeof email === 'string' ? email : undefined })

export const Route = createFileRoute('/_public/_auth/forgot-password')({
  validateSearch: forgotPasswordSearch,
  staticData: { title: 'Forgot Password' },
  component: function ForgotPassword() {
    const { email } = Route.useSearch()
    return <ForgotPasswordPage email={validEmail(email)} />
  },
})
