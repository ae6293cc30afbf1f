import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { partnerStatusLabel, partnerTypeLabel, type Partner, type PartnerStatus, type PartnerType } from '@contract'
import { DataTable, cells, listColumns, statusCell } from '@/components/list'
import { newestPartnersQuery } from './api'

const TITLE = 'Newest Partner Requests'
const linkClass = 'font-semibold text-primary-700 underline-offset-2 hover:underline'

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
 * first, one short page), each linking to its details, and "View all" to the partners list. The list kit's table, cards on a
 * phone, as the newest users.
 */
export default function NewestPartners() {
  const titleId = useId()
  const result = useQuery(newestPartnersQuery)

  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {TITLE}
        </h2>
        <Link to="/partners" aria-label="View all partner requests" className={`text-sm ${linkClass}`}>
          View all
        </Link>
      </div>
      <DataTable
        name={TITLE}
        columns={newestPartnerColumns}
        data={result.data?.data}
        error={result.isError ? { message: result.error.message, retry: () => void result.refetch() } : null}
      />
    </section>
  )
}
