import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  DELIVERY_STATUS,
  type DeliveryStatus,
  idParam,
  NOTIFICATION_DETAIL_RECIPIENTS,
  notificationListQuery,
  notificationSendBody,
  NOTIFICATIONS_MSG,
  USER_STATUS,
  type Audience,
  type NotificationDetails,
  type NotificationListItem,
  type NotificationListQuery,
  type NotificationSendBody,
} from '../../contract'
import type { Db } from '../db/client'
import { like, listPage, type ListSource, type PageQuery } from '../db/list'
import { toUserSummary, userSummaryColumns } from '../db/queries/users'
import { countKey } from '../db/row-counts'
import { appUsers, lowerOf, notificationRecipients, notifications, notificationSearchText } from '../db/schema'
import type { Deps } from '../deps'
import { badRequest, notFound } from '../api-error'
import { auditNote, permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { listOk, ok } from '../http/respond'
import { validate } from '../http/validate'
import { logError } from '../log'
import type { NotificationDelivery, OutgoingNotification } from '../notifications/delivery'

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
    scope: reached,
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

const notificationColumns = (db: Db) => ({
  id: notifications.id,
  title: notifications.title,
  body: notifications.body,
  sendTo: notifications.sendTo,
  createdAt: notifications.createdAt,
  recipientCount: db.$count(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id)),
})

type NotificationRow = Pick<typeof notifications.$inferSelect, 'id' | 'title' | 'body' | 'sendTo' | 'createdAt'> & {
  recipientCount: number
}

const toNotificationListItem = (n: NotificationRow): NotificationListItem => ({
  _id: n.id,
  title: n.title,
  body: n.body,
  sendTo: n.sendTo,
  recipientCount: Number(n.recipientCount),
  createdAt: n.createdAt.toISOString(),
})

const notificationRows = (db: Db) => (p: PageQuery) =>
  db
    .select({ ...notificationColumns(db), sortKey: p.sortKey })
    .from(notifications)
    .where(p.where)
    .orderBy(...p.orderBy)
    .limit(p.limit)
    .offset(p.offset)

async function notificationDetails(db: Db, id: string): Promise<NotificationDetails | undefined> {
  const [row] = await db.select(notificationColumns(db)).from(notifications).where(eq(notifications.id, id))
  if (!row) return undefined
  // The detail screen lists a few rows; beyond this many recipients are only counted.
  const users = await db
    .select(userSummaryColumns)
    .from(notificationRecipients)
    .innerJoin(appUsers, eq(appUsers.id, notificationRecipients.userId))
    .where(eq(notificationRecipients.notificationId, id))
    .orderBy(asc(lowerOf(appUsers.username)), asc(appUsers.id))
    .limit(NOTIFICATION_DETAIL_RECIPIENTS)
  return { ...toNotificationListItem(row), users: users.map(toUserSummary) }
}

/**
 * Stores a notification and its recipients in one transaction: every active user, or the
 * chosen ones (each once), all of whom must exist and be active. Recipients are chosen and
 * written by one statement, so a user blocked meanwhile is either counted or refused, never
 * half of each.
 */
async function storeNotification(
  db: Db,
  { title, description, sendToAllUsers, userIds }: NotificationSendBody,
  now: Date,
): Promise<{ row: NotificationRow; recipientIds: string[] }> {
  const chosen = [...new Set(userIds)]
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(notifications)
      .values({ title, body: description, sendTo: sendToAllUsers ? 'ALL_USERS' : 'SELECTED_USERS', createdAt: now, sentAt: now })
      .returning()
    const active = eq(appUsers.status, USER_STATUS.ACTIVE)
    const recipients = await tx
      .insert(notificationRecipients)
      .select(
        tx
          .select({
            notificationId: sql<string>`${made!.id}::uuid`.as('notification_id'),
            userId: appUsers.id,
            // Drizzle's insert-select names every column of the table, in order.
            delivery: sql<DeliveryStatus>`${DELIVERY_STATUS.PENDING}::smallint`.as('delivery'),
            attempts: sql<number>`0::smallint`.as('attempts'),
            error: sql<string | null>`null::text`.as('error'),
            deliveredAt: sql<Date | null>`null::timestamptz`.as('delivered_at'),
          })
          .from(appUsers)
          .where(sendToAllUsers ? active : and(active, inArray(appUsers.id, chosen))),
      )
      .returning({ userId: notificationRecipients.userId })
    const recipientIds = recipients.map((r) => r.userId)
    if (!sendToAllUsers && recipientIds.length !== chosen.length) {
      const stored = new Set(recipientIds)
      const fields: Record<string, string> = {}
      userIds.forEach((id, i) => {
        if (!stored.has(id)) fields[`userIds.${i}`] = NOTIFICATIONS_MSG.recipientGone
      })
      throw badRequest(NOTIFICATIONS_MSG.recipientsGone, fields) // rolls the notification back
    }
    return { row: { ...made!, recipientCount: recipientIds.length }, recipientIds }
  })
}

/** Hands a stored notification to the push delivery. A failure is logged: the notification stays sent. */
async function deliver(delivery: NotificationDelivery, notification: OutgoingNotification) {
  try {
    await delivery.deliver(notification)
  } catch (err) {
    logError(`Push delivery of notification ${notification.notificationId}`, err)
  }
}

/** Sent notifications: send, list and details (both roles); delete (admin only). */
export const notificationsRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .post(
      '/admin/notification',
      permit('notification.send', { action: 'notification.send', target: 'notification' }),
      validate('json', notificationSendBody),
      async (c) => {
        const { row, recipientIds } = await storeNotification(deps.db, c.req.valid('json'), deps.clock.now())
        auditNote(c, { id: row.id, label: row.title, detail: { sendTo: row.sendTo, recipientCount: row.recipientCount } })
        await deliver(deps.delivery, { notificationId: row.id, title: row.title, body: row.body, userIds: recipientIds })
        return c.json(ok(NOTIFICATIONS_MSG.sent, toNotificationListItem(row)), 201)
      },
    )

    .get('/admin/notifications', permit('read'), validate('query', notificationListQuery), async (c) => {
      const q = c.req.valid('query')
      const page = await listPage(deps.db, notificationListSource(q), q, notificationRows(deps.db))
      return c.json(listOk(NOTIFICATIONS_MSG.listed, { rows: page.rows.map(toNotificationListItem), total: page.total }, q))
    })

    .get('/admin/notification/:id', permit('read'), validate('param', idParam), async (c) => {
      const details = await notificationDetails(deps.db, c.req.valid('param').id)
      if (!details) throw notFound(NOTIFICATIONS_MSG.notFound)
      return c.json(ok(NOTIFICATIONS_MSG.fetched, details))
    })

    .delete(
      '/admin/notification/:id',
      permit('notification.delete', { action: 'notification.delete', target: 'notification' }),
      validate('param', idParam),
      async (c) => {
        const deleted = await deps.db
          .delete(notifications)
          .where(eq(notifications.id, c.req.valid('param').id))
          .returning({ id: notifications.id, title: notifications.title })
        if (deleted.length === 0) throw notFound(NOTIFICATIONS_MSG.notFound)
        auditNote(c, { label: deleted[0]!.title })
        return c.json(ok(NOTIFICATIONS_MSG.deleted, null))
      },
    )
