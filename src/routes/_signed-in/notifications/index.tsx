import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { LIST_PARAMS, listDefaults } from '@contract/list-params'
import { listDeps, listSearch, prefetchList } from '@/components/list/search'
import { notificationsListQuery } from '@/features/notifications/api'
import { NotificationsPage } from '@/features/notifications/NotificationsPage'

export const Route = createFileRoute('/_signed-in/notifications/')({
  validateSearch: listSearch(LIST_PARAMS.notifications),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search, LIST_PARAMS.notifications.params),
  loader: ({ context, deps }) => prefetchList(context.queryClient, notificationsListQuery(deps)),
  staticData: { title: 'Notifications' },
  component: NotificationsPage,
})
