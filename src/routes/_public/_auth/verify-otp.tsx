import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router'
import { validEmail } from '@/features/auth/search-params'
import { VerifyOtpPage } from '@/features/auth/VerifyOtpPage'

/** The email the code was sent to; without a valid one there is nothing to verify. */
const verifyOtpSearch = ({ email }: { email?: string } & SearchSchemaInput) => ({ email: validEmail(email) })

export const Route = createFileRoute('/_public/_auth/verify-otp')({
  validateSearch: verifyOtpSearch,
  beforeLoad: ({ search }) => {
    if (!search.email) throw redirect({ to: '/forgot-password', replace: true })
  },
  staticData: { title: 'Verify OTP' },
  component: function VerifyOtp() {
    const { email } = Route.useSearch()
    return <VerifyOtpPage email={email ?? ''} />
  },
})
