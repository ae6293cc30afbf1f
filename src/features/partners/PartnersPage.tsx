import { getRouteApi } from '@tanstack/react-router'
import { PARTNER_TYPE, partnerTypeLabel, type Partner, type PartnerType } from '@contract'
import { LIST_PARAMS } from '@contract/list-params'
import { ListScreen, RowLink, cells, choiceFilter, listColumns, statusCell, type ListBulk, type ListFilter } from '@/components/list'
import { partnersListQuery } from './api'
import { PartnerStatusBadge, partnerStatusOptions } from './PartnerStatusBadge'

const route = getRouteApi('/_signed-in/partners/')
type PartnersSearch = ReturnType<typeof route.useSearch>

const col = listColumns<Partner>()
/**
 * Name, Owner Name, Email, Mobile No., Type, Address, Created At (a partner's fields:
 * docs/DECISIONS.md, Partners and feedback), then where the request stands and its details link.
 */
export const partnerColumns = col.columns([
  col.accessor('name', { header: 'Name', enableSorting: true, cell: cells.text, meta: { card: 'title' } }),
  col.accessor('ownerName', { header: 'Owner Name', enableSorting: true, cell: cells.text }),
  col.accessor('email', { header: 'Email', enableSorting: true, cell: cells.email }),
  col.accessor('mobileNo', { header: 'Mobile No.', cell: cells.mobile, meta: { className: 'whitespace-nowrap' } }),
  col.accessor('type', {
    header: 'Type',
    enableSorting: true,
    meta: { card: 'field' },
    cell: statusCell<PartnerType>({ 5: [partnerTypeLabel[5], 'info'], 6: [partnerTypeLabel[6], 'warning'] }),
  }),
  col.accessor('address', { header: 'Address', cell: cells.address }),
  col.accessor('createdAt', { header: 'Created At', enableSorting: true, cell: cells.date, meta: { className: 'whitespace-nowrap' } }),
  col.accessor('status', { header: 'Status', cell: (info) => <PartnerStatusBadge status={info.getValue()} />, meta: { card: 'status' } }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => (
      <div className="flex justify-end">
        <RowLink to="/partners/$partnerId" params={{ partnerId: row.original._id }} aria-label={`View the request of ${row.original.name}`} />
      </div>
    ),
    meta: { className: 'text-right', card: 'actions' },
  }),
])

const typeFilter: ListFilter<PartnerType> = {
  label: 'Type',
  options: [
    { value: PARTNER_TYPE.HOSPITAL, label: partnerTypeLabel[5] },
    { value: PARTNER_TYPE.PET_SHOPS, label: partnerTypeLabel[6] },
  ],
}

/** Where a request stands, in the same Filters panel after the type. */
const filters = [choiceFilter<PartnersSearch, 'status'>('status', 'Status', partnerStatusOptions)]

/** No bulk action: decisions are made one request at a time, each read first. Export selected only. */
const bulk: ListBulk<Partner> = {
  noun: ['partner request', 'partner requests'],
  rowLabel: (partner) => partner.name,
}

/** /partners: the partner requests, searchable, sortable, filtered by type and status, exportable as CSV. */
export function PartnersPage() {
  return (
    <ListScreen
      name="Partners"
      list="partners"
      route={route}
      query={partnersListQuery}
      columns={partnerColumns}
      filter={typeFilter}
      params={LIST_PARAMS.partners.params}
      bulk={bulk}
      filters={filters}
      csv={{ path: 'admin/partners/export', filename: 'partners.csv' }}
    />
  )
}
