import { useEffect, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Link, useNavigate } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { OTP_LENGTH, verifyOtpSchema } from '@contract'
import { Form } from '@/components/form/Form'
import { TextField, applyServerErrors } from '@/components/form/Field'
import { Button } from '@/components/ui/Button'
import { CallError } from '@/lib/http'
import { useSendOtp, useVerifyOtp } from './api'
import { AuthHeading } from './AuthLayout'
import { BackToLogin } from './ForgotPasswordPage'

/** Seconds before another code may be asked for. */
export const RESEND_COOLDOWN_SECONDS = 30

/** The form holds only the code; the email comes with the screen. */
const otpFormSchema = verifyOtpSchema.pick({ otp: true })

/**
 * The code sent to `email`. A right code gives a one-time reset token, handed to the reset
 * screen in history state (never in the URL). "Resend OTP" asks for a new code, at most once
 * per cooldown; the cooldown starts on arrival since a code was just sent.
 */
export function VerifyOtpPage({ email }: { email: string }) {
  const navigate = useNavigate()
  const verify = useVerifyOtp()
  const resend = useSendOtp()
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS)
  const form = useForm({ resolver: zodResolver(otpFormSchema), mode: 'onTouched', defaultValues: { otp: '' } })

  const onSubmit = form.handleSubmit(({ otp }) =>
    verify.mutate(
      { email, otp },
      {
        onSuccess: ({ data }) => navigate({ to: '/reset-password', state: { resetToken: data.resetToken } }),
        onError: (error) => {
          if (error instanceof CallError) applyServerErrors(form, error.fields)
          form.setFocus('otp', { shouldSelect: true })
        },
      },
    ),
  )

  const onResend = () =>
    resend.mutate(
      { email },
      {
        onSuccess: () => {
          cooldown.restart()
          form.reset({ otp: '' })
          form.setFocus('otp')
        },
      },
    )

  return (
    <>
      <AuthHeading title="Verify OTP">
        Enter the {OTP_LENGTH} digit code sent to <strong className="font-semibold text-slate-900">{email}</strong>.
      </AuthHeading>
      <Form onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          form={form}
          name="otp"
          label="OTP"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          className="[&_input]:tracking-[0.5em]"
        />
        <Button type="submit" busy={verify.isPending} className="w-full">
          Verify
        </Button>
      </Form>
      <div className="mt-5 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm text-slate-600">
        <span>Didn&apos;t receive the code?</span>
        <Button variant="ghost" onClick={onResend} disabled={cooldown.secondsLeft > 0} busy={resend.isPending}>
          Resend OTP
        </Button>
        {cooldown.secondsLeft > 0 && <span className="tabular-nums">in {formatSeconds(cooldown.secondsLeft)}</span>}
      </div>
      <p className="mt-3 text-center text-sm">
        <Link
          to="/forgot-password"
          search={{ email }}
          className="font-medium text-primary-700 hover:text-primary-800 hover:underline"
        >
          Use a different email
        </Link>
      </p>
      <BackToLogin />
    </>
  )
}

/** m:ss */
const formatSeconds = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`

/** A countdown from `seconds`, measured against the clock so a throttled tab stays right. */
function useCooldown(seconds: number) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + seconds * 1000)
  const [now, setNow] = useState(() => Date.now())
  const secondsLeft = Math.max(0, Math.ceil((endsAt - now) / 1000))
  const running = secondsLeft > 0

  useEffect(() => {
    if (!running) return
    const id = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(id)
  }, [running, endsAt])

  return {
    secondsLeft,
    restart: () => {
      const t = Date.now()
      setNow(t)
      setEndsAt(t + seconds * 1000)
    },
  }
}
