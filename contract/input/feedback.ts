import { z } from 'zod'
import { listQuery } from '../list'
import { LIST_PARAMS } from '../list-params'
import { lengthText } from '../validation'
import { FEEDBACK_NOTE_MAX, feedbackStatus, feedbackType } from '../feedback'

export const feedbackListQuery = listQuery({
  sortBy: LIST_PARAMS.feedback.sortBy,
  filter: feedbackType,
}).extend({
  /** Beside the type filter: only feedback in this status. */
  status: z.coerce.number().pipe(feedbackStatus).optional(),
})
export type FeedbackListQuery = z.infer<typeof feedbackListQuery>

/** PATCH /feedback/{id}/status. */
export const feedbackStatusBody = z.strictObject({ status: feedbackStatus })
export type FeedbackStatusBody = z.infer<typeof feedbackStatusBody>

/** POST /feedback/{id}/notes: 1 to 1,000 characters once trimmed. */
export const feedbackNoteBody = z.strictObject({ text: lengthText(1, FEEDBACK_NOTE_MAX) })
export type FeedbackNoteBody = z.infer<typeof feedbackNoteBody>
