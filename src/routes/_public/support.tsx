import { createFileRoute } from '@tanstack/react-router'
import { PublicPageError, PublicPagePending } from '@/features/cms/PublicLayout'
import { PublicCmsPage } from '@/features/cms/PublicCmsPage'
import { publicPageQueryOf } from '@/features/cms/public-api'

/** The page comes from the path by the content-type helper. */
export const Route = createFileRoute('/_public/support')({
  loader: ({ context, location }) => context.queryClient.ensureQueryData(publicPageQueryOf(location.pathname)),
  staticData: { title: 'Support', brand: 'platform' },
  pendingComponent: PublicPagePending,
  errorComponent: PublicPageError,
  component: PublicCmsPage,
})
