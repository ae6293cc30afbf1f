import { createFileRoute } from '@tanstack/react-router'
import { detailsCrumbs } from '@/components/layout/crumbs'
import { PageLoader } from '@/components/ui/Spinner'
import { feedbackDetailsQuery } from '@/features/feedback/api'
import { FeedbackDetailsError, FeedbackDetailsPage } from '@/features/feedback/FeedbackDetailsPage'

export const Route = createFileRoute('/_signed-in/feedback/$feedbackId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(feedbackDetailsQuery(params.feedbackId)),
  staticData: { title: 'Feedback', crumbs: detailsCrumbs({ name: 'Feedback', path: '/feedback' }) },
  pendingComponent: PageLoader,
  errorComponent: FeedbackDetailsError,
  component: FeedbackDetailsPage,
})
