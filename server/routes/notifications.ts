import { asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  idParam,
  NOTIFICATION_DETAIL_RECIPIENTS,
  notificationListQuery,
  type Audience,
  type NotificationDetails,
  type NotificationListItem,
  type NotificationListQuery,
} from '../../contract'
import type { Db } from '../db/client'
import { like, listPage, type ListSource, type PageQuery } from '../db/list'
import { appUsers, lowerOf, notificationRecipients, notifications, notificationSearchText } from '../db/schema'
import type { Deps } from '../deps'
import { notFound } from '../http/api-error'
import { requireAuth, requireRole } from '../http/auth'
import type { AppEnv } from '../http/env'
import { listOk, ok } from '../http/respond'
import { validate } from '../http/validate'
import { toUserSummary } from './users'

export const NOTIFICATIONS_MSG = {
  listed: 'Notifications fetched successfully',
  fetched: 'Notification fetched successfully',
  deleted: 'Notification deleted successfully',
  notFound: 'Notification not found',
} as const

type NotificationSort = NonNullable<NotificationListQuery['sortBy']>

export const notificationListSource: ListSource<NotificationSort, Audience> = {
  table: notifications,
  id: notifications.id,
  createdAt: notifications.createdAt,
  sortBy: {
    title: { expr: lowerOf(notifications.title), type: 'text' },
    createdAt: { expr: notifications.createdAt, type: 'timestamptz' },
  },
  search: (pattern) => like(notificationSearchText(notifications), pattern),
  filter: (sendTo) => eq(notifications.sendTo, sendTo),
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
    .select({
      id: appUsers.id,
      username: appUsers.username,
      name: appUsers.name,
      email: appUsers.email,
      mobileNo: appUsers.mobileNo,
      profileImage: appUsers.profileImage,
    })
    .from(notificationRecipients)
    .innerJoin(appUsers, eq(appUsers.id, notificationRecipients.userId))
    .where(eq(notificationRecipients.notificationId, id))
    .orderBy(asc(lowerOf(appUsers.username)), asc(appUsers.id))
    .limit(NOTIFICATION_DETAIL_RECIPIENTS)
  return { ...toNotificationListItem(row), users: users.map(toUserSummary) }
}

/** Sent notifications: list and details (both roles); delete (admin only). */
export const notificationsRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/admin/notifications', requireAuth, validate('query', notificationListQuery), async (c) => {
      const q = c.req.valid('query')
      const page = await listPage(deps.db, notificationListSource, q, notificationRows(deps.db))
      return c.json(listOk(NOTIFICATIONS_MSG.listed, { rows: page.rows.map(toNotificationListItem), total: page.total }, q))
    })

    .get('/admin/notification/:id', requireAuth, validate('param', idParam), async (c) => {
      const details = await notificationDetails(deps.db, c.req.valid('param').id)
      if (!details) throw notFound(NOTIFICATIONS_MSG.notFound)
      return c.json(ok(NOTIFICATIONS_MSG.fetched, details))
    })

    .delete('/admin/notification/:id', requireRole('admin'), validate('param', idParam), async (c) => {
      const deleted = await deps.db
        .delete(notifications)
        .where(eq(notifications.id, c.req.valid('param').id))
        .returning({ id: notifications.id })
      if (deleted.length === 0) throw notFound(NOTIFICATIONS_MSG.notFound)
      return c.json(ok(NOTIFICATIONS_MSG.deleted, null))
    })
