import { getRouteApi } from '@tanstack/react-router'
import type { PlaceKind, PlaceListQuery } from '@contract'
import type { ListRoute } from '@/components/list'

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
  exportPath: string
  csvName: string
  /** The list route's search state. */
  listRoute: ListRoute<PlaceListQuery>
  /** The details route's id. */
  useDetailsId: () => string
}

const petShopsRoute = getRouteApi('/_signed-in/pet-shops/')
const petShopRoute = getRouteApi('/_signed-in/pet-shops/details/$id')
const hospitalsRoute = getRouteApi('/_signed-in/hospitals/')
const hospitalRoute = getRouteApi('/_signed-in/hospitals/details/$id')

export const PLACE_SCREENS: Record<PlaceKind, PlaceScreens> = {
  petShop: {
    title: 'Pet Shops',
    one: 'Pet shop',
    noun: 'pet shop',
    listPath: '/pet-shops',
    detailsPath: '/pet-shops/details/$id',
    exportPath: 'place/admin/pet-shops/export',
    csvName: 'pet-shops.csv',
    listRoute: petShopsRoute,
    useDetailsId: () => petShopRoute.useParams().id,
  },
  hospital: {
    title: 'Hospitals',
    one: 'Hospital',
    noun: 'hospital',
    listPath: '/hospitals',
    detailsPath: '/hospitals/details/$id',
    exportPath: 'place/admin/hospitals/export',
    csvName: 'hospitals.csv',
    listRoute: hospitalsRoute,
    useDetailsId: () => hospitalRoute.useParams().id,
  },
}
