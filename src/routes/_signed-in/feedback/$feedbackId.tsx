import { createFileRoute } from '@tanstack/react-router'
import { PageLoader } from '@/components/ui/Spinner'
import { feedbackDetailsQuery } from '@/features/feedback/api'
import { FeedbackDetailsError, FeedbackDetailsPage } from '@/features/feedback/FeedbackDetailsPage'

export const Route = createFileRoute('/_signed-in/feedback/$feedbackId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(feedbackDetailsQuery(params.feedbackId)),
  staticData: {
    title: 'Feedback',
    crumbs: [
      { name: 'Feedback', path: '/feedback' },
      { name: 'Details', path: '' },
    ],
  },
  pendingComponent: PageLoader,
  errorComponent: FeedbackDetailsError,
  component: FeedbackDetailsPage,
})
