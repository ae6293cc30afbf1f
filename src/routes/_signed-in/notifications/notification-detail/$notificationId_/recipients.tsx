import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { LIST_PARAMS, listDefaults } from '@contract/list-params'
import { listDeps, listSearch, prefetchList } from '@/components/list/search'
import { PageLoader } from '@/components/ui/Spinner'
import { notificationDetailsQuery, notificationRecipientsQuery } from '@/features/notifications/api'
import { NotificationDetailsError } from '@/features/notifications/NotificationDetailsPage'
import { NotificationRecipientsPage } from '@/features/notifications/NotificationRecipientsPage'

// Beside the details, not inside them (`$notificationId_`): its own page, the details in its trail.
export const Route = createFileRoute('/_signed-in/notifications/notification-detail/$notificationId_/recipients')({
  validateSearch: listSearch(LIST_PARAMS.recipients),
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search),
  loader: async ({ context, params, deps }) => {
    prefetchList(context.queryClient, notificationRecipientsQuery(params.notificationId)(deps))
    // Its title and an unknown id's not-found view come from the details.
    await context.queryClient.ensureQueryData(notificationDetailsQuery(params.notificationId))
  },
  // The page draws its own trail: Notifications > Details > Recipients.
  staticData: { title: 'Recipients', crumbs: false },
  pendingComponent: PageLoader,
  errorComponent: NotificationDetailsError,
  component: NotificationRecipientsPage,
})
