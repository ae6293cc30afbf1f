import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { PLACE_STATUS, type PlaceStatus, type SiteListItem } from '@contract'
import { Breadcrumbs } from '@/components/layout/Breadcrumbs'
import { useRecordTitle } from '@/components/layout/PageTitle'
import { ListScreen, RowLink, cells, listColumns, statusCell, type ListBulk, type ListFilter } from '@/components/list'
import { cityDetailsQuery, sitesListQuery } from './api'
import { CONTENT_CRUMB, siteStatusLabel } from './content'
import { AddSiteLink, DeleteSiteButton, SiteStatusSwitch } from './SiteActions'

const route = getRouteApi('/_signed-in/cities/$cityId')

function SiteRowActions({ site }: { site: SiteListItem }) {
  return (
    <div className="flex items-center justify-end gap-2">
      <RowLink to="/sites/site-details/$siteId" params={{ siteId: site._id }} aria-label={`View ${site.name}`} />
      <RowLink to="/sites/site" search={{ siteId: site._id }} aria-label={`Edit ${site.name}`} icon="edit" />
      <SiteStatusSwitch site={site} />
      <DeleteSiteButton site={site} compact />
    </div>
  )
}

const siteStatusCell = statusCell<PlaceStatus>({
  1: [siteStatusLabel[1], 'success'],
  2: [siteStatusLabel[2], 'danger'],
})

const col = listColumns<SiteListItem>()
/** As the pet shops and hospitals lists: Name, Address, Status, Created At, Actions. */
const siteColumns = col.columns([
  col.accessor('name', { header: 'Name', enableSorting: true, cell: cells.text, meta: { card: 'title' } }),
  col.accessor('address', { header: 'Address', enableSorting: true, cell: cells.address }),
  col.accessor('status', { header: 'Status', enableSorting: true, cell: siteStatusCell, meta: { card: 'status' } }),
  col.accessor('createdAt', { header: 'Created At', enableSorting: true, cell: cells.date, meta: { className: 'whitespace-nowrap' } }),
  col.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <SiteRowActions site={row.original} />, meta: { className: 'text-right', card: 'actions' } }),
])

const statusFilter: ListFilter<PlaceStatus> = {
  label: 'Status',
  options: [
    { value: PLACE_STATUS.ACTIVE, label: siteStatusLabel[1] },
    { value: PLACE_STATUS.DEACTIVE, label: siteStatusLabel[2] },
  ],
}

/**
 * /cities/:cityId: the city's name as the heading (trail Content > city) and its sites, searchable
 * (name and address), sortable and filtered by status; view, edit, the status switch and Delete
 * (admins) per row; 'Add Site' adds one to this city.
 */
/** A city's sites in bulk: activate, deactivate and (admins) delete, "all matching" within the city. */
const siteBulk = (cityId: string): ListBulk<SiteListItem> => ({
  list: 'sites',
  noun: ['site', 'sites'],
  rowLabel: (site) => site.name,
  scope: { cityId },
})

export function CityPage() {
  const { cityId } = route.useParams()
  const { data: city } = useSuspenseQuery(cityDetailsQuery(cityId))
  useRecordTitle(city.name)
  return (
    <>
      <Breadcrumbs items={[CONTENT_CRUMB, { name: city.name, path: '' }]} />
      <div className="flex flex-col gap-1">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">City</p>
        <h1 className="text-xl font-semibold text-slate-900">{city.name}</h1>
        <p className="text-sm text-slate-600">{city.siteCount === 1 ? '1 site' : `${city.siteCount} sites`}</p>
      </div>
      <ListScreen
        name="Sites"
        heading={false}
        route={route}
        query={(q) => sitesListQuery({ ...q, cityId })}
        columns={siteColumns}
        filter={statusFilter}
        bulk={siteBulk(cityId)}
        actions={<AddSiteLink cityId={cityId} />}
      />
    </>
  )
}
