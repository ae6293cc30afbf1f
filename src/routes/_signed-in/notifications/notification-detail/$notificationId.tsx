import { createFileRoute } from '@tanstack/react-router'
import { PageLoader } from '@/components/ui/Spinner'
import { notificationDetailsQuery } from '@/features/notifications/api'
import { NotificationDetailsError, NotificationDetailsPage } from '@/features/notifications/NotificationDetailsPage'

export const Route = createFileRoute('/_signed-in/notifications/notification-detail/$notificationId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(notificationDetailsQuery(params.notificationId)),
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
