import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { LIST_PARAMS, listDefaults } from '@contract/list-params'
import { listDeps, listSearch, prefetchList } from '@/components/list/search'
import { usersListQuery } from '@/features/users/api'
import { UsersPage } from '@/features/users/UsersPage'

export const Route = createFileRoute('/_signed-in/users/')({
  validateSearch: listSearch(LIST_PARAMS.users),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search),
  loader: ({ context, deps }) => prefetchList(context.queryClient, usersListQuery(deps)),
  staticData: { title: 'Users' },
  component: UsersPage,
})
