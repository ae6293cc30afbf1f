import { createFileRoute } from '@tanstack/react-router'
import { PageLoader } from '@/components/ui/Spinner'
import { notificationDetailsQuery, pushServiceQuery } from '@/features/notifications/api'
import { NotificationDetailsError, NotificationDetailsPage } from '@/features/notifications/NotificationDetailsPage'

export const Route = createFileRoute('/_signed-in/notifications/notification-detail/$notificationId')({
  loader: ({ context, params }) => {
    // Beside the details, not before them: its line is drawn when it comes (and none if it fails).
    void context.queryClient.prefetchQuery(pushServiceQuery)
    return context.queryClient.ensureQueryData(notificationDetailsQuery(params.notificationId))
  },
  // The product's trail, 'Notifications' > 'Details', rather than the automatic 'Notification Detail'.
  staticData: {
    title: 'Notification',
    crumbs: [
      { name: 'Notifications', path: '/notifications' },
      { name: 'Details', path: '' },
    ],
  },
  pendingComponent: PageLoader,
  errorComponent: NotificationDetailsError,
  component: NotificationDetailsPage,
})
