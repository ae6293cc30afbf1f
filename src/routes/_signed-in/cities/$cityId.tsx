import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { LIST_PARAMS, listDefaults } from '@contract/list-params'
import { listDeps, listSearch, prefetchList } from '@/components/list/search'
import { PageLoader } from '@/components/ui/Spinner'
import { cityDetailsQuery, sitesListQuery } from '@/features/cities-sites/api'
import { CityPage } from '@/features/cities-sites/CityPage'
import { CityError } from '@/features/cities-sites/ContentErrors'

export const Route = createFileRoute('/_signed-in/cities/$cityId')({
  // The list state of the city's sites; the city comes from the path.
  validateSearch: listSearch({ ...LIST_PARAMS.sites, params: {} }),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search),
  loader: ({ context, params, deps }) => {
    prefetchList(context.queryClient, sitesListQuery({ ...deps, cityId: params.cityId }))
    return context.queryClient.ensureQueryData(cityDetailsQuery(params.cityId))
  },
  // The page draws its own trail: Content > the city's name.
  staticData: { title: 'City', crumbs: false },
  pendingComponent: PageLoader,
  errorComponent: CityError,
  component: CityPage,
})
