import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { PageLoader } from '@/components/ui/Spinner'
import { siteDetailsQuery } from '@/features/cities-sites/api'
import { SiteError } from '@/features/cities-sites/ContentErrors'
import { EditSitePage } from '@/features/cities-sites/SiteFormPage'

export const Route = createFileRoute('/_signed-in/sites/(edit)/site')({
  // The site being edited: /sites/site?siteId=..., the spec's URL; (edit)/ is a route group, not in it.
  validateSearch: ({ siteId }: { siteId?: string } & SearchSchemaInput) => ({ siteId: typeof siteId === 'string' ? siteId : undefined }),
  loaderDeps: ({ search }) => ({ siteId: search.siteId ?? '' }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(siteDetailsQuery(deps.siteId)),
  // The page draws its own trail: Content > the city > the site > Edit.
  staticData: { title: 'Edit Site', crumbs: false },
  pendingComponent: PageLoader,
  errorComponent: (props) => <SiteError current="Edit" {...props} />,
  component: EditSitePage,
})
