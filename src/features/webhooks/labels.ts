import type { WebhookDelivery, WebhookEndpoint } from '@contract/webhooks'
import { formatDateTime } from '@/lib/format'

/**
 * What a delivery's state is called on the screen, honestly: "Delivered" only for a 2xx answer
 * (the server's 'delivered'), a failed attempt with its next time, "Paused" while its endpoint is.
 */
export function deliveryStateLabel(d: Pick<WebhookDelivery, 'status' | 'attempts' | 'nextAttemptAt'>, endpointStatus?: WebhookEndpoint['status']): string {
  if (d.status === 'delivered') return 'Delivered'
  if (d.status === 'failed') return 'Failed (no more retries)'
  if (endpointStatus === 'paused') return 'Paused'
  if (endpointStatus === 'disabled') return 'Waiting (endpoint disabled)'
  if (d.attempts === 0) return 'Queued'
  return `Failed (retrying at ${formatDateTime(d.nextAttemptAt)})`
}

export const endpointStatusLabel: Record<WebhookEndpoint['status'], string> = { active: 'Active', paused: 'Paused', disabled: 'Disabled' }

/** The endpoint's latest delivery, in a few words. */
export function lastDeliveryLabel(endpoint: WebhookEndpoint): string {
  const last = endpoint.lastDelivery
  if (!last) return 'No delivery yet'
  const answer = last.answerStatus === null ? 'no answer' : `answer ${last.answerStatus}`
  if (last.status === 'delivered') return `Delivered ${formatDateTime(last.at)} (${answer})`
  if (last.status === 'failed') return `Failed ${formatDateTime(last.at)} (${answer}), no more retries`
  return `Failed ${formatDateTime(last.at)} (${answer})${endpoint.status === 'active' && last.nextAttemptAt ? `, retrying at ${formatDateTime(last.nextAttemptAt)}` : ''}`
}
