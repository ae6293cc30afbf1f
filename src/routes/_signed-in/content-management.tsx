import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { LIST_PARAMS, listDefaults } from '@contract/list-params'
import { listDeps, listSearch, prefetchList } from '@/components/list/search'
import { citiesListQuery } from '@/features/cities-sites/api'
import { CitiesPage } from '@/features/cities-sites/CitiesPage'
import { CONTENT_CRUMB } from '@/features/cities-sites/content'

export const Route = createFileRoute('/_signed-in/content-management')({
  validateSearch: listSearch(LIST_PARAMS.cities),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search),
  loader: ({ context, deps }) => prefetchList(context.queryClient, citiesListQuery(deps)),
  // The first crumb of every content screen: Content.
  staticData: { title: 'Cities', crumbs: [CONTENT_CRUMB] },
  component: CitiesPage,
})
