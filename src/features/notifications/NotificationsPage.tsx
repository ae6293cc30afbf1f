import { useState } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { AUDIENCE, type Audience, type NotificationListItem } from '@contract'
import { ListScreen, RowLink, cells, listColumns, type ListFilter } from '@/components/list'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { useCan } from '@/lib/auth'
import { NOTIFICATION_PARAMS, notificationsListQuery, useDeleteNotification } from './api'
import { audienceLabel, sendToText } from './audience'
import { SentToFilter } from './SentToFilter'
import { SendNotificationButton } from './SendNotificationDialog'

const route = getRouteApi('/_signed-in/notifications/')

/** Delete after a confirm dialog that stays open (busy) until the server has answered. Admins only (docs/DECISIONS.md, Roles). */
function DeleteNotificationButton({ notification }: { notification: NotificationListItem }) {
  const [open, setOpen] = useState(false)
  const canDelete = useCan('notification.delete')
  const remove = useDeleteNotification()
  if (!canDelete) return null
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)} aria-label={`Delete ${notification.title}`} className="min-h-8 px-3 py-1 text-xs">
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete notification?"
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => remove.mutate(notification._id, { onSettled: () => setOpen(false) })}
      >
        {`“${notification.title}” will be deleted for good. This cannot be undone.`}
      </ConfirmDialog>
    </>
  )
}

const col = listColumns<NotificationListItem>()
/** The product's notifications columns: Title, Body, Send To, Send On, Actions. */
export const notificationColumns = col.columns([
  col.accessor('title', { header: 'Title', enableSorting: true, cell: cells.text, meta: { card: 'title' } }),
  col.accessor('body', { header: 'Body', cell: cells.longText }),
  col.accessor((n) => sendToText(n), { id: 'sendTo', header: 'Send To', meta: { className: 'whitespace-nowrap' } }),
  // Its id is the wire's sortBy.
  col.accessor('createdAt', { header: 'Send On', enableSorting: true, cell: cells.dateTime, meta: { className: 'whitespace-nowrap' } }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => (
      <div className="flex items-center justify-end gap-2">
        <RowLink
          to="/notifications/notification-detail/$notificationId"
          params={{ notificationId: row.original._id }}
          aria-label={`View ${row.original.title}`}
        />
        <DeleteNotificationButton notification={row.original} />
      </div>
    ),
    meta: { className: 'text-right', card: 'actions' },
  }),
])

const audienceFilter: ListFilter<Audience> = {
  label: 'Send To',
  options: AUDIENCE.map((value) => ({ value, label: audienceLabel[value] })),
}

/**
 * /notifications: the notifications sent, searchable (title, body), sortable, filtered by audience
 * and by one user who received them ("Sent to"); 'Send Notification' (both roles) opens the send dialog.
 */
export function NotificationsPage() {
  return (
    <ListScreen
      name="Notifications"
      route={route}
      params={NOTIFICATION_PARAMS}
      query={notificationsListQuery}
      columns={notificationColumns}
      filter={audienceFilter}
      filters={(q, change) => <SentToFilter value={q.recipientId} onChange={(recipientId) => change({ recipientId })} />}
      actions={<SendNotificationButton />}
    />
  )
}
