import { useId, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { PARTNER_REASON_MAX, partnerDeclineBody, partnerTypeLabel, type PartnerDeclineBody, type PartnerDetails } from '@contract'
import { CountedField } from '@/components/form/CountedField'
import { applyServerErrors } from '@/components/form/Field'
import { Form } from '@/components/form/Form'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { Card } from '@/components/ui/DetailsCard'
import { Modal, ModalForm, useDialogMutations } from '@/components/ui/Modal'
import { ApiError } from '@/lib/http'
import { useDecidePartner } from './api'

/**
 * Approve or Decline a pending request. Approve asks first (it makes a draft pet shop or
 * hospital and mails the applicant); Decline asks for the reason the applicant will read.
 */
export function PartnerDecision({ request }: { request: PartnerDetails }) {
  const [asking, setAsking] = useState<'approve' | 'decline' | null>(null)
  const decide = useDecidePartner(request._id)
  const close = () => setAsking(null)
  const noun = partnerTypeLabel[request.type].toLowerCase()
  return (
    <Card title="Decision">
      <p className="mb-4 text-sm text-slate-600">
        Approving creates a draft {noun} from this request, to complete before it is activated. Either way the applicant is told by
        email.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setAsking('approve')}>Approve</Button>
        <Button variant="danger" onClick={() => setAsking('decline')}>
          Decline
        </Button>
      </div>
      <ConfirmDialog
        open={asking === 'approve'}
        title="Approve this request?"
        confirmLabel="Approve"
        busy={decide.isPending}
        onClose={close}
        onConfirm={() => decide.mutate({ approve: true }, { onSettled: close })}
      >
        {`${request.name} becomes a draft ${noun}, and ${request.email} is told by email. A decision cannot be changed.`}
      </ConfirmDialog>
      <DeclineDialog open={asking === 'decline'} decide={decide} onClose={close} />
    </Card>
  )
}

type DeclineDialogProps = { open: boolean; decide: ReturnType<typeof useDecidePartner>; onClose: () => void }

function DeclineDialog({ open, decide, onClose }: DeclineDialogProps) {
  const { busy, close, done } = useDialogMutations(onClose, decide)
  return (
    <Modal open={open} onClose={close} title="Decline this request?" busy={busy} width="lg">
      <DeclineForm
        busy={busy}
        onCancel={close}
        onSubmit={(values, form) =>
          decide.mutate(
            { approve: false, reason: values.reason },
            {
              onSuccess: done,
              onError: (error) => {
                if (error instanceof ApiError && error.fields) applyServerErrors(form, error.fields)
                // Decided meanwhile (409, toasted): there is nothing left to decline.
                else if (error instanceof ApiError && error.status === 409) done()
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
