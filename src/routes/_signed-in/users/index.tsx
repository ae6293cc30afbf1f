import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { listDefaults, userListQuery } from '@contract'
import { listDeps, listSearch, prefetchList } from '@/components/list/search'
import { usersListQuery } from '@/features/users/api'
import { UsersPage } from '@/features/users/UsersPage'

export const Route = createFileRoute('/_signed-in/users/')({
  validateSearch: listSearch(userListQuery),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search),
  loader: ({ context, deps }) => prefetchList(context.queryClient, usersListQuery(deps)),
  staticData: { title: 'Users' },
  component: UsersPage,
})
