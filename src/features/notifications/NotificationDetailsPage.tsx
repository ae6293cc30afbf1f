import { useId } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link, type ErrorComponentProps } from '@tanstack/react-router'
import { NOTIFICATION_STATUS, NOTIFICATIONS_MSG, RECIPIENTS_PAGE_SIZE, type NotificationDetails, type UserSummary } from '@contract'
import { DataTable, cells, listColumns } from '@/components/list'
import { DetailsError } from '@/components/layout/DetailsError'
import { useRecordTitle } from '@/components/layout/PageTitle'
import { Button } from '@/components/ui/Button'
import { useCan } from '@/lib/auth'
import { count } from '@/lib/count'
import { formatDateTime } from '@/lib/format'
import { notificationDetailsQuery, useRetryDeliveries } from './api'
import { NoPushServiceLine, useNoPushService } from './NoPushServiceLine'
import { RecipientName } from './RecipientName'

const route = getRouteApi('/_signed-in/notifications/notification-detail/$notificationId')

const col = listColumns<UserSummary>()
/** The product's recipient columns: username with avatar, name, email (cut 18), mobileNo (cut 12). */
const recipientColumns = col.columns([
  col.accessor('username', { header: 'Username', meta: { card: 'title' }, cell: ({ row }) => <RecipientName user={row.original} /> }),
  col.accessor('name', { header: 'Name', cell: cells.text }),
  col.accessor('email', { header: 'Email', cell: cells.email }),
  col.accessor('mobileNo', { header: 'Mobile No.', cell: cells.phone, meta: { className: 'whitespace-nowrap' } }),
])

/** A read-only field of the page: a labelled input (or text area) that can be read and copied, not edited. */
function ReadOnlyField({ label, value, multiline = false }: { label: string; value: string; multiline?: boolean }) {
  const id = useId()
  const className =
    'w-full rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-900 focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-600/30'
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {multiline ? (
        <textarea id={id} readOnly value={value} rows={Math.min(8, Math.max(3, value.split('\n').length))} className={`${className} resize-y`} />
      ) : (
        <input id={id} readOnly value={value} className={className} />
      )}
    </div>
  )
}

/** One count of the deliveries: its label and number, side by side. */
function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col rounded-md border border-slate-200 bg-slate-50 px-4 py-2">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{count.format(value)}</dd>
    </div>
  )
}

/**
 * Where the notification stands: scheduled (and when), cancelled, or sent with its recipients
 * counted by delivery (Recipients, then each of Delivered, Failed, Not sent, No device, Pending that
 * has any: never a count of what did not happen; those with no device are said to have got
 * nothing, and Retry leaves them: it would find no device again), and "Retry" for both roles that send while any failed or
 * were not sent. With no push service the one line says so, and Retry is off: it would change nothing.
 */
function Deliveries({ notification }: { notification: NotificationDetails }) {
  const canSend = useCan('notification.send')
  const retry = useRetryDeliveries(notification._id)
  const noPushService = useNoPushService()
  const lineId = useId()
  if (notification.status === NOTIFICATION_STATUS.SCHEDULED)
    return <p className="text-sm text-slate-700">{`Scheduled for ${formatDateTime(notification.scheduledAt ?? '')}`}</p>
  if (notification.status === NOTIFICATION_STATUS.CANCELLED) return <p className="text-sm text-slate-700">Cancelled: it was not sent.</p>
  const counts: [string, number][] = [
    ['Delivered', notification.deliveredCount],
    ['Failed', notification.failedCount],
    ['Not sent', notification.notSentCount],
    ['No device', notification.noDeviceCount],
    ['Pending', notification.pendingCount],
  ]
  return (
    <div className="flex flex-col gap-3">
      <NoPushServiceLine id={lineId} />
      <div className="flex flex-wrap items-end gap-3">
        <dl className="flex flex-wrap gap-3">
          <Count label="Recipients" value={notification.recipientCount} />
          {counts.map(([label, value]) => value > 0 && <Count key={label} label={label} value={value} />)}
        </dl>
        {canSend && notification.failedCount + notification.notSentCount > 0 && (
          <Button
            variant="secondary"
            busy={retry.isPending}
            disabled={noPushService}
            aria-describedby={noPushService ? lineId : undefined}
            onClick={() => retry.mutate()}
          >
            Retry
          </Button>
        )}
      </div>
      {notification.noDeviceCount > 0 && (
        <p className="text-sm text-slate-600">
          {notification.noDeviceCount === 1
            ? '1 recipient has no device registered for push: nothing was sent to them.'
            : `${count.format(notification.noDeviceCount)} recipients have no device registered for push: nothing was sent to them.`}
        </p>
      )}
    </div>
  )
}

/**
 * /notifications/notification-detail/:notificationId: the layout's trail
 * 'Notifications' > 'Details', read-only Title, Body and Create At, and the table 'Notification
 * Send To Users': a fixed 5 rows, no pagination, and "View all recipients" for the rest; between
 * them, the deliveries.
 */
export function NotificationDetailsPage() {
  const { notificationId } = route.useParams()
  const { data: notification } = useSuspenseQuery(notificationDetailsQuery(notificationId))
  useRecordTitle(notification.title)
  const recipients = notification.users.slice(0, RECIPIENTS_PAGE_SIZE)
  // Everyone it went to, not only the ones the server listed.
  const total = Math.max(notification.recipientCount, notification.users.length)
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="notification-title" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h1 id="notification-title" className="text-xl font-semibold text-slate-900">
          Notification Details
        </h1>
        <div className="grid gap-4 md:grid-cols-2">
          <ReadOnlyField label="Title" value={notification.title} />
          <ReadOnlyField label="Create At" value={formatDateTime(notification.createdAt)} />
        </div>
        <ReadOnlyField label="Body" value={notification.body} multiline />
      </section>
      <section aria-labelledby="deliveries-title" className="flex flex-col gap-3">
        <h2 id="deliveries-title" className="text-base font-semibold text-slate-900">
          Deliveries
        </h2>
        <Deliveries notification={notification} />
      </section>
      <section aria-labelledby="recipients-title" className="flex flex-col gap-3">
        <h2 id="recipients-title" className="text-base font-semibold text-slate-900">
          Notification Send To Users
        </h2>
        <DataTable name="Recipients" columns={recipientColumns} data={recipients} />
        {total > recipients.length && (
          <p className="text-sm text-slate-600">{`Showing ${recipients.length} of ${total} recipients`}</p>
        )}
        {total > 0 && (
          <Link
            to="/notifications/notification-detail/$notificationId/recipients"
            params={{ notificationId: notification._id }}
            className="self-start text-sm font-semibold text-primary-700 underline-offset-2 hover:underline"
          >
            View all recipients
          </Link>
        )}
      </section>
    </div>
  )
}

/** The details route's error view: an id that names no notification leads back to the list. */
export function NotificationDetailsError(props: ErrorComponentProps) {
  return (
    <DetailsError
      {...props}
      title={NOTIFICATIONS_MSG.notFound}
      text="No notification has this id. It may have been deleted, or the link is incomplete."
      back={{ to: '/notifications', label: 'Back to Notifications' }}
    />
  )
}
