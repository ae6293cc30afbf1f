import type { FeedbackListQuery } from '@contract'

/**
 * The feedback feature's query keys, apart from its calls: the signed-in layout refreshes them on a
 * live change, and should not load the feature's code for that.
 */
export const feedbackKeys = {
  all: ['feedback'] as const,
  lists: () => [...feedbackKeys.all, 'list'] as const,
  /** `q` already parsed: defaults applied, so equal lists share one key. */
  list: (q: FeedbackListQuery) => [...feedbackKeys.lists(), q] as const,
  details: () => [...feedbackKeys.all, 'detail'] as const,
  detail: (id: string) => [...feedbackKeys.details(), id] as const,
}
