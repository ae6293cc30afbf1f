import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  FEEDBACK_MSG,
  feedback,
  feedbackDetails,
  feedbackNote,
  isUuid,
  type Feedback,
  type FeedbackDetails,
  type FeedbackListQuery,
  type FeedbackStatus,
  type ListPage,
} from '@contract'
import { trashChanges } from '@/lib/changes'
import { CallError, http, messageOnly, notifyIfUnseen, withData } from '@/lib/http'
import { inPlaceRowMutation, removeCachedRows } from '@/lib/list-cache'
import { notify } from '@/lib/toast'
import { notifyDeleted } from '@/lib/undo'
import { feedbackKeys } from './keys'

export { feedbackKeys } from './keys'

/** A feedback row of the list with its S.No: (page - 1) * limit + index + 1. */
export type NumberedFeedback = Feedback & { serialNo: number }

/**
 * The S.No of each row, from the page and limit the server answered for: a page kept on screen
 * while the next one loads keeps its own numbers.
 */
const numbered = (page: ListPage<Feedback>): ListPage<NumberedFeedback> => ({
  ...page,
  data: page.data.map((item, index) => ({ ...item, serialNo: (page.page - 1) * page.limit + index + 1 })),
})

/** GET feedback/list: one page of the users' feedback. */
export const feedbackListQueryOptions = (q: FeedbackListQuery) =>
  queryOptions({
    queryKey: feedbackKeys.list(q),
    queryFn: async () => numbered(await http.list('feedback/list', q, feedback)),
  })

/** GET feedback/{id}. An id that cannot be one is a 404 without asking. */
export const feedbackDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: feedbackKeys.detail(id),
    queryFn: async () => {
      if (!isUuid(id)) throw new CallError(FEEDBACK_MSG.notFound, 404)
      return (await http.get(`feedback/${id}`, withData(feedbackDetails))).data
    },
  })

type SetFeedbackStatusInput = { id: string; status: FeedbackStatus }

/**
 * PATCH feedback/{id}/status: shown at once in the lists and the details, put back if refused;
 * the toast says the server's word.
 */
export function useSetFeedbackStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status }: SetFeedbackStatusInput) => http.patch(`feedback/${id}/status`, withData(feedback), { status }),
    ...inPlaceRowMutation<Feedback, SetFeedbackStatusInput>(queryClient, feedbackKeys, 'feedback', ({ status }) => ({ status })),
  })
}

/** POST feedback/{id}/notes: the new note goes first on the details (newest first). */
export function useAddFeedbackNote(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (text: string) => http.post(`feedback/${id}/notes`, withData(feedbackNote), { text }),
    onSuccess: ({ message, data }) => {
      queryClient.setQueryData<FeedbackDetails>(feedbackKeys.detail(id), (cached) => cached && { ...cached, notes: [data, ...cached.notes] })
      notify.success(message)
    },
  })
}

/**
 * DELETE admin/feedback/{id} (admins only, 'feedback.delete'): the server's message with Undo (the
 * feedback is in the trash), the row off every cached page at once, the lists fetched again.
 * `onDeleted` runs before the feedback's own cache entry is dropped: the details page leaves for
 * the list there, so nothing on screen asks for it again.
 */
export function useDeleteFeedback({ onDeleted }: { onDeleted?: () => unknown } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => http.delete(`admin/feedback/${id}`, messageOnly),
    meta: { changes: trashChanges('feedback') },
    onSuccess: async ({ message }, id) => {
      notifyDeleted(queryClient, message.trim() || FEEDBACK_MSG.deleted, { kind: 'feedback', id })
      removeCachedRows(queryClient, feedbackKeys.lists(), id)
      await onDeleted?.()
      queryClient.removeQueries({ queryKey: feedbackKeys.detail(id), exact: true })
    },
    onError: notifyIfUnseen,
  })
}
