import { getRouteApi } from '@tanstack/react-router'
import { PARTNER_TYPE, type Partner, type PartnerType } from '@contract'
import { ExportCsvButton, ListScreen, cells, listColumns, statusCell, type ListFilter } from '@/components/list'
import { partnersListQuery } from './api'

const route = getRouteApi('/_signed-in/partners')

export const partnerTypeLabel: Record<PartnerType, string> = { 5: 'Hospital', 6: 'Pet Shop' }

const col = listColumns<Partner>()
/** Name, Owner Name, Email, Mobile No., Type, Address, Created At (a partner's fields: docs/DECISIONS.md, Partners and feedback). */
export const partnerColumns = col.columns([
  col.accessor('name', { header: 'Name', enableSorting: true, cell: cells.text, meta: { card: 'title' } }),
  col.accessor('ownerName', { header: 'Owner Name', enableSorting: true, cell: cells.text }),
  col.accessor('email', { header: 'Email', enableSorting: true, cell: cells.email }),
  col.accessor('mobileNo', { header: 'Mobile No.', cell: cells.mobile, meta: { className: 'whitespace-nowrap' } }),
  col.accessor('type', {
    header: 'Type',
    enableSorting: true,
    meta: { card: 'status' },
    cell: statusCell<PartnerType>({ 5: [partnerTypeLabel[5], 'info'], 6: [partnerTypeLabel[6], 'warning'] }),
  }),
  col.accessor('address', { header: 'Address', cell: cells.address }),
  col.accessor('createdAt', { header: 'Created At', enableSorting: true, cell: cells.date, meta: { className: 'whitespace-nowrap' } }),
])

const typeFilter: ListFilter<PartnerType> = {
  label: 'Type',
  options: [
    { value: PARTNER_TYPE.HOSPITAL, label: partnerTypeLabel[5] },
    { value: PARTNER_TYPE.PET_SHOPS, label: partnerTypeLabel[6] },
  ],
}

/** /partners: the partner requests, searchable, sortable, filtered by type, exportable as CSV. */
export function PartnersPage() {
  return (
    <ListScreen
      name="Partners"
      route={route}
      query={partnersListQuery}
      columns={partnerColumns}
      filter={typeFilter}
      actions={(q) => <ExportCsvButton path="admin/partners/export" query={q} filename="partners.csv" />}
    />
  )
}
