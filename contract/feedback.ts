import { z } from 'zod'
import { FEEDBACK_TYPES } from './enums'
import { listQuery } from './list'

export const feedbackType = z.enum(FEEDBACK_TYPES)

/** The user who wrote a feedback, or a notification's recipient: the fields both show. */
export const userSummary = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobileNo: z.string().nullable(),
  profileImage: z.string().nullable(),
})
export type UserSummary = z.infer<typeof userSummary>

export const feedback = z.object({
  _id: z.string(),
  type: feedbackType,
  description: z.string(),
  user: userSummary.nullable(),
  createdAt: z.string(),
})
export type Feedback = z.infer<typeof feedback>

export const feedbackListQuery = listQuery({
  sortBy: ['type', 'createdAt'],
  filter: feedbackType,
})
export type FeedbackListQuery = z.infer<typeof feedbackListQuery>

/** What the feedback calls answer; the SPA shows the same not-found text. */
export const FEEDBACK_MSG = {
  listed: 'Feedback fetched successfully',
  fetched: 'Feedback fetched successfully',
  notFound: 'Feedback not found',
} as const
