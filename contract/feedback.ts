import * as zm from 'zod/mini'
import { FEEDBACK_STATUS, FEEDBACK_TYPES } from './enums'
import { userSummary } from './users'

export const feedbackType = zm.enum(FEEDBACK_TYPES)
export const feedbackStatus = zm.union(
  [zm.literal(FEEDBACK_STATUS.OPEN), zm.literal(FEEDBACK_STATUS.IN_PROGRESS), zm.literal(FEEDBACK_STATUS.RESOLVED)],
  { error: 'Choose a status' },
)

export const feedback = zm.object({
  _id: zm.string(),
  type: feedbackType,
  description: zm.string(),
  user: zm.nullable(userSummary),
  status: feedbackStatus,
  createdAt: zm.string(),
})
export type Feedback = zm.infer<typeof feedback>

/** An internal note on a feedback: for the admins, never shown to the user who wrote it. */
export const feedbackNote = zm.object({
  _id: zm.string(),
  text: zm.string(),
  /** The admin who wrote it; null once their account is gone. */
  author: zm.nullable(zm.object({ _id: zm.string(), name: zm.string() })),
  createdAt: zm.string(),
})
export type FeedbackNote = zm.infer<typeof feedbackNote>

/** GET /feedback/{id}: the feedback and its notes, newest first. */
export const feedbackDetails = zm.extend(feedback, { notes: zm.array(feedbackNote) })
export type FeedbackDetails = zm.infer<typeof feedbackDetails>

export const FEEDBACK_NOTE_MAX = 1000

/** What the feedback calls answer; the SPA shows the same not-found text. */
export const FEEDBACK_MSG = {
  listed: 'Feedback fetched successfully',
  fetched: 'Feedback fetched successfully',
  notFound: 'Feedback not found',
  statusChanged: 'Feedback status updated successfully',
  noteAdded: 'Note added successfully',
  deleted: 'Feedback has been deleted successfully!',
} as const
