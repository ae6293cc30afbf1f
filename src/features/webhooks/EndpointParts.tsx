import type { WebhookEndpoint } from '@contract/webhooks'
import { Badge, type BadgeTone } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { useUpdateWebhook } from './api'
import { endpointStatusLabel } from './labels'

/** What the endpoints list and an endpoint's details both show. */

const statusTone: Record<WebhookEndpoint['status'], BadgeTone> = { active: 'success', paused: 'danger', disabled: 'neutral' }

export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  return <Badge tone={statusTone[endpoint.status]}>{endpointStatusLabel[endpoint.status]}</Badge>
}

/** Resume: the paused endpoint's waiting deliveries are sent again, in order. */
export function ResumeButton({ endpoint }: { endpoint: WebhookEndpoint }) {
  const update = useUpdateWebhook()
  return (
    <Button busy={update.isPending} onClick={() => update.mutate({ id: endpoint._id, status: 'active' })} aria-label={`Resume ${endpoint.url}`} className="min-h-9 px-3 py-1 text-xs">
      Resume
    </Button>
  )
}

