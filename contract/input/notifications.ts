import { z } from 'zod'
import { listQuery } from '../list'
import { LIST_PARAMS } from '../list-params'
import { API_MSG } from '../messages'
import { cap, titleDescriptionSchema } from '../validation'
import { NOTIFICATIONS_MSG, audience, deliveryStatus } from '../notifications'

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
