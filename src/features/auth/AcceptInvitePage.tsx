import { useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useNavigate } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { ADMINS_MSG, acceptInviteFormSchema } from '@contract'
import { Form } from '@/components/form/Form'
import { TextField, applyServerErrors } from '@/components/form/Field'
import { Button } from '@/components/ui/Button'
import { ApiError } from '@/lib/http'
import { useAcceptInvite } from './api'
import { AuthHeading } from './AuthLayout'
import { BackToLogin } from './ForgotPasswordPage'

function Notice({ children }: { children: string }) {
  return (
    <p role="alert" className="rounded-md border border-error-600/30 bg-error-50 p-4 text-sm text-error-700">
      {children}
    </p>
  )
}

/**
 * The invitation link's screen: a new admin sets their first password with the
 * invitation's token (carried in history state, never left in the URL), then signs in. A link
 * that is unknown, spent or expired says so, and the form goes away.
 */
export function AcceptInvitePage({ inviteToken }: { inviteToken: string | undefined }) {
  const navigate = useNavigate()
  const accept = useAcceptInvite()
  const [failure, setFailure] = useState<string>()
  const form = useForm({
    resolver: zodResolver(acceptInviteFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  })

  const onSubmit = form.handleSubmit((values) =>
    accept.mutate(
      { token: inviteToken ?? '', ...values },
      {
        // Replace this entry: its token is spent, Back must not offer the form again.
        onSuccess: () => navigate({ to: '/', replace: true }),
        onError: (error) => {
          if (!(error instanceof ApiError)) return
          if (error.fields && Object.keys(error.fields).some((f) => f !== 'token')) applyServerErrors(form, error.fields)
          else if (error.status === 400 || error.status === 403) setFailure(error.message)
        },
      },
    ),
  )

  const problem = inviteToken ? failure : ADMINS_MSG.inviteMissing
  return (
    <>
      <AuthHeading title="Set Your Password">
        {problem
          ? undefined
          : 'Welcome to Petcare Admin. Choose a password: 8 to 16 characters with an uppercase and a lowercase letter, a digit and a special character.'}
      </AuthHeading>
      {problem ? (
        <Notice>{problem}</Notice>
      ) : (
        <Form onSubmit={onSubmit} className="flex flex-col gap-5">
          <TextField form={form} name="password" label="Password" type="password" autoComplete="new-password" />
          <TextField form={form} name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" />
          <Button type="submit" busy={accept.isPending} className="w-full">
            Set Password
          </Button>
        </Form>
      )}
      <BackToLogin />
    </>
  )
}
