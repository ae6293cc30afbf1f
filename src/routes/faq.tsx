import { createFileRoute } from '@tanstack/react-router'
import { PublicPageError, PublicPagePending } from '@/features/cms/PublicLayout'
import { PublicFaqPage } from '@/features/cms/PublicFaqPage'
import { publicFaqsQuery } from '@/features/cms/public-api'

/** Public, with or without a token (DESIGN.md section 3). */
export const Route = createFileRoute('/faq')({
  loader: ({ context }) => context.queryClient.ensureQueryData(publicFaqsQuery),
  pendingComponent: PublicPagePending,
  errorComponent: PublicPageError,
  component: PublicFaqPage,
})
