import { createFileRoute } from '@tanstack/react-router'
import { PageLoader } from '@/components/ui/Spinner'
import { siteDetailsQuery } from '@/features/cities-sites/api'
import { SiteError } from '@/features/cities-sites/ContentErrors'
import { SiteDetailsPage } from '@/features/cities-sites/SiteDetailsPage'

export const Route = createFileRoute('/_signed-in/sites/site-details/$siteId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(siteDetailsQuery(params.siteId)),
  // The page draws its own trail: Content > the city > the site.
  staticData: { title: 'Site', crumbs: false },
  pendingComponent: PageLoader,
  errorComponent: SiteError,
  component: SiteDetailsPage,
})
