import { queryOptions } from '@tanstack/react-query'
import { FEEDBACK_MSG, feedback, idParam, type Feedback, type FeedbackListQuery, type ListPage } from '@contract'
import { ApiError, http, withData } from '@/lib/http'

export const feedbackKeys = {
  all: ['feedback'] as const,
  lists: () => [...feedbackKeys.all, 'list'] as const,
  /** `q` already parsed: defaults applied, so equal lists share one key. */
  list: (q: FeedbackListQuery) => [...feedbackKeys.lists(), q] as const,
  details: () => [...feedbackKeys.all, 'detail'] as const,
  detail: (id: string) => [...feedbackKeys.details(), id] as const,
}

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
      if (!idParam.safeParse({ id }).success) throw new ApiError(FEEDBACK_MSG.notFound, 404)
      return (await http.get(`feedback/${id}`, withData(feedback))).data
    },
  })
