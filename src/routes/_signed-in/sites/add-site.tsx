import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { PageLoader } from '@/components/ui/Spinner'
import { cityDetailsQuery } from '@/features/cities-sites/api'
import { CityError } from '@/features/cities-sites/ContentErrors'
import { AddSitePage } from '@/features/cities-sites/SiteFormPage'

export const Route = createFileRoute('/_signed-in/sites/add-site')({
  // The city the site is added to: /sites/add-site?cityId=...
  validateSearch: ({ cityId }: { cityId?: string } & SearchSchemaInput) => ({ cityId: typeof cityId === 'string' ? cityId : undefined }),
  loaderDeps: ({ search }) => ({ cityId: search.cityId ?? '' }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(cityDetailsQuery(deps.cityId)),
  // The page draws its own trail: Content > the city's name > Add Site.
  staticData: { title: 'Add Site', crumbs: false },
  pendingComponent: PageLoader,
  errorComponent: (props) => <CityError current="Add Site" {...props} />,
  component: AddSitePage,
})
