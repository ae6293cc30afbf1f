import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { changePasswordSchema, type ChangePasswordInput } from '@contract'
import { Form } from '@/components/form/Form'
import { TextField, applyServerErrors } from '@/components/form/Field'
import { Button } from '@/components/ui/Button'
import { CallError } from '@/lib/http'
import { useChangePassword } from './api'

const empty: ChangePasswordInput = { oldPassword: '', newPassword: '', confirmPassword: '' }

/**
 * Settings > Change Password: the contract's password rules; success shows the server's
 * message and empties the form; a wrong old password shows the server's message under its field.
 */
export function ChangePasswordForm() {
  const changePassword = useChangePassword()
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: empty,
  })
  const submit = form.handleSubmit((values) =>
    changePassword.mutate(values, {
      onSuccess: () => form.reset(empty),
      onError: (error) => {
        if (error instanceof CallError) applyServerErrors(form, error.fields)
      },
    }),
  )
  return (
    <Form onSubmit={submit} aria-labelledby="change-password-title" className="flex w-full max-w-md flex-col gap-4">
      <h2 id="change-password-title" className="text-lg font-semibold text-slate-900">
        Change Password
      </h2>
      <TextField form={form} name="oldPassword" label="Old Password" type="password" autoComplete="current-password" />
      <TextField form={form} name="newPassword" label="New Password" type="password" autoComplete="new-password" />
      <TextField form={form} name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" />
      <Button type="submit" busy={changePassword.isPending} className="self-start">
        Update Password
      </Button>
    </Form>
  )
}
