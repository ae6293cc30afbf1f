import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { listDefaults, partnerListQuery } from '@contract'
import { listDeps, listSearch, prefetchList } from '@/components/list/search'
import { PARTNER_PARAMS, partnersListQuery } from '@/features/partners/api'
import { PartnersPage } from '@/features/partners/PartnersPage'

export const Route = createFileRoute('/_signed-in/partners/')({
  validateSearch: listSearch(partnerListQuery),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search, PARTNER_PARAMS),
  loader: ({ context, deps }) => prefetchList(context.queryClient, partnersListQuery(deps)),
  staticData: { title: 'Partners' },
  component: PartnersPage,
})
