import { Link, useNavigate } from '@tanstack/react-router'
import type { UseFormReturn } from 'react-hook-form'
import type { NewPasswordValues } from '@contract'
import { applyServerErrors } from '@/components/form/Field'
import { CallError } from '@/lib/http'
import { useResetPassword } from './api'
import { AuthHeading } from './AuthLayout'
import { BackToLogin } from './ForgotPasswordPage'
import { NewPasswordForm } from './NewPasswordForm'

/** A new password, set with the token of a verified code; then back to sign-in. */
export function ResetPasswordPage({ resetToken }: { resetToken: string }) {
  const navigate = useNavigate()
  const reset = useResetPassword()
  const onSubmit = (values: NewPasswordValues, form: UseFormReturn<NewPasswordValues>) =>
    reset.mutate(
      { resetToken, ...values },
      {
        // Replace this entry: its token is spent, Back must not offer the form again.
        onSuccess: () => navigate({ to: '/', replace: true }),
        onError: (error) => error instanceof CallError && applyServerErrors(form, error.fields),
      },
    )

  return (
    <>
      <AuthHeading title="Reset Password">
        Choose a new password: 8 to 16 characters with an uppercase and a lowercase letter, a digit and a special
        character.
      </AuthHeading>
      <NewPasswordForm submitLabel="Reset Password" busy={reset.isPending} onSubmit={onSubmit} />
      <p className="mt-5 text-center text-sm text-slate-600">
        Code expired?{' '}
        <Link to="/forgot-password" className="font-medium text-primary-700 hover:text-primary-800 hover:underline">
          Request a new one
        </Link>
      </p>
      <BackToLogin />
    </>
  )
}
