import * as zm from 'zod/mini'
import { API_MSG } from './messages'

/**
 * Webhooks out (docs/DECISIONS.md, Webhooks): endpoints an admin registers, each with the events
 * it wants; every delivery is signed as the Standard Webhooks specification says. Admin only
 * (permission 'webhook.manage'). Not in the contract's barrel: import '@contract/webhooks' and,
 * for what clients send, '@contract/input/webhooks'.
 */

/** The events an endpoint may subscribe to, grouped as the Settings screen shows them. */
export const WEBHOOK_EVENT_GROUPS = [
  {
    label: 'Users',
    events: [
      { type: 'user.blocked', label: 'User blocked' },
      { type: 'user.unblocked', label: 'User unblocked' },
    ],
  },
  {
    label: 'Partner requests',
    events: [
      { type: 'partner.approved', label: 'Partner request approved (with its draft place)' },
      { type: 'partner.declined', label: 'Partner request declined' },
    ],
  },
  {
    label: 'Pet shops and hospitals',
    events: [
      { type: 'place.created', label: 'Created' },
      { type: 'place.updated', label: 'Updated' },
      { type: 'place.activated', label: 'Activated' },
      { type: 'place.deactivated', label: 'Deactivated' },
      { type: 'place.deleted', label: 'Deleted (to the trash)' },
      { type: 'place.restored', label: 'Restored from the trash' },
    ],
  },
  { label: 'Notifications', events: [{ type: 'notification.sent', label: 'Notification sent' }] },
  { label: 'Feedback', events: [{ type: 'feedback.status_changed', label: 'Feedback status changed' }] },
  {
    label: 'Content',
    events: [
      { type: 'cms_page.changed', label: 'CMS page changed' },
      { type: 'faq.changed', label: 'FAQ changed (added, edited, reordered or deleted)' },
    ],
  },
] as const

export const WEBHOOK_EVENTS = [
  'user.blocked',
  'user.unblocked',
  'partner.approved',
  'partner.declined',
  'place.created',
  'place.updated',
  'place.activated',
  'place.deactivated',
  'place.deleted',
  'place.restored',
  'notification.sent',
  'feedback.status_changed',
  'cms_page.changed',
  'faq.changed',
] as const satisfies readonly (typeof WEBHOOK_EVENT_GROUPS)[number]['events'][number]['type'][]
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** What the Test button sends: never subscribed to, sent to the one endpoint asked. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'
export type WebhookDeliveryType = WebhookEvent | typeof WEBHOOK_TEST_EVENT

/** active: delivered to; paused: by the server, after failing for long (Resume); disabled: by an admin. */
export const WEBHOOK_STATUSES = ['active', 'paused', 'disabled'] as const
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number]
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]

export const WEBHOOK_URL_MAX = 2000
export const WEBHOOK_DESCRIPTION_MAX = 200
/** How much of an answer's body is kept in the delivery log. */
export const WEBHOOK_ANSWER_KEPT_BYTES = 1024
/** A paused endpoint keeps at most this many deliveries waiting; later events are counted (droppedEvents), not kept. */
export const WEBHOOK_PAUSED_BACKLOG_MAX = 10_000
/** After New secret, the replaced secret goes on signing beside the new one for this long. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24

export const WEBHOOKS_MSG = {
  listed: 'Webhooks fetched successfully',
  fetched: 'Webhook fetched successfully',
  created: 'Webhook added: copy its secret now, it is not shown again',
  updated: 'Webhook updated',
  resumed: 'Webhook resumed',
  deleted: 'Webhook deleted',
  secretRotated: `New secret made: copy it now, it is not shown again. The old one also signs for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours`,
  notFound: 'Webhook not found',
  deliveriesListed: 'Deliveries fetched successfully',
  deliveryNotFound: 'Delivery not found',
  redelivered: 'Delivered again',
  redeliveryFailed: 'Not delivered again: the delivery log says why',
  stillPending: 'This delivery has not finished yet',
  testDelivered: 'Test event delivered',
  testFailed: 'Test event not delivered: the delivery log says why',
  urlRequired: 'Enter the endpoint URL',
  urlInvalid: 'Enter an http:// or https:// URL',
  urlMax: `Should be maximum of ${WEBHOOK_URL_MAX} characters`,
  urlCredentials: 'Leave user names and passwords out of the URL',
  urlPrivate: 'This address is on a private network or this machine: webhooks may not be sent to it',
  urlUnresolved: 'This host name could not be found',
  eventsRequired: 'Choose at least one event',
  eventInvalid: 'Unknown event',
  descriptionMax: `Should be maximum of ${WEBHOOK_DESCRIPTION_MAX} characters`,
  nothingToChange: 'Nothing to change',
} as const

const webhookStatus = zm.enum(WEBHOOK_STATUSES)
const deliveryStatus = zm.enum(WEBHOOK_DELIVERY_STATUSES)

export const webhookEndpoint = zm.object({
  _id: zm.string(),
  url: zm.string(),
  events: zm.array(zm.string()),
  description: zm.nullable(zm.string()),
  status: webhookStatus,
  /** Consecutive failed attempts (0 after any success). */
  failureStreak: zm.number(),
  /** When the server paused it (status paused). */
  pausedAt: zm.nullable(zm.string()),
  /** Events not kept while it was paused, its backlog full (WEBHOOK_PAUSED_BACKLOG_MAX); 0 again once resumed. */
  droppedEvents: zm.number(),
  /** Deliveries not finished yet (waiting, or retrying). */
  pending: zm.number(),
  /** Its latest finished or tried delivery. */
  lastDelivery: zm.nullable(
    zm.object({ status: deliveryStatus, at: zm.string(), answerStatus: zm.nullable(zm.number()), nextAttemptAt: zm.nullable(zm.string()) }),
  ),
  createdAt: zm.string(),
  updatedAt: zm.string(),
})
export type WebhookEndpoint = zm.infer<typeof webhookEndpoint>

/** The create (and secret rotation) answer: the secret, this once. */
export const webhookEndpointWithSecret = zm.extend(webhookEndpoint, { secret: zm.string() })
export type WebhookEndpointWithSecret = zm.infer<typeof webhookEndpointWithSecret>

export const webhookDelivery = zm.object({
  _id: zm.string(),
  /** The `webhook-id` header: the same on every attempt and on a Redeliver. */
  eventId: zm.string(),
  type: zm.string(),
  status: deliveryStatus,
  attempts: zm.number(),
  createdAt: zm.string(),
  lastAttemptAt: zm.nullable(zm.string()),
  /** When a pending delivery is tried next. */
  nextAttemptAt: zm.nullable(zm.string()),
  /** The HTTP status of the last answer; null when there was none (refused, timed out...). */
  answerStatus: zm.nullable(zm.number()),
  /** The first WEBHOOK_ANSWER_KEPT_BYTES of the last answer's body. */
  answerBody: zm.nullable(zm.string()),
  /** Why the last attempt failed when there was no answer, or what the answer was not. */
  error: zm.nullable(zm.string()),
  durationMs: zm.nullable(zm.number()),
})
export type WebhookDelivery = zm.infer<typeof webhookDelivery>

export const webhookIdParam = zm.object({ id: zm.uuid({ message: API_MSG.invalidId }) })
export const webhookDeliveryParams = zm.object({
  id: zm.uuid({ message: API_MSG.invalidId }),
  deliveryId: zm.uuid({ message: API_MSG.invalidId }),
})
