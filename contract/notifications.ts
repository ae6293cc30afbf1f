import { z } from 'zod'
import { AUDIENCE } from './enums'
import { listQuery } from './list'
import { userSummary } from './feedback'
import { API_MSG } from './messages'
import { titleDescriptionSchema } from './validation'

export const audience = z.enum(AUDIENCE)

export const notificationListItem = z.object({
  _id: z.string(),
  title: z.string(),
  body: z.string(),
  sendTo: audience,
  recipientCount: z.number().int(),
  createdAt: z.string(),
})
export type NotificationListItem = z.infer<typeof notificationListItem>

/** Recipients beyond this many are counted, not listed: the detail screen shows 5 rows. */
export const NOTIFICATION_DETAIL_RECIPIENTS = 100

export const notificationDetails = notificationListItem.extend({ users: z.array(userSummary) })
export type NotificationDetails = z.infer<typeof notificationDetails>

export const notificationListQuery = listQuery({ sortBy: ['title', 'createdAt'], filter: audience }).extend({
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
  })
  .refine((v) => v.sendToAllUsers || v.userIds.length > 0, { message: 'Select at least one user', path: ['userIds'] })
export type NotificationSendBody = z.infer<typeof notificationSendBody>

/** What the notification calls answer; the SPA shows the same texts. */
export const NOTIFICATIONS_MSG = {
  listed: 'Notifications fetched successfully',
  fetched: 'Notification fetched successfully',
  deleted: 'Notification deleted successfully',
  notFound: 'Notification not found',
  sent: 'Notification sent successfully',
  recipientsGone: 'Some selected users no longer exist or are blocked',
  recipientGone: 'This user no longer exists or is blocked',
} as const
