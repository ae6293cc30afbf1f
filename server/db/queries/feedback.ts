import type { Feedback } from '../../../contract'
import { feedback } from '../schema'
import { toUserSummary, userSummaryColumns, type UserSummaryRow } from './users'

/** A feedback as its list, its status change and its webhook show it: with its author (left-joined app_users). */
export const feedbackColumns = {
  id: feedback.id,
  type: feedback.type,
  description: feedback.description,
  status: feedback.status,
  createdAt: feedback.createdAt,
  user: userSummaryColumns,
}

export type FeedbackRow = Pick<typeof feedback.$inferSelect, 'id' | 'type' | 'description' | 'status' | 'createdAt'> & {
  user: UserSummaryRow | null
}

export const toFeedback = (f: FeedbackRow): Feedback => ({
  _id: f.id,
  type: f.type,
  description: f.description,
  user: f.user ? toUserSummary(f.user) : null,
  status: f.status,
  createdAt: f.createdAt.toISOString(),
})

