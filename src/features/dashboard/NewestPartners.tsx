import { Link } from '@tanstack/react-router'
import { partnerStatusLabel, partnerTypeLabel, type Partner, type PartnerStatus, type PartnerType } from '@contract'
import { cells, listColumns, statusCell } from '@/components/list'
import { newestPartnersQuery } from './api'
import { NewestTable, newestLinkClass as linkClass } from './NewestTable'

const col = listColumns<Partner>()
const newestPartnerColumns = col.columns([
  col.accessor('name', {
    header: 'Name',
    cell: ({ row }) => (
      <Link to="/partners/$partnerId" params={{ partnerId: row.original._id }} className={linkClass}>
        {row.original.name}
      </Link>
    ),
    meta: { card: 'title' },
  }),
  col.accessor('ownerName', { header: 'Owner Name', cell: cells.text }),
  col.accessor('type', { header: 'Type', cell: statusCell<PartnerType>({ 5: [partnerTypeLabel[5], 'info'], 6: [partnerTypeLabel[6], 'warning'] }) }),
  col.accessor('status', {
    header: 'Status',
    meta: { card: 'status' },
    cell: statusCell<PartnerStatus>({ 1: [partnerStatusLabel[1], 'warning'], 2: [partnerStatusLabel[2], 'success'], 3: [partnerStatusLabel[3], 'danger'] }),
  }),
  col.accessor('createdAt', { header: 'Created At', cell: cells.date, meta: { className: 'whitespace-nowrap' } }),
])

/**
 * The newest partner requests (the product's recent-partners call: the partners list, newest
 * first, one short page), each linking to its details, and "View all" to the partners list.
 */
export default function NewestPartners() {
  return (
    <NewestTable
      title="Newest Partner Requests"
      columns={newestPartnerColumns}
      query={newestPartnersQuery}
      viewAll={{ to: '/partners', label: 'View all partner requests' }}
    />
  )
}
