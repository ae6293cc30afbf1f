import { z } from 'zod'
import { AUDIENCE, DELIVERY_STATUS, NOTIFICATION_STATUS } from './enums'
import { listQuery } from './list'
import { LIST_PARAMS } from './list-params'
import { userSummary } from './feedback'
import { API_MSG } from './messages'
import { cap, titleDescriptionSchema } from './validation'

/** What the notification calls answer; the SPA shows the same texts. */
export const NOTIFICATIONS_MSG = {
  listed: 'Notifications fetched successfully',
  fetched: 'Notification fetched successfully',
  deleted: 'Notification deleted successfully',
  notFound: 'Notification not found',
  sent: 'Notification sent successfully',
  recipientsGone: 'Some selected users no longer exist or are blocked',
  recipientGone: 'This user no longer exists or is blocked',
  scheduled: 'Notification scheduled successfully',
  sendAtInvalid: 'Enter a valid date and time',
  sendAtPast: 'Choose a send time in the future',
  sendAtTooFar: 'Choose a send time within a year',
  cancelled: 'Notification cancelled successfully',
  notScheduled: 'Only a scheduled notification can be cancelled: this one was already sent or cancelled',
  recipientsListed: 'Recipients fetched successfully',
  retried: 'Failed deliveries sent again',
  nothingToRetry: 'No failed deliveries to retry',
} as const

export const audience = z.enum(AUDIENCE)
export const notificationStatus = z.union([
  z.literal(NOTIFICATION_STATUS.SCHEDULED),
  z.literal(NOTIFICATION_STATUS.SENT),
  z.literal(NOTIFICATION_STATUS.CANCELLED),
])
export const deliveryStatus = z.union([
  z.literal(DELIVERY_STATUS.PENDING),
  z.literal(DELIVERY_STATUS.DELIVERED),
  z.literal(DELIVERY_STATUS.FAILED),
])

export const notificationListItem = z.object({
  _id: z.string(),
  title: z.string(),
  body: z.string(),
  sendTo: audience,
  /** Whom it went to (or, scheduled for selected users, will go to); 0 for a scheduled one to all users. */
  recipientCount: z.number().int(),
  createdAt: z.string(),
  status: notificationStatus,
  /** When a scheduled one is (or was) due; null for one sent at once. */
  scheduledAt: z.string().nullable(),
  /** When it was sent; null while scheduled or once cancelled. */
  sentAt: z.string().nullable(),
})
export type NotificationListItem = z.infer<typeof notificationListItem>

/** Recipients beyond this many are counted, not listed: the detail screen shows 5 rows. */
export const NOTIFICATION_DETAIL_RECIPIENTS = 100

/** The details add the first recipients and the deliveries by status (their sum is recipientCount). */
export const notificationDetails = notificationListItem.extend({
  users: z.array(userSummary),
  pendingCount: z.number().int(),
  deliveredCount: z.number().int(),
  failedCount: z.number().int(),
})
export type NotificationDetails = z.infer<typeof notificationDetails>

/** One row of "View all recipients": the recipient and their delivery. */
export const notificationRecipient = userSummary.extend({
  delivery: deliveryStatus,
  /** Deliveries tried (a retry adds one). */
  attempts: z.number().int(),
  /** The push service's reason for the last failure. */
  error: z.string().nullable(),
  /** When the delivery last changed; null while never handed over. */
  deliveredAt: z.string().nullable(),
})
export type NotificationRecipient = z.infer<typeof notificationRecipient>

/**
 * GET /admin/notification/{id}/recipients: page, limit, search (username, name, email, mobile)
 * and the delivery status as the filter. No sortBy: the rows come in the recipients index's
 * order, which stays fast for a million recipients (sorting them by name would join them all).
 */
export const notificationRecipientListQuery = listQuery({
  sortBy: ['username'],
  filter: z.coerce.number().pipe(deliveryStatus),
}).omit({
  sortBy: true,
})
export type NotificationRecipientListQuery = z.infer<typeof notificationRecipientListQuery>

/** A scheduled notification may be due at most this far ahead. */
export const SCHEDULE_MAX_AHEAD_MS = 366 * 24 * 60 * 60 * 1000

export const notificationListQuery = listQuery({ sortBy: LIST_PARAMS.notifications.sortBy, filter: audience }).extend({
  /** Only the notifications this user received ("did they get it?"): every send records whom it reached. */
  recipientId: z.uuid({ message: API_MSG.invalidId }).optional(),
})
export type NotificationListQuery = z.infer<typeof notificationListQuery>

/**
 * POST /admin/notification: the title-and-description form (title at most 50, description at most
 * 100) and its audience; `userIds` names the recipients when not sending to all users.
 */
export const notificationSendBody = titleDescriptionSchema
  .extend({
    sendToAllUsers: z.boolean().default(true),
    userIds: z.array(z.uuid({ message: API_MSG.invalidId })).max(10_000).default([]),
    /**
     * Send later, at this time (ISO 8601 with a zone): in the future and at most a year ahead
     * (`sendAtProblem`, checked by the server against its clock). Without it: sent at once.
     */
    sendAt: z
      .string()
      .max(40, cap(NOTIFICATIONS_MSG.sendAtInvalid))
      .pipe(
        z.iso.datetime({
          offset: true,
          message: NOTIFICATIONS_MSG.sendAtInvalid,
        }),
      )
      .optional(),
  })
  .refine((v) => v.sendToAllUsers || v.userIds.length > 0, { message: 'Select at least one user', path: ['userIds'] })
export type NotificationSendBody = z.infer<typeof notificationSendBody>

/** Why `sendAt` cannot be the send time at `now`, or undefined when it can. */
export function sendAtProblem(sendAt: string | Date, now: Date): string | undefined {
  const at = new Date(sendAt).getTime()
  if (!(at > now.getTime())) return NOTIFICATIONS_MSG.sendAtPast
  if (at - now.getTime() > SCHEDULE_MAX_AHEAD_MS) return NOTIFICATIONS_MSG.sendAtTooFar
  return undefined
}
