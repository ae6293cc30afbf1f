import { Suspense, useState } from 'react'
import { partnerTypeLabel, type PartnerDetails } from '@contract'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { Card } from '@/components/ui/DetailsCard'
import { lazyChunk, useLazyTrigger, useOpenedOnce } from '@/lib/lazy-component'
import { useDecidePartner } from './api'

// The Decline dialog (its form, Headless UI's Dialog) is not part of the page's first load: its
// code comes as the Decline button is neared, or on the press.
const importDecline = () => import('./DeclineDialog')
const DeclineDialog = lazyChunk(importDecline, ChunkLoadFailed)

/**
 * Approve or Decline a pending request. Approve asks first (it makes a draft pet shop or
 * hospital and mails the applicant); Decline asks for the reason the applicant will read.
 */
export function PartnerDecision({ request }: { request: PartnerDetails }) {
  const [asking, setAsking] = useState<'approve' | 'decline' | null>(null)
  const decide = useDecidePartner(request._id)
  const close = () => setAsking(null)
  const declineOpened = useOpenedOnce(asking === 'decline')
  const decline = useLazyTrigger(importDecline)
  const noun = partnerTypeLabel[request.type].toLowerCase()
  return (
    <Card title="Decision">
      <p className="mb-4 text-sm text-slate-600">
        Approving creates a draft {noun} from this request, to complete before it is activated. Either way the applicant is told by
        email.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setAsking('approve')}>Approve</Button>
        <Button variant="danger" onClick={() => decline.start(() => setAsking('decline'))} {...decline.trigger}>
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
      <Suspense fallback={null}>{declineOpened && <DeclineDialog open={asking === 'decline'} decide={decide} onClose={close} />}</Suspense>
    </Card>
  )
}
