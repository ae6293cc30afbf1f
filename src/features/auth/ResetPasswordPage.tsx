import { zodResolver } from '@hookform/resolvers/zod'
import { Link, useNavigate } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { resetPasswordFormSchema } from '@contract'
import { Form } from '@/components/form/Form'
import { TextField, applyServerErrors } from '@/components/form/Field'
import { Button } from '@/components/ui/Button'
import { ApiError } from '@/lib/http'
import { useResetPassword } from './api'
import { AuthHeading } from './AuthLayout'
import { BackToLogin } from './ForgotPasswordPage'

/** A new password, set with the token of a verified code; then back to sign-in. */
export function ResetPasswordPage({ resetToken }: { resetToken: string }) {
  const navigate = useNavigate()
  const reset = useResetPassword()
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  })

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(
      { resetToken, ...values },
      {
        // Replace this entry: its token is spent, Back must not offer the form again.
        onSuccess: () => navigate({ to: '/', replace: true }),
        onError: (error) => error instanceof ApiError && applyServerErrors(form, error.fields),
      },
    ),
  )

  return (
    <>
      <AuthHeading title="Reset Password">
        Choose a new password: 8 to 16 characters with an uppercase and a lowercase letter, a digit and a special
        character.
      </AuthHeading>
      <Form onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField form={form} name="password" label="Password" type="password" autoComplete="new-password" />
        <TextField form={form} name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" />
        <Button type="submit" busy={reset.isPending} className="w-full">
          Reset Password
        </Button>
      </Form>
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
