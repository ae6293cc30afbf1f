import * as zm from 'zod/mini'
import { AUDIENCE, DELIVERY_STATUS, NOTIFICATION_STATUS } from './enums'
import { userSummary } from './users'

/** What the notification calls answer; the SPA shows the same texts. */
export const NOTIFICATIONS_MSG = {
  listed: 'Notifications fetched successfully',
  fetched: 'Notification fetched successfully',
  deleted: 'Notification deleted successfully',
  notFound: 'Notification not found',
  sent: 'Notification sent successfully',
  /** The send's answer when no push service is configured: stored, its recipients "Not sent". */
  savedNotSent: 'Notification saved, not sent: no push service is configured',
  recipientsGone: 'Some selected users no longer exist or are blocked',
  recipientGone: 'This user no longer exists or is blocked',
  scheduled: 'Notification scheduled successfully',
  sendAtInvalid: 'Enter a valid date and time',
  sendAtPast: 'Choose a send time in the future',
  sendAtTooFar: 'Choose a send time within a year',
  cancelled: 'Notification cancelled successfully',
  notScheduled: 'Only a scheduled notification can be cancelled: this one was already sent or cancelled',
  recipientsListed: 'Recipients fetched successfully',
  retried: 'Failed and unsent deliveries handed to the push service',
  nothingToRetry: 'No failed or unsent deliveries to retry',
  /** Retry's answer while no push service is configured: nothing changed. */
  retryNoPushService: 'Nothing was sent: no push service is configured',
  /** Each recipient's reason for "Not sent". */
  noPushService: 'No push service is configured',
  pushServiceFetched: 'Push service fetched successfully',
  /** Each recipient's reason for "No device". */
  noDevice: 'No device is registered for push for this user',
} as const

/** The compose dialog's and the details' one line while no push service is configured. */
export const NO_PUSH_SERVICE_LINE = 'No push service is configured: notifications are saved, not sent to anyone.'

export const audience = zm.enum(AUDIENCE)
export const notificationStatus = zm.union([
  zm.literal(NOTIFICATION_STATUS.SCHEDULED),
  zm.literal(NOTIFICATION_STATUS.SENT),
  zm.literal(NOTIFICATION_STATUS.CANCELLED),
])
export const deliveryStatus = zm.union([
  zm.literal(DELIVERY_STATUS.PENDING),
  zm.literal(DELIVERY_STATUS.DELIVERED),
  zm.literal(DELIVERY_STATUS.FAILED),
  zm.literal(DELIVERY_STATUS.NOT_SENT),
  zm.literal(DELIVERY_STATUS.NO_DEVICE),
])

export const notificationListItem = zm.object({
  _id: zm.string(),
  title: zm.string(),
  body: zm.string(),
  sendTo: audience,
  /** Whom it went to (or, scheduled for selected users, will go to); 0 for a scheduled one to all users. */
  recipientCount: zm.int(),
  createdAt: zm.string(),
  status: notificationStatus,
  /** When a scheduled one is (or was) due; null for one sent at once. */
  scheduledAt: zm.nullable(zm.string()),
  /** When it was sent; null while scheduled or once cancelled. */
  sentAt: zm.nullable(zm.string()),
})
export type NotificationListItem = zm.infer<typeof notificationListItem>

/** Recipients beyond this many are counted, not listed: the detail screen shows 5 rows. */
export const NOTIFICATION_DETAIL_RECIPIENTS = 100

/** The details add the first recipients and the deliveries by status (their sum is recipientCount). */
export const notificationDetails = zm.extend(notificationListItem, {
  users: zm.array(userSummary),
  pendingCount: zm.int(),
  deliveredCount: zm.int(),
  failedCount: zm.int(),
  notSentCount: zm.int(),
  /** Recipients with no device registered for push: nothing was sent to them. */
  noDeviceCount: zm.int(),
})
export type NotificationDetails = zm.infer<typeof notificationDetails>

/** One row of "View all recipients": the recipient and their delivery. */
export const notificationRecipient = zm.extend(userSummary, {
  delivery: deliveryStatus,
  /** Deliveries tried (a retry adds one). */
  attempts: zm.int(),
  /** The push service's reason for the last failure, or why it was not sent. */
  error: zm.nullable(zm.string()),
  /** When the delivery last changed; null while never handed over. */
  deliveredAt: zm.nullable(zm.string()),
})
export type NotificationRecipient = zm.infer<typeof notificationRecipient>

/** Whether this server hands notifications to a push service (GET /admin/notifications/push-service). */
export const pushService = zm.object({
  configured: zm.boolean(),
  /** The service notifications go through ('FCM'), and its project; null when none is configured (or a test's adapter does not say). */
  provider: zm.nullable(zm.literal('FCM')),
  projectId: zm.nullable(zm.string()),
})
export type PushService = zm.infer<typeof pushService>

/** A scheduled notification may be due at most this far ahead. */
export const SCHEDULE_MAX_AHEAD_MS = 366 * 24 * 60 * 60 * 1000

/** Why `sendAt` cannot be the send time at `now`, or undefined when it can. */
export function sendAtProblem(sendAt: string | Date, now: Date): string | undefined {
  const at = new Date(sendAt).getTime()
  if (!(at > now.getTime())) return NOTIFICATIONS_MSG.sendAtPast
  if (at - now.getTime() > SCHEDULE_MAX_AHEAD_MS) return NOTIFICATIONS_MSG.sendAtTooFar
  return undefined
}
