import { getRouteApi } from '@tanstack/react-router'
import type { PlaceKind, PlaceListQuery } from '@contract'
import type { ListCsv, ListRoute } from '@/components/list'

/** The words and routes of each kind of place; the screens are one implementation over them. */
export type PlaceScreens = {
  /** The list's heading, table name ('No Pet Shops Found !!!') and the breadcrumb back to it. */
  title: string
  /** One of them, capitalised: 'Pet shop', 'Hospital'. */
  one: string
  /** One of them inside a sentence: 'pet shop', 'hospital'. */
  noun: string
  listPath: '/pet-shops' | '/hospitals'
  detailsPath: '/pet-shops/details/$id' | '/hospitals/details/$id'
  addPath: '/pet-shops/add' | '/hospitals/add'
  editPath: '/pet-shops/edit/$id' | '/hospitals/edit/$id'
  /** The add screen's heading, the list's add button and the add trail's end: 'Add Pet Shop'. */
  addTitle: string
  /** The edit screen's heading: 'Edit Pet Shop'. */
  editTitle: string
  /** The list's CSV export. */
  csv: ListCsv
  /** The list route's search state. */
  listRoute: ListRoute<PlaceListQuery>
  /** The details route's id. */
  useDetailsId: () => string
  /** The edit route's id. */
  useEditId: () => string
}

const petShopsRoute = getRouteApi('/_signed-in/pet-shops/')
const petShopRoute = getRouteApi('/_signed-in/pet-shops/details/$id')
const hospitalsRoute = getRouteApi('/_signed-in/hospitals/')
const hospitalRoute = getRouteApi('/_signed-in/hospitals/details/$id')
const petShopEditRoute = getRouteApi('/_signed-in/pet-shops/edit/$id')
const hospitalEditRoute = getRouteApi('/_signed-in/hospitals/edit/$id')

export const PLACE_SCREENS: Record<PlaceKind, PlaceScreens> = {
  petShop: {
    title: 'Pet Shops',
    one: 'Pet shop',
    noun: 'pet shop',
    listPath: '/pet-shops',
    detailsPath: '/pet-shops/details/$id',
    addPath: '/pet-shops/add',
    editPath: '/pet-shops/edit/$id',
    addTitle: 'Add Pet Shop',
    editTitle: 'Edit Pet Shop',
    csv: { path: 'place/admin/pet-shops/export', filename: 'pet-shops.csv' },
    listRoute: petShopsRoute,
    useDetailsId: () => petShopRoute.useParams().id,
    useEditId: () => petShopEditRoute.useParams().id,
  },
  hospital: {
    title: 'Hospitals',
    one: 'Hospital',
    noun: 'hospital',
    listPath: '/hospitals',
    detailsPath: '/hospitals/details/$id',
    addPath: '/hospitals/add',
    editPath: '/hospitals/edit/$id',
    addTitle: 'Add Hospital',
    editTitle: 'Edit Hospital',
    csv: { path: 'place/admin/hospitals/export', filename: 'hospitals.csv' },
    listRoute: hospitalsRoute,
    useDetailsId: () => hospitalRoute.useParams().id,
    useEditId: () => hospitalEditRoute.useParams().id,
  },
}
