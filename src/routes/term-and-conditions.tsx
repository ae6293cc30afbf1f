import { createFileRoute } from '@tanstack/react-router'
import { PublicPageError, PublicPagePending } from '@/features/cms/PublicLayout'
import { PublicCmsPage } from '@/features/cms/PublicCmsPage'
import { publicPageQueryOf } from '@/features/cms/public-api'

/** Public, with or without a token (DESIGN.md section 3); the page comes from the path by the content-type helper. */
export const Route = createFileRoute('/term-and-conditions')({
  loader: ({ context, location }) => context.queryClient.ensureQueryData(publicPageQueryOf(location.pathname)),
  pendingComponent: PublicPagePending,
  errorComponent: PublicPageError,
  component: PublicCmsPage,
})
