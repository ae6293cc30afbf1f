import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { DELIVERY_STATUS, deliveryStatusLabel, type DeliveryStatus, type NotificationRecipient } from '@contract'
import { Breadcrumbs } from '@/components/layout/Breadcrumbs'
import { useRecordTitle } from '@/components/layout/PageTitle'
import { ListScreen, cells, listColumns, statusCell, type ListFilter } from '@/components/list'
import { notificationDetailsQuery, notificationRecipientsQuery } from './api'
import { RecipientName } from './RecipientName'

const route = getRouteApi('/_signed-in/notifications/notification-detail/$notificationId_/recipients')

const deliveryCell = statusCell<DeliveryStatus>({
  [DELIVERY_STATUS.PENDING]: [deliveryStatusLabel[DELIVERY_STATUS.PENDING], 'neutral'],
  [DELIVERY_STATUS.DELIVERED]: [deliveryStatusLabel[DELIVERY_STATUS.DELIVERED], 'success'],
  [DELIVERY_STATUS.FAILED]: [deliveryStatusLabel[DELIVERY_STATUS.FAILED], 'danger'],
  [DELIVERY_STATUS.NOT_SENT]: [deliveryStatusLabel[DELIVERY_STATUS.NOT_SENT], 'warning'],
  [DELIVERY_STATUS.NO_DEVICE]: [deliveryStatusLabel[DELIVERY_STATUS.NO_DEVICE], 'neutral'],
})

const col = listColumns<NotificationRecipient>()
/** The product's recipient columns (username with avatar, name, email cut 18, mobile cut 12) and the delivery. */
const recipientColumns = col.columns([
  col.accessor('username', { header: 'Username', meta: { card: 'title' }, cell: ({ row }) => <RecipientName user={row.original} /> }),
  col.accessor('name', { header: 'Name', cell: cells.text }),
  col.accessor('email', { header: 'Email', cell: cells.email }),
  col.accessor('mobileNo', { header: 'Mobile No.', cell: cells.phone, meta: { className: 'whitespace-nowrap' } }),
  col.accessor('delivery', {
    header: 'Delivery',
    meta: { card: 'status' },
    cell: (info) => (
      <span className="flex flex-col items-start gap-1">
        {deliveryCell(info)}
        {info.row.original.error && (info.getValue() === DELIVERY_STATUS.FAILED || info.getValue() === DELIVERY_STATUS.NOT_SENT) && (
          <span className="text-xs text-slate-600">{info.row.original.error}</span>
        )}
      </span>
    ),
  }),
])

const deliveryFilter: ListFilter<DeliveryStatus> = {
  label: 'Delivery',
  options: ([DELIVERY_STATUS.PENDING, DELIVERY_STATUS.DELIVERED, DELIVERY_STATUS.FAILED, DELIVERY_STATUS.NOT_SENT, DELIVERY_STATUS.NO_DEVICE] as const).map((value) => ({
    value,
    label: deliveryStatusLabel[value],
  })),
}

/**
 * /notifications/notification-detail/:notificationId/recipients: every recipient of a
 * notification with their delivery, paged and searched by the server (username, name, email),
 * filtered by delivery; the trail leads back to the details.
 */
export function NotificationRecipientsPage() {
  const { notificationId } = route.useParams()
  const { data: notification } = useSuspenseQuery(notificationDetailsQuery(notificationId))
  useRecordTitle(`Recipients of ${notification.title}`)
  return (
    <ListScreen
      name="Recipients"
      route={route}
      query={notificationRecipientsQuery(notificationId)}
      columns={recipientColumns}
      filter={deliveryFilter}
      searchLabel="Search recipients"
      breadcrumb={
        <Breadcrumbs
          items={[
            { name: 'Notifications', path: '/notifications' },
            { name: 'Details', path: `/notifications/notification-detail/${notificationId}` },
            { name: 'Recipients', path: '' },
          ]}
        />
      }
    />
  )
}
