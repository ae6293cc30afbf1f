import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { newPasswordFormSchema, type NewPasswordValues } from '@contract'
import { Form } from '@/components/form/Form'
import { TextField } from '@/components/form/Field'
import { Button } from '@/components/ui/Button'

/**
 * The form that sets a new password (a reset, an invitation): Password, Confirm Password and
 * the submit button. The page sends the values; `form` takes the server's field errors back.
 */
export function NewPasswordForm({
  submitLabel,
  busy,
  onSubmit,
}: {
  submitLabel: string
  busy: boolean
  onSubmit: (values: NewPasswordValues, form: UseFormReturn<NewPasswordValues>) => void
}) {
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  })
  return (
    <Form onSubmit={form.handleSubmit((values) => onSubmit(values, form))} className="flex flex-col gap-5">
      <TextField form={form} name="password" label="Password" type="password" autoComplete="new-password" />
      <TextField form={form} name="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" />
      <Button type="submit" busy={busy} className="w-full">
        {submitLabel}
      </Button>
    </Form>
  )
}
