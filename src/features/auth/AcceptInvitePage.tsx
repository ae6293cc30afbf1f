import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import type { UseFormReturn } from 'react-hook-form'
import { ADMINS_MSG, type NewPasswordValues } from '@contract'
import { applyServerErrors } from '@/components/form/Field'
import { CallError } from '@/lib/http'
import { useAcceptInvite } from './api'
import { AuthHeading } from './AuthLayout'
import { BackToLogin } from './ForgotPasswordPage'
import { NewPasswordForm } from './NewPasswordForm'

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
  const onSubmit = (values: NewPasswordValues, form: UseFormReturn<NewPasswordValues>) =>
    accept.mutate(
      { token: inviteToken ?? '', ...values },
      {
        // Replace this entry: its token is spent, Back must not offer the form again.
        onSuccess: () => navigate({ to: '/', replace: true }),
        onError: (error) => {
          if (!(error instanceof CallError)) return
          if (error.fields && Object.keys(error.fields).some((f) => f !== 'token')) applyServerErrors(form, error.fields)
          else if (error.status === 400 || error.status === 403) setFailure(error.message)
        },
      },
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
        <NewPasswordForm submitLabel="Set Password" busy={accept.isPending} onSubmit={onSubmit} />
      )}
      <BackToLogin />
    </>
  )
}
