import { and, arrayContains, count, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import { WEBHOOK_PAUSED_BACKLOG_MAX, type WebhookDeliveryType, type WebhookEvent } from '../../contract/webhooks'
import type { Db } from '../db/client'
import { webhookDeliveries, webhookEndpoints } from '../db/schema'
import { newEventId } from './signature'

/** The body every delivery sends (Standard Webhooks' suggested shape). */
export const eventPayload = (type: WebhookDeliveryType, data: unknown, at: Date) => ({ type, timestamp: at.toISOString(), data })

/** An event's data, or how to read it (read only when some endpoint wants the event). */
type EventData = Record<string, unknown> | (() => Promise<Record<string, unknown>>)

/** The endpoints that get `type`: subscribed, and not disabled by an admin (a paused one's wait, in order, until it is resumed). */
const wanting = (tx: Db, type: WebhookEvent) =>
  tx
    .select({ id: webhookEndpoints.id, status: webhookEndpoints.status })
    .from(webhookEndpoints)
    .where(and(arrayContains(webhookEndpoints.events, [type]), ne(webhookEndpoints.status, 'disabled')))

/** How many more deliveries each paused endpoint's backlog takes (WEBHOOK_PAUSED_BACKLOG_MAX in all). */
async function roomOfPaused(tx: Db, ids: string[]): Promise<Map<string, number>> {
  const room = new Map(ids.map((id) => [id, WEBHOOK_PAUSED_BACKLOG_MAX]))
  if (ids.length === 0) return room
  const waiting = await tx
    .select({ endpointId: webhookDeliveries.endpointId, n: count() })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.endpointId, ids), eq(webhookDeliveries.status, 'pending')))
    .groupBy(webhookDeliveries.endpointId)
  for (const { endpointId, n } of waiting) room.set(endpointId, WEBHOOK_PAUSED_BACKLOG_MAX - n)
  return room
}

/**
 * Deliveries go out in `seq` order per endpoint, and `seq` is taken when a row is inserted, not
 * when it commits: a transaction that queues for an endpoint holds it until it commits, so that
 * another cannot commit a later `seq` first and have it sent ahead (in id order, so that two
 * transactions taking several never wait on each other in a circle).
 */
async function holdEndpoints(tx: Db, ids: readonly string[]) {
  for (const id of [...ids].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook:${id}`}))`)
}

/**
 * Queues `type` with `data` for every endpoint that wants it, in `tx`: the transaction of the
 * change itself, so the event commits with it or not at all (the outbox), and no process that
 * stops after the commit loses it. Nothing is queued (nor read) when no endpoint wants it.
 * Returns the rows queued.
 */
export const emitWebhookEvent = (tx: Db, type: WebhookEvent, data: EventData, at: Date): Promise<number> =>
  emitWebhookEvents(tx, type, async () => [typeof data === 'function' ? await data() : data], at)

/** Several events of one type (a bulk action's rows), each its own message, in the order given. */
export async function emitWebhookEvents(tx: Db, type: WebhookEvent, data: () => Promise<Record<string, unknown>[]>, at: Date): Promise<number> {
  const endpoints = await wanting(tx, type)
  if (endpoints.length === 0) return 0
  const events = (await data()).map((one) => ({ eventId: newEventId(), payload: eventPayload(type, one, at) }))
  if (events.length === 0) return 0
  await holdEndpoints(
    tx,
    endpoints.map((e) => e.id),
  )
  // A paused endpoint's backlog is bounded: past it, its new events are counted, not kept.
  const room = await roomOfPaused(
    tx,
    endpoints.filter((e) => e.status === 'paused').map((e) => e.id),
  )
  const dropped = new Map<string, number>()
  const rows = events.flatMap((event) =>
    endpoints.flatMap((e) => {
      const left = room.get(e.id)
      if (left !== undefined) {
        if (left <= 0) {
          dropped.set(e.id, (dropped.get(e.id) ?? 0) + 1)
          return []
        }
        room.set(e.id, left - 1)
      }
      return [{ endpointId: e.id, ...event, type, nextAttemptAt: at, createdAt: at }]
    }),
  )
  for (const [id, n] of dropped)
    await tx
      .update(webhookEndpoints)
      .set({ droppedEvents: sql`${webhookEndpoints.droppedEvents} + ${n}` })
      .where(eq(webhookEndpoints.id, id))
  if (rows.length > 0) await tx.insert(webhookDeliveries).values(rows)
  return rows.length
}

/** One event for one endpoint. */
export type OneEvent = { eventId: string; type: string; payload: Record<string, unknown> }

/** Queues one event for one endpoint only (the Test button, a Redeliver), leased until `leasedUntil` when given (its sender holds it). */
export function queueDelivery(db: Db, endpointId: string, row: OneEvent, at: Date, leasedUntil: Date | null = null) {
  const { eventId, type, payload } = row
  return db.transaction(async (tx) => {
    await holdEndpoints(tx, [endpointId])
    const [queued] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId, eventId, type, payload, nextAttemptAt: at, createdAt: at, leasedUntil })
      .returning()
    return queued!
  })
}

/** How long a finished delivery stays in its endpoint's log. */
export const WEBHOOK_LOG_DAYS = 30

/** The maintenance round's part: finished deliveries older than WEBHOOK_LOG_DAYS go (pending ones stay, whatever their age). */
export async function pruneWebhookDeliveries(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_LOG_DAYS * 24 * 60 * 60 * 1000)
  const gone = await db
    .delete(webhookDeliveries)
    .where(and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, before)))
    .returning({ id: webhookDeliveries.id })
  return gone.length
}
