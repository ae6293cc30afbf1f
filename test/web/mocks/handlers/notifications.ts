import type { HttpHandler } from 'msw'
import {
  DELIVERY_STATUS,
  NOTIFICATION_DETAIL_RECIPIENTS,
  NOTIFICATION_STATUS,
  NOTIFICATIONS_MSG,
  USER_STATUS,
  idParam,
  notificationListItem,
  notificationListQuery,
  notificationRecipient,
  notificationRecipientListQuery,
  notificationSendBody,
  sendAtProblem,
  type NotificationDetails,
  type NotificationRecipient,
  type PushService,
  type UserDetails,
  type UserSummary,
} from '@contract'
import { created, db, fail, ok, route, storeOf } from '../db'
import { listAnswer, type ListRules } from '../list'
import { seedNotifications, type MockNotification } from '../seed'
import { moveToTrash } from './trash'

/** The mock push service: the user ids it fails, with the reason, until a test takes them out (none after each reset). */
export const mockPushFails = storeOf(() => new Map<string, string>())

/**
 * Whether the mock server has a push service configured: yes after each reset (as the contract
 * test's server, given an adapter); a test sets `configured` false for the server's default.
 */
export const mockPushService = storeOf(() => ({ configured: true }))
/** Users with no device registered for push: a delivery records them "No device". */
export const mockNoDevice = storeOf(() => new Set<string>())

/**
 * Hands the pending recipients to the mock push service, as the server's delivery does once sent;
 * with none configured they are recorded "Not sent", with the reason, never attempted.
 */
function deliver(recipients: NotificationRecipient[], at: string) {
  for (const r of recipients) {
    if (r.delivery !== DELIVERY_STATUS.PENDING) continue
    if (!mockPushService().configured) {
      Object.assign(r, { delivery: DELIVERY_STATUS.NOT_SENT, error: NOTIFICATIONS_MSG.noPushService, deliveredAt: null })
      continue
    }
    if (mockNoDevice().has(r._id)) {
      Object.assign(r, { delivery: DELIVERY_STATUS.NO_DEVICE, attempts: r.attempts + 1, error: NOTIFICATIONS_MSG.noDevice, deliveredAt: at })
      continue
    }
    const error = mockPushFails().get(r._id)
    Object.assign(r, { delivery: error ? DELIVERY_STATUS.FAILED : DELIVERY_STATUS.DELIVERED, attempts: r.attempts + 1, error: error ?? null, deliveredAt: at })
  }
}

const countOf = (n: MockNotification, delivery: number) => n.users.filter((u) => u.delivery === delivery).length

/** The details as the server answers them: the first recipients, and the deliveries counted. */
const detailsOf = (n: MockNotification): NotificationDetails => ({
  ...notificationListItem.parse(n),
  users: n.users.slice(0, NOTIFICATION_DETAIL_RECIPIENTS).map(toSummary),
  pendingCount: countOf(n, DELIVERY_STATUS.PENDING),
  deliveredCount: countOf(n, DELIVERY_STATUS.DELIVERED),
  failedCount: countOf(n, DELIVERY_STATUS.FAILED),
  notSentCount: countOf(n, DELIVERY_STATUS.NOT_SENT),
  noDeviceCount: countOf(n, DELIVERY_STATUS.NO_DEVICE),
})

const recipientRules: ListRules<NotificationRecipient> = {
  searchIn: (r) => [r.username, r.name, r.email, r.mobileNo],
  filter: (r, delivery: number) => r.delivery === delivery,
}

/** This test's notifications, newest first: seeded afresh whenever the mock database is (resetDb). */
export const notificationsDb = storeOf(() => seedNotifications())

export const notificationRules: ListRules<MockNotification> = {
  searchIn: (n) => [n.title, n.body],
  filter: (n, sendTo: string) => n.sendTo === sendTo,
}

const toSummary = ({ _id, username, name, email, mobileNo, countryCode, profileImage }: UserSummary): UserSummary => ({
  _id,
  username,
  name,
  email,
  mobileNo,
  countryCode,
  profileImage,
})
let sent = 0
/** A fresh UUID for a sent notification, apart from the seeded ones. */
const nextId = () => `9a0b1c2d-0000-4000-8000-${String(900_000 + ++sent).padStart(12, '0')}`

export const notificationHandlers: HttpHandler[] = [
  // As server/routes/notifications.ts: every active user, or the chosen ones (each once), all of
  // whom must exist and be active; otherwise a 400 naming each refused `userIds.N`, nothing stored.
  // With sendAt: scheduled, its selected users fixed now, all users when sent (never, here).
  route('post', '/admin/notification', { permission: 'notification.send', body: notificationSendBody }, ({ body }) => {
    const now = new Date().toISOString()
    const problem = body.sendAt === undefined ? undefined : sendAtProblem(body.sendAt, new Date())
    if (problem) return fail('BAD_REQUEST', problem, { sendAt: problem })
    const scheduledAt = body.sendAt === undefined ? null : new Date(body.sendAt).toISOString()
    const active = db.users.filter((u) => u.status === USER_STATUS.ACTIVE)
    let recipients: UserDetails[] = scheduledAt && body.sendToAllUsers ? [] : active
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
      createdAt: now,
      status: scheduledAt ? NOTIFICATION_STATUS.SCHEDULED : NOTIFICATION_STATUS.SENT,
      scheduledAt,
      sentAt: scheduledAt ? null : now,
      users: [...recipients]
        .sort((a, b) => (a._id < b._id ? -1 : 1))
        .map((u) => ({ ...toSummary(u), delivery: DELIVERY_STATUS.PENDING, attempts: 0, error: null, deliveredAt: null })),
    }
    if (!scheduledAt) deliver(item.users, now)
    notificationsDb().unshift(item)
    const message = scheduledAt ? NOTIFICATIONS_MSG.scheduled : mockPushService().configured ? NOTIFICATIONS_MSG.sent : NOTIFICATIONS_MSG.savedNotSent
    return created(message, notificationListItem.parse(item))
  }),

  route('get', '/admin/notifications', { permission: 'read', query: notificationListQuery }, ({ query }) => {
    const { recipientId } = query
    const items = recipientId === undefined ? notificationsDb() : notificationsDb().filter((n) => n.users.some((u) => u._id === recipientId))
    return listAnswer(query, items, notificationRules, { message: NOTIFICATIONS_MSG.listed, map: (n) => notificationListItem.parse(n) })
  }),

  route('get', '/admin/notifications/push-service', { permission: 'read' }, () =>
    ok(NOTIFICATIONS_MSG.pushServiceFetched, { configured: mockPushService().configured, provider: mockPushService().configured ? 'FCM' : null, projectId: mockPushService().configured ? 'petcare-demo' : null } satisfies PushService),
  ),

  route('get', '/admin/notification/:id', { permission: 'read', params: idParam }, ({ params }) => {
    const item = notificationsDb().find((n) => n._id === params.id)
    if (!item) return fail('NOT_FOUND', NOTIFICATIONS_MSG.notFound)
    // Beyond this many, recipients are only counted.
    return ok(NOTIFICATIONS_MSG.fetched, detailsOf(item))
  }),

  route(
    'get',
    '/admin/notification/:id/recipients',
    { permission: 'read', params: idParam, query: notificationRecipientListQuery },
    ({ params, query }) => {
      const item = notificationsDb().find((n) => n._id === params.id)
      if (!item) return fail('NOT_FOUND', NOTIFICATIONS_MSG.notFound)
      return listAnswer(query, item.users, recipientRules, { message: NOTIFICATIONS_MSG.recipientsListed, map: (r) => notificationRecipient.parse(r) })
    },
  ),

  route('post', '/admin/notification/:id/retry', { permission: 'notification.send', params: idParam }, ({ params }) => {
    const item = notificationsDb().find((n) => n._id === params.id)
    if (!item) return fail('NOT_FOUND', NOTIFICATIONS_MSG.notFound)
    if (!mockPushService().configured) return fail('CONFLICT', NOTIFICATIONS_MSG.retryNoPushService)
    const retried = item.users.filter((u) => u.delivery === DELIVERY_STATUS.FAILED || u.delivery === DELIVERY_STATUS.NOT_SENT)
    if (retried.length === 0) return fail('CONFLICT', NOTIFICATIONS_MSG.nothingToRetry)
    retried.forEach((u) => Object.assign(u, { delivery: DELIVERY_STATUS.PENDING, deliveredAt: null }))
    deliver(retried, new Date().toISOString())
    return ok(NOTIFICATIONS_MSG.retried, detailsOf(item))
  }),

  route('post', '/admin/notification/:id/cancel', { permission: 'notification.send', params: idParam }, ({ params }) => {
    const item = notificationsDb().find((n) => n._id === params.id)
    if (!item) return fail('NOT_FOUND', NOTIFICATIONS_MSG.notFound)
    if (item.status !== NOTIFICATION_STATUS.SCHEDULED) return fail('CONFLICT', NOTIFICATIONS_MSG.notScheduled)
    item.status = NOTIFICATION_STATUS.CANCELLED
    return ok(NOTIFICATIONS_MSG.cancelled, notificationListItem.parse(item))
  }),

  route('delete', '/admin/notification/:id', { permission: 'notification.delete', params: idParam }, ({ params, admin }) => {
    const items = notificationsDb()
    const index = items.findIndex((n) => n._id === params.id)
    if (index < 0) return fail('NOT_FOUND', NOTIFICATIONS_MSG.notFound)
    moveToTrash(admin, 'notification', notificationsDb, index, items[index]!.title)
    return ok(NOTIFICATIONS_MSG.deleted)
  }),
]
