import { useId } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { ROLE, adminRoleLabel, createAdminSchema, type CreateAdminInput } from '@contract'
import { TextField, applyServerErrors, shownError } from '@/components/form/Field'
import { FieldFrame, fieldDescribedBy, fieldInputClass } from '@/components/form/Form'
import { Form } from '@/components/form/Form'
import { Modal, ModalForm, useDialogMutations, useOpenWhenMounted } from '@/components/ui/Modal'
import { CallError } from '@/lib/http'
import { useCreateAdmin } from './api'

/**
 * Add Admin: name, email and role in a Headless UI Dialog. The account gets no password: the
 * server mails a single-use invitation link. A taken email comes back as a 409, shown under Email.
 * The form lives only while the dialog is open, so each opening starts afresh.
 */
export default function AddAdminDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateAdmin()
  const { busy, close, done } = useDialogMutations(onClose, create)
  const shown = useOpenWhenMounted(open)
  return (
    <Modal open={shown} onClose={close} title="Add Admin" busy={busy} width="lg">
      <AddAdminForm busy={busy} onCancel={close} create={create} onDone={done} />
    </Modal>
  )
}

function AddAdminForm({
  busy,
  onCancel,
  onDone,
  create,
}: {
  busy: boolean
  onCancel: () => void
  onDone: () => void
  create: ReturnType<typeof useCreateAdmin>
}) {
  const formId = useId()
  const roleId = useId()
  // No role until one is picked (the select's first option), so 'Select a role' shows.
  const form = useForm<CreateAdminInput>({ resolver: zodResolver(createAdminSchema), mode: 'onTouched', defaultValues: { name: '', email: '' } })
  const roleError = shownError(form, 'role')
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        if (!(error instanceof CallError)) return
        // 409: the email is taken. The client has toasted it; it belongs under Email too.
        if (error.status === 409) form.setError('email', { type: 'server', message: error.message }, { shouldFocus: true })
        else applyServerErrors(form, error.fields)
      },
    }),
  )
  return (
    <ModalForm formId={formId} submitLabel="Add Admin" busy={busy} onCancel={onCancel}>
      <Form id={formId} onSubmit={submit} aria-label="Add Admin" className="flex flex-col gap-4">
        <TextField form={form} name="name" label="Name" autoComplete="off" autoFocus />
        <TextField form={form} name="email" label="Email" type="email" autoComplete="off" />
        <FieldFrame id={roleId} label="Role" error={roleError}>
          <select
            id={roleId}
            aria-invalid={roleError ? true : undefined}
            aria-describedby={fieldDescribedBy(roleId, undefined, roleError)}
            className={`min-h-10 ${fieldInputClass(roleError)}`}
            {...form.register('role', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}
          >
            <option value="">Select a role</option>
            <option value={ROLE.ADMIN}>{adminRoleLabel[ROLE.ADMIN]}</option>
            <option value={ROLE.SUB_ADMIN}>{adminRoleLabel[ROLE.SUB_ADMIN]}</option>
          </select>
        </FieldFrame>
        <p className="text-xs text-slate-500">They will get an email with a link to set their password (valid 72 hours).</p>
      </Form>
    </ModalForm>
  )
}
