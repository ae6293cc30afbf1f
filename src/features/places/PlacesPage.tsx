import { PLACE_STATUS, placeStatusLabel, type PlaceKind, type PlaceListItem, type PlaceStatus } from '@contract'
import { ListScreen, RowLink, cells, listColumns, statusCell, type ListBulk, type ListFilter } from '@/components/list'
import { Badge } from '@/components/ui/Badge'
import { placesListQuery } from './api'
import { PLACE_SCREENS } from './kinds'
import { AddPlaceLink, DeletePlaceButton, PlaceStatusSwitch } from './PlaceActions'

export const placeStatusCell = statusCell<PlaceStatus>({
  1: [placeStatusLabel[1], 'success'],
  2: [placeStatusLabel[2], 'danger'],
})

function PlaceActions({ kind, place }: { kind: PlaceKind; place: PlaceListItem }) {
  const { detailsPath, editPath } = PLACE_SCREENS[kind]
  return (
    <div className="flex items-center justify-end gap-2">
      <RowLink to={detailsPath} params={{ id: place._id }} aria-label={`View ${place.name}`} />
      <RowLink to={editPath} params={{ id: place._id }} aria-label={`Edit ${place.name}`} icon="edit" />
      <PlaceStatusSwitch kind={kind} place={place} />
      <DeletePlaceButton kind={kind} place={place} compact />
    </div>
  )
}

/** The product's pet shop and hospital columns: Name, Address, Status, Created At, Actions. */
function placeColumns(kind: PlaceKind) {
  const col = listColumns<PlaceListItem>()
  return col.columns([
    col.accessor('name', { header: 'Name', enableSorting: true, cell: cells.text, meta: { card: 'title' } }),
    col.accessor('address', { header: 'Address', enableSorting: true, cell: cells.address }),
    col.accessor('status', {
      header: 'Status',
      enableSorting: true,
      // A draft (made from a partner request) says so beside its Deactive.
      cell: (info) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          {placeStatusCell(info)}
          {info.row.original.draft && <Badge tone="warning">Draft</Badge>}
        </span>
      ),
      meta: { card: 'status' },
    }),
    col.accessor('createdAt', { header: 'Created At', enableSorting: true, cell: cells.date, meta: { className: 'whitespace-nowrap' } }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => <PlaceActions kind={kind} place={row.original} />,
      meta: { className: 'text-right', card: 'actions' },
    }),
  ])
}
// Built once per kind: stable columns.
const columnsOf = { petShop: placeColumns('petShop'), hospital: placeColumns('hospital') }

const statusFilter: ListFilter<PlaceStatus> = {
  label: 'Status',
  options: [
    { value: PLACE_STATUS.ACTIVE, label: placeStatusLabel[1] },
    { value: PLACE_STATUS.DEACTIVE, label: placeStatusLabel[2] },
  ],
}

/**
 * /pet-shops and /hospitals: the places of one kind, searchable (name and address), sortable,
 * filtered by status, exportable as CSV; view, status switch and delete (admins) per row.
 */
/** Each kind's bulk actions: activate, deactivate and (admins) delete. */
const bulkOf = Object.fromEntries(
  (['petShop', 'hospital'] as const).map((kind): [PlaceKind, ListBulk<PlaceListItem>] => {
    const screen = PLACE_SCREENS[kind]
    return [
      kind,
      {
        list: kind === 'petShop' ? 'petShops' : 'hospitals',
        noun: [screen.noun, `${screen.noun}s`],
        rowLabel: (place) => place.name,
      },
    ]
  }),
) as Record<PlaceKind, ListBulk<PlaceListItem>>

export function PlacesPage({ kind }: { kind: PlaceKind }) {
  const screen = PLACE_SCREENS[kind]
  return (
    <ListScreen
      name={screen.title}
      list={kind === 'petShop' ? 'petShops' : 'hospitals'}
      route={screen.listRoute}
      query={(q) => placesListQuery(kind, q)}
      columns={columnsOf[kind]}
      filter={statusFilter}
      bulk={bulkOf[kind]}
      csv={screen.csv}
      actions={<AddPlaceLink kind={kind} />}
    />
  )
}
