import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  DELIVERY_STATUS,
  type DeliveryStatus,
  idParam,
  NOTIFICATION_DETAIL_RECIPIENTS,
  NOTIFICATION_STATUS,
  notificationListQuery,
  notificationRecipientListQuery,
  notificationSendBody,
  NOTIFICATIONS_MSG,
  sendAtProblem,
  USER_STATUS,
  type Audience,
  type NotificationDetails,
  type NotificationListItem,
  type NotificationListQuery,
  type NotificationRecipient,
  type NotificationRecipientListQuery,
  type NotificationSendBody,
  type PushService,
} from '../../contract'
import type { Db } from '../db/client'
import { like, likePattern, listPage, pageRows, type ListSource } from '../db/list'
import { toUserSummary, userSummaryColumns } from '../db/queries/users'
import { countKey } from '../db/row-counts'
import { appUsers, lowerOf, notificationRecipients, notifications, notificationSearchText } from '../db/schema'
import { live, trashedBy } from '../db/trash'
import type { Deps } from '../deps'
import { badRequest, conflict, notFound } from '../api-error'
import { auditNote, permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { listOk, ok } from '../http/respond'
import { validate } from '../http/validate'
import { emitNotificationSent } from '../webhooks/events'
import { addAllActiveRecipients, affectedRows, asPendingRecipients, DELIVERY_BATCH, deliverPending } from '../notifications/send'

type NotificationSort = NonNullable<NotificationListQuery['sortBy']>

/** The notifications list, narrowed to those one user received when `recipientId` is given. */
export function notificationListSource(q: Pick<NotificationListQuery, 'recipientId'>): ListSource<NotificationSort, Audience> {
  const reached =
    q.recipientId === undefined
      ? undefined
      : sql`exists (select 1 from ${notificationRecipients} where ${notificationRecipients.notificationId} = ${notifications.id} and ${notificationRecipients.userId} = ${q.recipientId})`
  return {
    table: notifications,
    id: notifications.id,
    createdAt: notifications.createdAt,
    scope: and(live(notifications), reached),
    sortBy: {
      title: { expr: lowerOf(notifications.title), type: 'text' },
      createdAt: { expr: notifications.createdAt, type: 'timestamptz' },
    },
    search: (pattern) => like(notificationSearchText(notifications), pattern),
    filter: (sendTo) => eq(notifications.sendTo, sendTo),
    // The kept totals count every notification: one user's share is counted.
    ...(reached ? {} : { counted: { filter: (sendTo: Audience) => countKey(notifications.sendTo, sendTo) } }),
  }
}

const recipientCount = sql<number>`(${notifications.pendingCount} + ${notifications.deliveredCount} + ${notifications.failedCount} + ${notifications.notSentCount} + ${notifications.noDeviceCount})::int`

// The kept counters, not a count: a notification's million recipients are never counted here.
const notificationColumns = {
  id: notifications.id,
  title: notifications.title,
  body: notifications.body,
  sendTo: notifications.sendTo,
  createdAt: notifications.createdAt,
  status: notifications.status,
  scheduledAt: notifications.scheduledAt,
  sentAt: notifications.sentAt,
  recipientCount,
}

type NotificationRow = Pick<
  typeof notifications.$inferSelect,
  'id' | 'title' | 'body' | 'sendTo' | 'createdAt' | 'status' | 'scheduledAt' | 'sentAt'
> & { recipientCount: number }

const iso = (d: Date | null) => (d ? d.toISOString() : null)

const toNotificationListItem = (n: NotificationRow): NotificationListItem => ({
  _id: n.id,
  title: n.title,
  body: n.body,
  sendTo: n.sendTo,
  recipientCount: Number(n.recipientCount),
  createdAt: n.createdAt.toISOString(),
  status: n.status,
  scheduledAt: iso(n.scheduledAt),
  sentAt: iso(n.sentAt),
})

const notificationRows = pageRows(notifications, notificationColumns)

const r = notificationRecipients

/**
 * One page of a notification's recipients, in the recipients key's order (notification, user id):
 * the page's keys are read from the index first and only they are joined to their users, so a
 * page costs the same for 10 recipients as for a million. A search joins the users to match
 * (their stored search text, trigram-indexed).
 */
function recipientRows(db: Db, id: string, q: Pick<NotificationRecipientListQuery, 'search' | 'filter'>, limit: number, offset: number) {
  const columns = {
    ...userSummaryColumns,
    delivery: r.delivery,
    attempts: r.attempts,
    error: r.error,
    deliveredAt: r.deliveredAt,
  }
  const where = and(eq(r.notificationId, id), q.filter === undefined ? undefined : eq(r.delivery, q.filter))
  if (q.search !== '') {
    return db
      .select(columns)
      .from(r)
      .innerJoin(appUsers, eq(appUsers.id, r.userId))
      .where(and(where, like(appUsers.searchText, likePattern(q.search))))
      .orderBy(asc(r.userId))
      .limit(limit)
      .offset(offset)
  }
  const page = db
    .select({
      userId: r.userId,
      delivery: r.delivery,
      attempts: r.attempts,
      error: r.error,
      deliveredAt: r.deliveredAt,
    })
    .from(r)
    .where(where)
    .orderBy(asc(r.userId))
    .limit(limit)
    .offset(offset)
    .as('page')
  // A recipient's user always exists: recipients go with their user (on delete cascade).
  return db
    .select({
      ...userSummaryColumns,
      delivery: page.delivery,
      attempts: page.attempts,
      error: page.error,
      deliveredAt: page.deliveredAt,
    })
    .from(page)
    .innerJoin(appUsers, eq(appUsers.id, page.userId))
    .orderBy(asc(page.userId))
}

type RecipientRow = Awaited<ReturnType<typeof recipientRows>>[number]

const toRecipient = (row: RecipientRow): NotificationRecipient => ({
  ...toUserSummary(row),
  delivery: row.delivery,
  attempts: row.attempts,
  error: row.error,
  deliveredAt: iso(row.deliveredAt),
})

/** A notification outside the trash: a trashed one is not found, for reads and writes alike. */
const liveNotification = (id: string) => and(eq(notifications.id, id), live(notifications))

/** The counters of one notification, or undefined when there is none (or it is in the trash). */
async function countsOf(db: Db, id: string) {
  const [row] = await db
    .select({
      ...notificationColumns,
      pendingCount: notifications.pendingCount,
      deliveredCount: notifications.deliveredCount,
      failedCount: notifications.failedCount,
      notSentCount: notifications.notSentCount,
      noDeviceCount: notifications.noDeviceCount,
    })
    .from(notifications)
    .where(liveNotification(id))
  return row
}

/**
 * GET /admin/notification/:id/recipients. Without a search the total is the notification's kept
 * counter (all, or the filtered delivery's); with one, the page proves it when it can, else the
 * matches are counted.
 */
async function recipientPage(db: Db, id: string, q: NotificationRecipientListQuery) {
  const counts = await countsOf(db, id)
  if (!counts) throw notFound(NOTIFICATIONS_MSG.notFound)
  const offset = (q.page - 1) * q.limit
  const rows = (await recipientRows(db, id, q, q.limit, offset)).map(toRecipient)
  if (q.search === '') {
    const byDelivery: Record<DeliveryStatus, number> = {
      [DELIVERY_STATUS.PENDING]: counts.pendingCount,
      [DELIVERY_STATUS.DELIVERED]: counts.deliveredCount,
      [DELIVERY_STATUS.FAILED]: counts.failedCount,
      [DELIVERY_STATUS.NOT_SENT]: counts.notSentCount,
      [DELIVERY_STATUS.NO_DEVICE]: counts.noDeviceCount,
    }
    return {
      rows,
      total: q.filter === undefined ? Number(counts.recipientCount) : byDelivery[q.filter],
    }
  }
  if (rows.length < q.limit && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length }
  const [counted] = await db
    .select({ n: count() })
    .from(r)
    .innerJoin(appUsers, eq(appUsers.id, r.userId))
    .where(
      and(
        eq(r.notificationId, id),
        q.filter === undefined ? undefined : eq(r.delivery, q.filter),
        like(appUsers.searchText, likePattern(q.search)),
      ),
    )
  return { rows, total: counted?.n ?? 0 }
}

async function notificationDetails(db: Db, id: string): Promise<NotificationDetails | undefined> {
  const row = await countsOf(db, id)
  if (!row) return undefined
  // The first recipients in the order of "View all recipients"; beyond this many they are only counted.
  const users = await recipientRows(db, id, { search: '', filter: undefined }, NOTIFICATION_DETAIL_RECIPIENTS, 0)
  return {
    ...toNotificationListItem(row),
    users: users.map(toUserSummary),
    pendingCount: row.pendingCount,
    deliveredCount: row.deliveredCount,
    failedCount: row.failedCount,
    notSentCount: row.notSentCount,
    noDeviceCount: row.noDeviceCount,
  }
}

/**
 * Stores a notification and, unless it is scheduled for all users (whose recipients are fixed
 * when it is sent), its recipients, in one transaction: every active user, or the chosen ones
 * (each once), all of whom must exist and be active. Recipients are chosen and written by one
 * statement, so a user blocked meanwhile is either counted or refused, never half of each.
 */
async function storeNotification(
  db: Db,
  { title, description, sendToAllUsers, userIds, sendAt }: NotificationSendBody,
  now: Date,
): Promise<NotificationRow> {
  const chosen = [...new Set(userIds)]
  const scheduledAt = sendAt === undefined ? null : new Date(sendAt)
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(notifications)
      .values({
        title,
        body: description,
        sendTo: sendToAllUsers ? 'ALL_USERS' : 'SELECTED_USERS',
        createdAt: now,
        ...(scheduledAt ? { status: NOTIFICATION_STATUS.SCHEDULED, scheduledAt, sentAt: null } : { sentAt: now }),
      })
      .returning()
    if (sendToAllUsers) {
      const n = scheduledAt ? 0 : await addAllActiveRecipients(tx, made!.id)
      if (!scheduledAt) await emitNotificationSent(tx, made!.id, now, n)
      return { ...made!, recipientCount: n }
    }
    const recipients = await tx
      .insert(r)
      .select(asPendingRecipients(tx, made!.id).where(and(eq(appUsers.status, USER_STATUS.ACTIVE), inArray(appUsers.id, chosen))))
      .returning({ userId: r.userId })
    if (recipients.length !== chosen.length) {
      const stored = new Set(recipients.map((x) => x.userId))
      const fields: Record<string, string> = {}
      userIds.forEach((id, i) => {
        if (!stored.has(id)) fields[`userIds.${i}`] = NOTIFICATIONS_MSG.recipientGone
      })
      throw badRequest(NOTIFICATIONS_MSG.recipientsGone, fields) // rolls the notification back
    }
    if (!scheduledAt) await emitNotificationSent(tx, made!.id, now, recipients.length)
    return { ...made!, recipientCount: recipients.length }
  })
}

/**
 * Delivers `count` pending recipients: one batch before the answer (its outcome shows at once),
 * more after it, in the background, so a send to a million users answers at once. One batch at
 * most: other pending recipients of the notification (another process's share) are not this
 * request's to wait for.
 */
async function deliver(deps: Deps, id: string, count: number) {
  if (count <= DELIVERY_BATCH) await deliverPending(deps, id, { maxBatches: 1 })
  else deps.scheduler.deliverInBackground(id)
}

/** The deliveries Retry hands to the push service again: the failed, and those not sent for want of one. */
const retriable = inArray(r.delivery, [DELIVERY_STATUS.FAILED, DELIVERY_STATUS.NOT_SENT])

/**
 * Notifications: send now or schedule (both roles), list and details, every recipient with their
 * delivery, whether a push service is configured, retry the failed and not sent deliveries and
 * cancel a scheduled one (both roles); delete (admin only).
 */
export const notificationsRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .post(
      '/admin/notification',
      permit('notification.send', {
        action: 'notification.send',
        target: 'notification',
      }),
      validate('json', notificationSendBody),
      async (c) => {
        const body = c.req.valid('json')
        const now = deps.clock.now()
        const problem = body.sendAt === undefined ? undefined : sendAtProblem(body.sendAt, now)
        if (problem) throw badRequest(problem, { sendAt: problem })
        const row = await storeNotification(deps.db, body, now)
        auditNote(c, {
          id: row.id,
          label: row.title,
          detail: {
            sendTo: row.sendTo,
            recipientCount: row.recipientCount,
            ...(row.scheduledAt ? { scheduledAt: row.scheduledAt.toISOString() } : {}),
          },
        })
        // Delivered after the commit: a failure is recorded per recipient, never undoes the notification.
        if (row.status === NOTIFICATION_STATUS.SENT) await deliver(deps, row.id, row.recipientCount)
        const message =
          row.status === NOTIFICATION_STATUS.SCHEDULED
            ? NOTIFICATIONS_MSG.scheduled
            : deps.delivery
              ? NOTIFICATIONS_MSG.sent
              : NOTIFICATIONS_MSG.savedNotSent
        return c.json(ok(message, toNotificationListItem(row)), 201)
      },
    )

    .get('/admin/notifications', permit('read'), validate('query', notificationListQuery), async (c) => {
      const q = c.req.valid('query')
      const page = await listPage(deps, notificationListSource(q), q, notificationRows(deps.db))
      return c.json(listOk(NOTIFICATIONS_MSG.listed, { ...page, rows: page.rows.map(toNotificationListItem) }, q))
    })

    // A server-wide fact, for the compose dialog's and the details' line (no such line while one is configured).
    .get('/admin/notifications/push-service', permit('read'), (c) =>
      c.json(
        ok(NOTIFICATIONS_MSG.pushServiceFetched, {
          configured: deps.delivery !== null,
          provider: deps.delivery?.service?.provider ?? null,
          projectId: deps.delivery?.service?.projectId ?? null,
        } satisfies PushService),
      ),
    )

    .get('/admin/notification/:id', permit('read'), validate('param', idParam), async (c) => {
      const details = await notificationDetails(deps.db, c.req.valid('param').id)
      if (!details) throw notFound(NOTIFICATIONS_MSG.notFound)
      return c.json(ok(NOTIFICATIONS_MSG.fetched, details))
    })

    .get(
      '/admin/notification/:id/recipients',
      permit('read'),
      validate('param', idParam),
      validate('query', notificationRecipientListQuery),
      async (c) => {
        const q = c.req.valid('query')
        const page = await recipientPage(deps.db, c.req.valid('param').id, q)
        return c.json(listOk(NOTIFICATIONS_MSG.recipientsListed, page, q))
      },
    )

    // The failed and not sent recipients become pending again (nothing else), then are delivered:
    // each attempt counts. Without a push service nothing changes (409): they would only be "Not sent" again.
    .post(
      '/admin/notification/:id/retry',
      permit('notification.send', {
        action: 'notification.retry',
        target: 'notification',
      }),
      validate('param', idParam),
      async (c) => {
        const { id } = c.req.valid('param')
        const counts = await countsOf(deps.db, id)
        if (!counts) throw notFound(NOTIFICATIONS_MSG.notFound)
        if (!deps.delivery) throw conflict(NOTIFICATIONS_MSG.retryNoPushService)
        const retried = affectedRows(
          await deps.db
            .update(r)
            .set({ delivery: DELIVERY_STATUS.PENDING, deliveredAt: null })
            .where(and(eq(r.notificationId, id), retriable)),
        )
        if (retried === 0) throw conflict(NOTIFICATIONS_MSG.nothingToRetry)
        auditNote(c, { label: counts.title, detail: { retried } })
        await deliver(deps, id, retried)
        const details = await notificationDetails(deps.db, id)
        if (!details) throw notFound(NOTIFICATIONS_MSG.notFound) // deleted meanwhile
        return c.json(ok(NOTIFICATIONS_MSG.retried, details))
      },
    )

    // Only while scheduled: the scheduler's claim holds the row's lock while it sends, so a cancel
    // waits for it and then finds the notification sent (409).
    .post(
      '/admin/notification/:id/cancel',
      permit('notification.send', {
        action: 'notification.cancel',
        target: 'notification',
      }),
      validate('param', idParam),
      async (c) => {
        const { id } = c.req.valid('param')
        const [cancelled] = await deps.db
          .update(notifications)
          .set({ status: NOTIFICATION_STATUS.CANCELLED })
          .where(and(liveNotification(id), eq(notifications.status, NOTIFICATION_STATUS.SCHEDULED)))
          .returning(notificationColumns)
        if (!cancelled) {
          if (!(await countsOf(deps.db, id))) throw notFound(NOTIFICATIONS_MSG.notFound)
          throw conflict(NOTIFICATIONS_MSG.notScheduled)
        }
        auditNote(c, {
          label: cancelled.title,
          detail: { scheduledAt: iso(cancelled.scheduledAt) },
        })
        return c.json(ok(NOTIFICATIONS_MSG.cancelled, toNotificationListItem(cancelled)))
      },
    )

    .delete(
      '/admin/notification/:id',
      permit('notification.delete', {
        action: 'notification.delete',
        target: 'notification',
      }),
      validate('param', idParam),
      async (c) => {
        // To the trash (server/routes/trash.ts): while there, a scheduled one is not sent and
        // pending recipients are not handed over (server/notifications/send.ts).
        const [deleted] = await deps.db
          .update(notifications)
          .set(trashedBy(c.get('signedIn').admin.id, deps.clock.now()))
          .where(liveNotification(c.req.valid('param').id))
          .returning({ title: notifications.title })
        if (!deleted) throw notFound(NOTIFICATIONS_MSG.notFound)
        auditNote(c, { label: deleted.title })
        return c.json(ok(NOTIFICATIONS_MSG.deleted, null))
      },
    )
