import type { HttpHandler } from 'msw'
import {
  NOTIFICATION_DETAIL_RECIPIENTS,
  NOTIFICATIONS_MSG,
  USER_STATUS,
  idParam,
  notificationListItem,
  notificationListQuery,
  notificationSendBody,
  type UserDetails,
  type UserSummary,
} from '@contract'
import { created, db, fail, ok, route, storeOf } from '../db'
import { listAnswer, type ListRules } from '../list'
import { seedNotifications, type MockNotification } from '../seed'

/** This test's notifications, newest first: seeded afresh whenever the mock database is (resetDb). */
export const notificationsDb = storeOf(() => seedNotifications())

const rules: ListRules<MockNotification> = {
  searchIn: (n) => [n.title, n.body],
  filter: (n, sendTo: string) => n.sendTo === sendTo,
}

const toSummary = ({ _id, username, name, email, mobileNo, profileImage }: UserDetails): UserSummary => ({
  _id,
  username,
  name,
  email,
  mobileNo,
  profileImage,
})
let sent = 0
/** A fresh UUID for a sent notification, apart from the seeded ones. */
const nextId = () => `9a0b1c2d-0000-4000-8000-${String(900_000 + ++sent).padStart(12, '0')}`

export const notificationHandlers: HttpHandler[] = [
  // As server/routes/notifications.ts: every active user, or the chosen ones (each once), all of
  // whom must exist and be active; otherwise a 400 naming each refused `userIds.N`, nothing stored.
  route('post', '/admin/notification', { permission: 'notification.send', body: notificationSendBody }, ({ body }) => {
    const active = db.users.filter((u) => u.status === USER_STATUS.ACTIVE)
    let recipients = active
    if (!body.sendToAllUsers) {
      const chosen = new Set(body.userIds)
      recipients = active.filter((u) => chosen.has(u._id))
      if (recipients.length !== chosen.size) {
        const found = new Set(recipients.map((u) => u._id))
        const fields: Record<string, string> = {}
        body.userIds.forEach((id, i) => {
          if (!found.has(id)) fields[`userIds.${i}`] = NOTIFICATIONS_MSG.recipientGone
        })
        return fail('BAD_REQUEST', NOTIFICATIONS_MSG.recipientsGone, fields)
      }
    }
    const item: MockNotification = {
      _id: nextId(),
      title: body.title,
      body: body.description,
      sendTo: body.sendToAllUsers ? 'ALL_USERS' : 'SELECTED_USERS',
      recipientCount: recipients.length,
      createdAt: new Date().toISOString(),
      users: [...recipients].sort((a, b) => (a.username ?? '').localeCompare(b.username ?? '')).map(toSummary),
    }
    notificationsDb().unshift(item)
    return created(NOTIFICATIONS_MSG.sent, notificationListItem.parse(item))
  }),

  route('get', '/admin/notifications', { permission: 'read', query: notificationListQuery }, ({ query }) => {
    const { recipientId } = query
    const items = recipientId === undefined ? notificationsDb() : notificationsDb().filter((n) => n.users.some((u) => u._id === recipientId))
    return listAnswer(query, items, rules, { message: NOTIFICATIONS_MSG.listed, map: (n) => notificationListItem.parse(n) })
  }),

  route('get', '/admin/notification/:id', { permission: 'read', params: idParam }, ({ params }) => {
    const item = notificationsDb().find((n) => n._id === params.id)
    if (!item) return fail('NOT_FOUND', NOTIFICATIONS_MSG.notFound)
    // Beyond this many, recipients are only counted.
    return ok(NOTIFICATIONS_MSG.fetched, { ...item, users: item.users.slice(0, NOTIFICATION_DETAIL_RECIPIENTS) })
  }),

  route('delete', '/admin/notification/:id', { permission: 'notification.delete', params: idParam }, ({ params }) => {
    const items = notificationsDb()
    const index = items.findIndex((n) => n._id === params.id)
    if (index < 0) return fail('NOT_FOUND', NOTIFICATIONS_MSG.notFound)
    items.splice(index, 1)
    return ok(NOTIFICATIONS_MSG.deleted)
  }),
]
