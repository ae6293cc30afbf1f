import { useId } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, type ErrorComponentProps } from '@tanstack/react-router'
import { NOTIFICATIONS_MSG, RECIPIENTS_PAGE_SIZE, type UserSummary } from '@contract'
import { DataTable, cells, listColumns } from '@/components/list'
import { DetailsError } from '@/components/layout/DetailsError'
import { useRecordTitle } from '@/components/layout/PageTitle'
import { Avatar } from '@/components/ui/Avatar'
import { OrDashes } from '@/components/ui/Dashes'
import { formatDateTime } from '@/lib/format'
import { notificationDetailsQuery } from './api'

const route = getRouteApi('/_signed-in/notifications/notification-detail/$notificationId')

const col = listColumns<UserSummary>()
/** The product's recipient columns: username with avatar, name, email (cut 18), mobileNo (cut 12). */
const recipientColumns = col.columns([
  col.accessor('username', {
    header: 'Username',
    meta: { card: 'title' },
    cell: ({ row }) => (
      <span className="flex items-center gap-2 whitespace-nowrap">
        <Avatar src={row.original.profileImage} alt="" className="h-8 w-8" />
        <OrDashes value={row.original.username} />
      </span>
    ),
  }),
  col.accessor('name', { header: 'Name', cell: cells.text }),
  col.accessor('email', { header: 'Email', cell: cells.email }),
  col.accessor('mobileNo', { header: 'Mobile No.', cell: cells.mobile, meta: { className: 'whitespace-nowrap' } }),
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

/**
 * /notifications/notification-detail/:notificationId: the layout's trail
 * 'Notifications' > 'Details', read-only Title, Body and Create At, and the table 'Notification
 * Send To Users': a fixed 5 rows, no pagination.
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
      <section aria-labelledby="recipients-title" className="flex flex-col gap-3">
        <h2 id="recipients-title" className="text-base font-semibold text-slate-900">
          Notification Send To Users
        </h2>
        <DataTable name="Recipients" columns={recipientColumns} data={recipients} />
        {total > recipients.length && (
          <p className="text-sm text-slate-600">{`Showing ${recipients.length} of ${total} recipients`}</p>
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
