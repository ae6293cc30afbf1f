import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router'
import { validEmail } from '@/features/auth/search-params'
import { VerifyOtpPage } from '@/features/auth/VerifyOtpPage'

/** The email the code was sent to; the loader checks it (search-params.ts). */
const verifyOtpSearch = ({ email }: { email?: unknown } & SearchSchemaInput) => ({ email: typeof email === 'string' ? email : undefined })

export const Route = createFileRoute('/_public/_auth/verify-otp')({
  validateSearch: verifyOtpSearch,
  loaderDeps: ({ search }) => ({ email: search.email }),
  // Without a valid email there is nothing to verify.
  loader: ({ deps }) => {
    const email = validEmail(deps.email)
    if (!email) throw redirect({ to: '/forgot-password', replace: true })
    return { email }
  },
  staticData: { title: 'Verify OTP' },
  component: function VerifyOtp() {
    const { email } = Route.useLoaderData()
    return <VerifyOtpPage email={email} />
  },
})
