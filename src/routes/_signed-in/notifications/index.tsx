import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { listDefaults, notificationListQuery } from '@contract'
import { listSearch, prefetchList } from '@/components/list/search'
import { notificationDeps, notificationsListQuery } from '@/features/notifications/api'
import { NotificationsPage } from '@/features/notifications/NotificationsPage'

export const Route = createFileRoute('/_signed-in/notifications/')({
  validateSearch: listSearch(notificationListQuery),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => notificationDeps(search),
  loader: ({ context, deps }) => prefetchList(context.queryClient, notificationsListQuery(deps)),
  staticData: { title: 'Notifications' },
  component: NotificationsPage,
})
