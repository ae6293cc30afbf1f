import { useState } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { AUDIENCE, NOTIFICATION_STATUS, notificationStatusLabel, type Audience, type NotificationListItem } from '@contract'
import { LIST_PARAMS } from '@contract/list-params'
import { ListScreen, RowLink, cells, listColumns, type ListBulk, type ListFilter } from '@/components/list'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { useCan } from '@/lib/auth'
import { formatDateTime } from '@/lib/format'
import { movesToTrash } from '@/lib/trash'
import { notificationsListQuery, useCancelNotification, useDeleteNotification } from './api'
import { audienceLabel, sendToText } from './audience'
import { sentToFilter } from './SentToFilter'
import { SendNotificationButton } from './SendNotificationButton'

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
        {movesToTrash(`“${notification.title}”`)}
      </ConfirmDialog>
    </>
  )
}

/** Cancel a scheduled notification (both roles that send), after a confirm dialog; until it is sent. */
function CancelNotificationButton({ notification }: { notification: NotificationListItem }) {
  const [open, setOpen] = useState(false)
  const canSend = useCan('notification.send')
  const cancel = useCancelNotification()
  if (!canSend || notification.status !== NOTIFICATION_STATUS.SCHEDULED) return null
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={`Cancel ${notification.title}`} className="min-h-8 px-3 py-1 text-xs">
        Cancel
      </Button>
      <ConfirmDialog
        open={open}
        title="Cancel scheduled notification?"
        confirmLabel="Cancel notification"
        cancelLabel="Keep it"
        tone="danger"
        busy={cancel.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => cancel.mutate({ id: notification._id }, { onSettled: () => setOpen(false) })}
      >
        {`“${notification.title}” will not be sent on ${formatDateTime(notification.scheduledAt ?? '')}.`}
      </ConfirmDialog>
    </>
  )
}

/** Send On: the time it went out; a scheduled (or cancelled) one's time with its status. */
function SendOn({ notification }: { notification: NotificationListItem }) {
  const { status, sentAt, scheduledAt, createdAt } = notification
  const time = formatDateTime(sentAt ?? scheduledAt ?? createdAt)
  if (status === NOTIFICATION_STATUS.SENT) return time
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone={status === NOTIFICATION_STATUS.SCHEDULED ? 'info' : 'neutral'}>{notificationStatusLabel[status]}</Badge>
      {time}
    </span>
  )
}

const col = listColumns<NotificationListItem>()
/** The product's notifications columns: Title, Body, Send To, Send On (with a scheduled or cancelled one's status), Actions. */
export const notificationColumns = col.columns([
  col.accessor('title', { header: 'Title', enableSorting: true, cell: cells.text, meta: { card: 'title' } }),
  col.accessor('body', { header: 'Body', cell: cells.longText }),
  col.accessor((n) => sendToText(n), { id: 'sendTo', header: 'Send To', meta: { className: 'whitespace-nowrap' } }),
  // Its id is the wire's sortBy.
  // Its id is the wire's sortBy (the time it was made). It shows when it goes (or went) out, and
  // says so when that is not yet, or never: the product's five columns, the status inside one.
  col.accessor('createdAt', {
    header: 'Send On',
    enableSorting: true,
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => <SendOn notification={row.original} />,
  }),
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
        <CancelNotificationButton notification={row.original} />
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

/** One user who received them, in the same Filters panel after the audience. */
const filters = [sentToFilter<ReturnType<typeof route.useSearch>>()]

/** Notifications in bulk: delete (admins). */
const bulk: ListBulk<NotificationListItem> = {
  list: 'notifications',
  noun: ['notification', 'notifications'],
  rowLabel: (n) => n.title,
}

/**
 * /notifications: the notifications sent, searchable (title, body), sortable, filtered by audience
 * and by one user who received them ("Sent to"); 'Send Notification' (both roles) opens the send dialog.
 */
export function NotificationsPage() {
  return (
    <ListScreen
      name="Notifications"
      list="notifications"
      route={route}
      params={LIST_PARAMS.notifications.params}
      query={notificationsListQuery}
      columns={notificationColumns}
      filter={audienceFilter}
      bulk={bulk}
      filters={filters}
      actions={<SendNotificationButton />}
    />
  )
}
