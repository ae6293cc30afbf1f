import { useId } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { faqSchema, type Faq, type FaqInput } from '@contract'
import { Form } from '@/components/form/Form'
import { TextAreaField, TextField, applyServerErrors } from '@/components/form/Field'
import { Modal, ModalForm, useDialogMutations, useOpenWhenMounted } from '@/components/ui/Modal'
import { CallError } from '@/lib/http'
import { useAddFaq, useEditFaq } from './api'

/**
 * Add or edit one FAQ in a 900 px Headless UI Dialog: Title and Description
 * with the contract's FAQ rules and messages (faqSchema). Focus moves to Title, stays
 * trapped, and returns to the button that opened it; Escape, the backdrop, Close and Cancel close
 * it, except while saving. The form lives only while the dialog is open.
 */
export default function FaqDialog({ open, faq, onClose }: { open: boolean; faq?: Faq; onClose: () => void }) {
  const add = useAddFaq()
  const edit = useEditFaq()
  const { busy, close, done } = useDialogMutations(onClose, add, edit)
  const title = faq ? 'Edit FAQ' : 'Add FAQ'
  const shown = useOpenWhenMounted(open)
  return (
    <Modal open={shown} onClose={close} title={title} busy={busy}>
      <FaqForm
        faq={faq}
        label={title}
        busy={busy}
        onCancel={close}
        onSubmit={(values, form) => {
          const onError = (error: unknown) => {
            if (error instanceof CallError) applyServerErrors(form, error.fields)
          }
          if (faq) edit.mutate({ id: faq._id, ...values }, { onSuccess: done, onError })
          else add.mutate(values, { onSuccess: done, onError })
        }}
      />
    </Modal>
  )
}

function FaqForm({
  faq,
  label,
  busy,
  onCancel,
  onSubmit,
}: {
  faq?: Faq
  label: string
  busy: boolean
  onCancel: () => void
  onSubmit: (values: FaqInput, form: ReturnType<typeof useForm<FaqInput>>) => void
}) {
  const formId = useId()
  const form = useForm<FaqInput>({
    resolver: zodResolver(faqSchema),
    mode: 'onTouched',
    defaultValues: { title: faq?.title ?? '', description: faq?.description ?? '' },
  })
  const submit = form.handleSubmit((values) => onSubmit(values, form))
  return (
    <ModalForm formId={formId} submitLabel="Save" busy={busy} onCancel={onCancel}>
      <Form id={formId} onSubmit={submit} aria-label={label} className="flex flex-col gap-4">
        <TextField form={form} name="title" label="Title" autoComplete="off" autoFocus hint="Up to 200 characters" />
        <TextAreaField form={form} name="description" label="Description" rows={6} hint="Up to 500 characters" />
      </Form>
    </ModalForm>
  )
}
