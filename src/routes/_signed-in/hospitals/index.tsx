import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { LIST_PARAMS, listDefaults } from '@contract/list-params'
import { listDeps, listSearch, prefetchList } from '@/components/list/search'
import { placesListQuery } from '@/features/places/api'
import { PlacesPage } from '@/features/places/PlacesPage'

export const Route = createFileRoute('/_signed-in/hospitals/')({
  validateSearch: listSearch(LIST_PARAMS.places),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search),
  loader: ({ context, deps }) => prefetchList(context.queryClient, placesListQuery('hospital', deps)),
  staticData: { title: 'Hospitals' },
  component: () => <PlacesPage kind="hospital" />,
})
