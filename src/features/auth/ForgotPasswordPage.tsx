import { zodResolver } from '@hookform/resolvers/zod'
import { Link, useNavigate } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { emailSchema } from '@contract'
import { Form } from '@/components/form/Form'
import { TextField, applyServerErrors } from '@/components/form/Field'
import { Button } from '@/components/ui/Button'
import { CallError } from '@/lib/http'
import { useSendOtp } from './api'
import { AuthHeading } from './AuthLayout'

/** Asks for the account's email, sends a code to it and moves on to the code screen. */
export function ForgotPasswordPage({ email = '' }: { email?: string }) {
  const navigate = useNavigate()
  const sendOtp = useSendOtp()
  const form = useForm({ resolver: zodResolver(emailSchema), mode: 'onTouched', defaultValues: { email } })

  const onSubmit = form.handleSubmit((values) =>
    sendOtp.mutate(values, {
      onSuccess: () => navigate({ to: '/verify-otp', search: { email: values.email } }),
      onError: (error) => error instanceof CallError && applyServerErrors(form, error.fields),
    }),
  )

  return (
    <>
      <AuthHeading title="Forgot Password">
        Enter the email of your account and we will send you a 6 digit code to reset your password.
      </AuthHeading>
      <Form onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <Button type="submit" busy={sendOtp.isPending} className="w-full">
          Send OTP
        </Button>
      </Form>
      <BackToLogin />
    </>
  )
}

export function BackToLogin() {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/" className="font-medium text-primary-700 hover:text-primary-800 hover:underline">
        Back to Login
      </Link>
    </p>
  )
}
