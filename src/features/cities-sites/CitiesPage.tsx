import { Link, getRouteApi } from '@tanstack/react-router'
import type { City } from '@contract'
import { ListScreen, RowLink, cells, listColumns } from '@/components/list'
import { citiesListQuery } from './api'
import { AddCityButton, DeleteCityButton, EditCityButton } from './CityActions'

const route = getRouteApi('/_signed-in/content-management')

function CityRowActions({ city }: { city: City }) {
  return (
    <div className="flex items-center justify-end gap-2">
      <RowLink to="/cities/$cityId" params={{ cityId: city._id }} aria-label={`View ${city.name}`} title="View sites" />
      <EditCityButton city={city} />
      <DeleteCityButton city={city} />
    </div>
  )
}

const col = listColumns<City>()
/** Name (a link to the city's sites), Sites (how many), Created At, Actions. */
const cityColumns = col.columns([
  col.accessor('name', {
    header: 'Name',
    enableSorting: true,
    meta: { card: 'title' },
    cell: ({ row }) => (
      <Link
        to="/cities/$cityId"
        params={{ cityId: row.original._id }}
        preload="intent"
        className="font-medium text-primary-700 underline-offset-2 hover:underline"
      >
        {row.original.name}
      </Link>
    ),
  }),
  col.accessor('siteCount', { header: 'Sites', enableSorting: true, cell: cells.text, meta: { className: 'tabular-nums' } }),
  col.accessor('createdAt', { header: 'Created At', enableSorting: true, cell: cells.date, meta: { className: 'whitespace-nowrap' } }),
  col.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <CityRowActions city={row.original} />, meta: { className: 'text-right', card: 'actions' } }),
])

/**
 * /content-management: the cities, searchable by name and sortable; 'Add City' and each row's
 * Edit open the name dialog; Delete (admins) asks first. A city's name opens its sites.
 */
export function CitiesPage() {
  return <ListScreen name="Cities" list="cities" route={route} query={citiesListQuery} columns={cityColumns} actions={<AddCityButton />} />
}
