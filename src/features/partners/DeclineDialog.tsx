import { useId } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { PARTNER_REASON_MAX, partnerDeclineBody, type PartnerDeclineBody } from '@contract'
import { CountedField } from '@/components/form/CountedField'
import { applyServerErrors } from '@/components/form/Field'
import { Form } from '@/components/form/Form'
import { Modal, ModalForm, useDialogMutations, useOpenWhenMounted } from '@/components/ui/Modal'
import { CallError } from '@/lib/http'
import type { useDecidePartner } from './api'

type DeclineDialogProps = { open: boolean; decide: ReturnType<typeof useDecidePartner>; onClose: () => void }

/**
 * Decline a pending request: the reason the applicant will read, in a Headless UI Dialog. Loaded by
 * PartnerDecision when first opened.
 */
export default function DeclineDialog({ open, decide, onClose }: DeclineDialogProps) {
  const { busy, close, done } = useDialogMutations(onClose, decide)
  const shown = useOpenWhenMounted(open)
  return (
    <Modal open={shown} onClose={close} title="Decline this request?" busy={busy} width="lg">
      <DeclineForm
        busy={busy}
        onCancel={close}
        onSubmit={(values, form) =>
          decide.mutate(
            { approve: false, reason: values.reason },
            {
              onSuccess: done,
              onError: (error) => {
                if (error instanceof CallError && error.fields) applyServerErrors(form, error.fields)
                // Decided meanwhile (409, toasted): there is nothing left to decline.
                else if (error instanceof CallError && error.status === 409) done()
              },
            },
          )
        }
      />
    </Modal>
  )
}

function DeclineForm({
  busy,
  onCancel,
  onSubmit,
}: {
  busy: boolean
  onCancel: () => void
  onSubmit: (values: PartnerDeclineBody, form: ReturnType<typeof useForm<PartnerDeclineBody>>) => void
}) {
  const formId = useId()
  const form = useForm<PartnerDeclineBody>({ resolver: zodResolver(partnerDeclineBody), mode: 'onTouched', defaultValues: { reason: '' } })
  const submit = form.handleSubmit((values) => onSubmit(values, form))
  return (
    <ModalForm formId={formId} submitLabel="Decline" busy={busy} onCancel={onCancel}>
      <Form id={formId} onSubmit={submit} aria-label="Decline this request" className="flex flex-col gap-2">
        <p className="text-sm text-slate-600">The applicant reads this reason in the email that tells them.</p>
        <CountedField form={form} name="reason" label="Reason" max={PARTNER_REASON_MAX} multiline rows={4} initialFocus />
      </Form>
    </ModalForm>
  )
}
