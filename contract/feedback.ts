import { z } from 'zod'
import { FEEDBACK_STATUS, FEEDBACK_TYPES } from './enums'
import { listQuery } from './list'
import { LIST_PARAMS } from './list-params'
import { lengthText } from './validation'

export const feedbackType = z.enum(FEEDBACK_TYPES)
export const feedbackStatus = z.union(
  [z.literal(FEEDBACK_STATUS.OPEN), z.literal(FEEDBACK_STATUS.IN_PROGRESS), z.literal(FEEDBACK_STATUS.RESOLVED)],
  { error: 'Choose a status' },
)

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
  status: feedbackStatus,
  createdAt: z.string(),
})
export type Feedback = z.infer<typeof feedback>

/** An internal note on a feedback: for the admins, never shown to the user who wrote it. */
export const feedbackNote = z.object({
  _id: z.string(),
  text: z.string(),
  /** The admin who wrote it; null once their account is gone. */
  author: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
})
export type FeedbackNote = z.infer<typeof feedbackNote>

/** GET /feedback/{id}: the feedback and its notes, newest first. */
export const feedbackDetails = feedback.extend({ notes: z.array(feedbackNote) })
export type FeedbackDetails = z.infer<typeof feedbackDetails>

export const feedbackListQuery = listQuery({
  sortBy: LIST_PARAMS.feedback.sortBy,
  filter: feedbackType,
}).extend({
  /** Beside the type filter: only feedback in this status. */
  status: z.coerce.number().pipe(feedbackStatus).optional(),
})
export type FeedbackListQuery = z.infer<typeof feedbackListQuery>

export const FEEDBACK_NOTE_MAX = 1000

/** PATCH /feedback/{id}/status. */
export const feedbackStatusBody = z.strictObject({ status: feedbackStatus })
export type FeedbackStatusBody = z.infer<typeof feedbackStatusBody>

/** POST /feedback/{id}/notes: 1 to 1,000 characters once trimmed. */
export const feedbackNoteBody = z.strictObject({ text: lengthText(1, FEEDBACK_NOTE_MAX) })
export type FeedbackNoteBody = z.infer<typeof feedbackNoteBody>

/** What the feedback calls answer; the SPA shows the same not-found text. */
export const FEEDBACK_MSG = {
  listed: 'Feedback fetched successfully',
  fetched: 'Feedback fetched successfully',
  notFound: 'Feedback not found',
  statusChanged: 'Feedback status updated successfully',
  noteAdded: 'Note added successfully',
  deleted: 'Feedback has been deleted successfully!',
} as const
