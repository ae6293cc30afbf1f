import { createFileRoute } from '@tanstack/react-router'
import { PublicPageError, PublicPagePending } from '@/features/cms/PublicLayout'
import { PublicFaqPage } from '@/features/cms/PublicFaqPage'
import { publicFaqsQuery } from '@/features/cms/public-api'

export const Route = createFileRoute('/_public/faq')({
  loader: ({ context }) => context.queryClient.ensureQueryData(publicFaqsQuery),
  staticData: { title: 'Frequently Asked Questions', brand: 'platform' },
  pendingComponent: PublicPagePending,
  errorComponent: PublicPageError,
  component: PublicFaqPage,
})
