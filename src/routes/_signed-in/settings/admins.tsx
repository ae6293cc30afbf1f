import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { LIST_PARAMS, listDefaults } from '@contract/list-params'
import { listDeps, listSearch } from '@/components/list/search'
import { prefetchAdmins } from '@/features/admins/api'
import { AdminsPage } from '@/features/admins/AdminsPage'

export const Route = createFileRoute('/_signed-in/settings/admins')({
  validateSearch: listSearch(LIST_PARAMS.admins),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search),
  loader: ({ context, deps }) => prefetchAdmins(context, deps),
  staticData: { title: 'Admin Accounts' },
  component: AdminsPage,
})
