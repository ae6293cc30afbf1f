import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { LIST_PARAMS, listDefaults } from '@contract/list-params'
import { listDeps, listSearch, prefetchList } from '@/components/list/search'
import { feedbackListQueryOptions } from '@/features/feedback/api'
import { FeedbackPage } from '@/features/feedback/FeedbackPage'

export const Route = createFileRoute('/_signed-in/feedback/')({
  validateSearch: listSearch(LIST_PARAMS.feedback),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search, LIST_PARAMS.feedback.params),
  loader: ({ context, deps }) => prefetchList(context.queryClient, feedbackListQueryOptions(deps)),
  staticData: { title: 'Feedback' },
  component: FeedbackPage,
})
