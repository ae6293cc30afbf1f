import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { LIST_PARAMS, listDefaults } from '@contract/list-params'
import { listDeps, listSearch, prefetchList } from '@/components/list/search'
import { partnersListQuery } from '@/features/partners/api'
import { PartnersPage } from '@/features/partners/PartnersPage'

export const Route = createFileRoute('/_signed-in/partners/')({
  validateSearch: listSearch(LIST_PARAMS.partners),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search, LIST_PARAMS.partners.params),
  loader: ({ context, deps }) => prefetchList(context.queryClient, partnersListQuery(deps)),
  staticData: { title: 'Partners' },
  component: PartnersPage,
})
