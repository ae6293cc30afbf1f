import { http, type HttpHandler } from 'msw'
import { NOTIFICATION_DETAIL_RECIPIENTS, ROLE, notificationListItem, notificationListQuery } from '@contract'
import { api, authenticate, db, fail, ok } from '../db'
import { listAnswer, type ListRules } from '../list'
import { seedNotifications, type MockNotification } from '../seed'
import { FORBIDDEN_MSG } from './places'

/** What the mock API says, as the server does (server/routes/notifications.ts). */
export const NOTIFICATIONS_MSG = {
  list: 'Notifications fetched successfully',
  details: 'Notification fetched successfully',
  deleted: 'Notification deleted successfully',
  notFound: 'Notification not found',
} as const

/** This test's notifications, newest first: seeded afresh whenever the mock database is (resetDb). */
const stores = new WeakMap<object, MockNotification[]>()
export function notificationsDb(): MockNotification[] {
  let store = stores.get(db)
  if (!store) {
    store = seedNotifications()
    stores.set(db, store)
  }
  return store
}

const rules: ListRules<MockNotification> = {
  searchIn: (n) => [n.title, n.body],
  filter: (n, sendTo: string) => n.sendTo === sendTo,
}

export const notificationHandlers: HttpHandler[] = [
  http.get(api('/admin/notifications'), ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    return listAnswer(request, notificationListQuery, notificationsDb(), rules, {
      message: NOTIFICATIONS_MSG.list,
      map: (n) => notificationListItem.parse(n),
    })
  }),

  http.get(api('/admin/notification/:id'), ({ request, params }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const item = notificationsDb().find((n) => n._id === params.id)
    if (!item) return fail('NOT_FOUND', NOTIFICATIONS_MSG.notFound)
    // Beyond this many, recipients are only counted.
    return ok(NOTIFICATIONS_MSG.details, { ...item, users: item.users.slice(0, NOTIFICATION_DETAIL_RECIPIENTS) })
  }),

  http.delete(api('/admin/notification/:id'), ({ request, params }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    if (admin.role !== ROLE.ADMIN) return fail('FORBIDDEN', FORBIDDEN_MSG)
    const items = notificationsDb()
    const index = items.findIndex((n) => n._id === params.id)
    if (index < 0) return fail('NOT_FOUND', NOTIFICATIONS_MSG.notFound)
    items.splice(index, 1)
    return ok(NOTIFICATIONS_MSG.deleted, null)
  }),
]
