import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { feedbackListQuery, listDefaults } from '@contract'
import { listDeps, listSearch, prefetchList } from '@/components/list/search'
import { FEEDBACK_PARAMS, feedbackListQueryOptions } from '@/features/feedback/api'
import { FeedbackPage } from '@/features/feedback/FeedbackPage'

export const Route = createFileRoute('/_signed-in/feedback/')({
  validateSearch: listSearch(feedbackListQuery),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search, FEEDBACK_PARAMS),
  loader: ({ context, deps }) => prefetchList(context.queryClient, feedbackListQueryOptions(deps)),
  staticData: { title: 'Feedback' },
  component: FeedbackPage,
})
