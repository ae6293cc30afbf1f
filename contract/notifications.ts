import { z } from 'zod'
import { AUDIENCE } from './enums'
import { listQuery } from './list'
import { userSummary } from './feedback'

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

export const notificationListQuery = listQuery({ sortBy: ['title', 'createdAt'], filter: audience })
export type NotificationListQuery = z.infer<typeof notificationListQuery>
