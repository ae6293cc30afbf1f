import { useId } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { cityBody, type City, type CityBody } from '@contract'
import { TextField, applyServerErrors } from '@/components/form/Field'
import { Form } from '@/components/form/Form'
import { Modal, ModalForm, useDialogMutations } from '@/components/ui/Modal'
import { CallError } from '@/lib/http'
import { useCreateCity, useRenameCity } from './api'

/**
 * Add a city, or rename one, in a 900 px Headless UI Dialog holding the simple named item
 * form: Name, 2 to 20 letters and spaces, with the product's messages
 * (the contract's `cityBody`). A name already taken comes back as a 409 whose message the client
 * toasts and the form puts under Name. Focus moves to Name, stays trapped, and returns to the
 * button that opened it; Escape, the backdrop, Close and Cancel close it, except while saving.
 * The form lives only while the dialog is open, so each opening starts afresh.
 */
export default function CityDialog({ open, city, onClose }: { open: boolean; city?: Pick<City, '_id' | 'name'>; onClose: () => void }) {
  const create = useCreateCity()
  const rename = useRenameCity()
  const { busy, close, done } = useDialogMutations(onClose, create, rename)
  const title = city ? 'Edit City' : 'Add City'
  return (
    <Modal open={open} onClose={close} title={title} busy={busy}>
      <CityForm
        city={city}
        label={title}
        busy={busy}
        onCancel={close}
        onSubmit={(values, form) => {
          const onError = (error: unknown) => {
            if (!(error instanceof CallError)) return
            // 409: the name is taken. The client has toasted it; it belongs under Name too.
            if (error.status === 409) form.setError('name', { type: 'server', message: error.message }, { shouldFocus: true })
            else applyServerErrors(form, error.fields)
          }
          if (city) rename.mutate({ id: city._id, ...values }, { onSuccess: done, onError })
          else create.mutate(values, { onSuccess: done, onError })
        }}
      />
    </Modal>
  )
}

function CityForm({
  city,
  label,
  busy,
  onCancel,
  onSubmit,
}: {
  city?: Pick<City, 'name'>
  label: string
  busy: boolean
  onCancel: () => void
  onSubmit: (values: CityBody, form: UseFormReturn<CityBody>) => void
}) {
  const formId = useId()
  const form = useForm<CityBody>({ resolver: zodResolver(cityBody), mode: 'onTouched', defaultValues: { name: city?.name ?? '' } })
  const submit = form.handleSubmit((values) => onSubmit(values, form))
  return (
    <ModalForm formId={formId} submitLabel="Save" busy={busy} onCancel={onCancel}>
      <Form id={formId} onSubmit={submit} aria-label={label} className="flex flex-col gap-4">
        <TextField form={form} name="name" label="Name" autoComplete="off" autoFocus hint="2 to 20 letters and spaces" />
      </Form>
    </ModalForm>
  )
}
