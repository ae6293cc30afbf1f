import { and, arrayContains, ne } from 'drizzle-orm'
import type { WebhookDeliveryType, WebhookEvent } from '../../contract/webhooks'
import type { Db } from '../db/client'
import { webhookDeliveries, webhookEndpoints } from '../db/schema'
import { newEventId } from './signature'

/** The body every delivery sends (Standard Webhooks' suggested shape). */
export const eventPayload = (type: WebhookDeliveryType, data: unknown, at: Date) => ({ type, timestamp: at.toISOString(), data })

/**
 * Queues `type` with `data` for every endpoint that wants it, in `tx`: the transaction of the
 * change itself, so the event commits with it or not at all (the outbox), and no process that
 * stops after the commit loses it. Nothing is queued when no endpoint wants it, nor for an endpoint
 * an admin disabled; a paused one gets it (it waits, in order, until it is resumed). Returns the rows queued.
 */
export async function emitWebhookEvent(tx: Db, type: WebhookEvent, data: unknown, at: Date): Promise<number> {
  const wanting = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(arrayContains(webhookEndpoints.events, [type]), ne(webhookEndpoints.status, 'disabled')))
  if (wanting.length === 0) return 0
  const eventId = newEventId()
  const payload = eventPayload(type, data, at)
  await tx.insert(webhookDeliveries).values(wanting.map((e) => ({ endpointId: e.id, eventId, type, payload, nextAttemptAt: at, createdAt: at })))
  return wanting.length
}

/** Queues one event for one endpoint only (the Test button, a Redeliver). */
export async function queueDelivery(tx: Db, endpointId: string, row: { eventId: string; type: string; payload: Record<string, unknown> }, at: Date) {
  const [queued] = await tx.insert(webhookDeliveries).values({ endpointId, ...row, nextAttemptAt: at, createdAt: at }).returning()
  return queued!
}

