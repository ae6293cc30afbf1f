import { eq, sql } from 'drizzle-orm'
import { PLACE_STATUS, type PlaceKind } from '../../contract/enums'
import type { Db } from '../db/client'
import { feedbackColumns, toFeedback } from '../db/queries/feedback'
import { toPlaceDetails } from '../db/queries/places'
import { toUserSummary, userSummaryColumns } from '../db/queries/users'
import { appUsers, feedback, notificationRecipients, notifications, places } from '../db/schema'
import { emitWebhookEvent, emitWebhookEvents } from './emit'

/**
 * The events of each kind of change, with the data their endpoints get (README, Webhooks), read
 * in the change's transaction and only when some endpoint wants the event. A single action and a
 * bulk one send the same data for a row.
 */

const anyOf = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`
const inOrder = <T extends { id: string }>(ids: readonly string[], rows: T[]) => {
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** Users blocked or unblocked: `{ user }` with the fields a feedback's author shows, and the status. */
export const emitUserEvents = (tx: Db, type: 'user.blocked' | 'user.unblocked', ids: readonly string[], at: Date) =>
  emitWebhookEvents(
    tx,
    type,
    async () => {
      const rows = await tx
        .select({ ...userSummaryColumns, status: appUsers.status })
        .from(appUsers)
        .where(sql`${appUsers.id} = any(${anyOf(ids)})`)
      return inOrder(ids, rows).map((u) => ({
        user: { ...toUserSummary(u), status: u.status },
      }))
    },
    at,
  )

type PlaceEvent = 'place.created' | 'place.updated' | 'place.activated' | 'place.deactivated' | 'place.deleted' | 'place.restored'

/** Pet shops or hospitals changed: `{ kind, place }`, the place as GET /place/admin/{kind}/{id} answers it. */
export const emitPlaceEvents = (tx: Db, type: PlaceEvent, kind: PlaceKind, ids: readonly string[], at: Date) =>
  emitWebhookEvents(
    tx,
    type,
    async () => {
      const rows = await tx
        .select()
        .from(places)
        .where(sql`${places.id} = any(${anyOf(ids)})`)
      return inOrder(ids, rows).map((p) => ({
        kind,
        place: toPlaceDetails(p),
      }))
    },
    at,
  )

/** A toggle's event: activated or deactivated, by the status it led to. */
export const placeStatusEvent = (status: number) => (status === PLACE_STATUS.ACTIVE ? 'place.activated' : 'place.deactivated')

/** Feedback given a new status: `{ from, feedback }`, with its author. */
export const emitFeedbackStatus = (tx: Db, changes: readonly { id: string; from: number }[], at: Date) =>
  emitWebhookEvents(
    tx,
    'feedback.status_changed',
    async () => {
      const ids = changes.map((c) => c.id)
      const rows = await tx
        .select(feedbackColumns)
        .from(feedback)
        .leftJoin(appUsers, eq(appUsers.id, feedback.userId))
        .where(sql`${feedback.id} = any(${anyOf(ids)})`)
      const fromOf = new Map(changes.map((c) => [c.id, c.from]))
      return inOrder(ids, rows).map((f) => ({
        from: fromOf.get(f.id),
        feedback: toFeedback(f),
      }))
    },
    at,
  )

/**
 * A notification has just been sent (now, or at its scheduled time): its words and audience, not
 * its recipients. `recipientCount` when the caller knows it (a send to all: a million rows not counted again).
 */
export const emitNotificationSent = (tx: Db, notificationId: string, at: Date, recipientCount?: number) =>
  emitWebhookEvent(
    tx,
    'notification.sent',
    async () => {
      const [n] = await tx
        .select({
          title: notifications.title,
          body: notifications.body,
          sendTo: notifications.sendTo,
          scheduledAt: notifications.scheduledAt,
        })
        .from(notifications)
        .where(eq(notifications.id, notificationId))
      return {
        notification: {
          _id: notificationId,
          title: n?.title ?? null,
          description: n?.body ?? null,
          sendTo: n?.sendTo ?? null,
          scheduledAt: n?.scheduledAt?.toISOString() ?? null,
          sentAt: at.toISOString(),
          recipientCount: recipientCount ?? (await tx.$count(notificationRecipients, eq(notificationRecipients.notificationId, notificationId))),
        },
      }
    },
    at,
  )
