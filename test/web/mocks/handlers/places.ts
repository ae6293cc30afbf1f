import { http, type HttpHandler } from 'msw'
import {
  MSG,
  PLACE_STATUS,
  ROLE,
  placeListItem,
  placeListQuery,
  placeStatusLabel,
  type PlaceDetails,
  type PlaceKind,
} from '@contract'
import { api, authenticate, db, fail, ok } from '../db'
import { csvAnswer, listAnswer, type ListRules } from '../list'
import { seedPlaces } from '../seed'

/** What the mock API says, as the server does (server/routes/places.ts). */
export const PLACES_MSG = {
  petShop: {
    list: 'Pet shops fetched successfully',
    details: 'Pet shop fetched successfully',
    statusUpdated: 'Pet shop status updated successfully',
    deleted: MSG.shopDeleted,
    notFound: 'Pet shop not found',
  },
  hospital: {
    list: 'Hospitals fetched successfully',
    details: 'Hospital fetched successfully',
    statusUpdated: 'Hospital status updated successfully',
    deleted: MSG.hospitalDeleted,
    notFound: 'Hospital not found',
  },
} as const satisfies Record<PlaceKind, unknown>
export const FORBIDDEN_MSG = 'You do not have permission to do this'

const PATHS = {
  petShop: { plural: 'pet-shops', singular: 'pet-shop' },
  hospital: { plural: 'hospitals', singular: 'hospital' },
} as const

/**
 * This test's pet shops and hospitals, newest first: seeded afresh whenever the mock database is
 * (resetDb after each test), without adding to it.
 */
const stores = new WeakMap<object, Record<PlaceKind, PlaceDetails[]>>()
export function placesDb(kind: PlaceKind): PlaceDetails[] {
  let store = stores.get(db)
  if (!store) {
    store = { petShop: seedPlaces('petShop'), hospital: seedPlaces('hospital') }
    stores.set(db, store)
  }
  return store[kind]
}

const rules: ListRules<PlaceDetails> = {
  searchIn: (p) => [p.name, p.address],
  filter: (p, status: number) => p.status === status,
}
const toListItem = (p: PlaceDetails) => placeListItem.parse(p)

const placeHandlers = (kind: PlaceKind): HttpHandler[] => {
  const { plural, singular } = PATHS[kind]
  const msg = PLACES_MSG[kind]
  return [
    http.get(api(`/place/admin/${plural}`), ({ request }) => {
      const admin = authenticate(request)
      if (admin instanceof Response) return admin
      return listAnswer(request, placeListQuery, placesDb(kind), rules, { message: msg.list, map: toListItem })
    }),

    http.get(api(`/place/admin/${plural}/export`), ({ request }) => {
      const admin = authenticate(request)
      if (admin instanceof Response) return admin
      return csvAnswer(request, placeListQuery, placesDb(kind), rules, {
        stem: plural,
        columns: [
          ['Name', (p) => p.name],
          ['Address', (p) => p.address],
          ['Status', (p) => placeStatusLabel[p.status]],
          ['Created At', (p) => p.createdAt.slice(0, 10)],
        ],
      })
    }),

    http.get(api(`/place/admin/${singular}/:id`), ({ request, params }) => {
      const admin = authenticate(request)
      if (admin instanceof Response) return admin
      const place = placesDb(kind).find((p) => p._id === params.id)
      return place ? ok(msg.details, place) : fail('NOT_FOUND', msg.notFound)
    }),

    // An empty body: the call flips the status (1 active <-> 2 deactive).
    http.patch(api(`/place/${singular}/:id`), ({ request, params }) => {
      const admin = authenticate(request)
      if (admin instanceof Response) return admin
      const place = placesDb(kind).find((p) => p._id === params.id)
      if (!place) return fail('NOT_FOUND', msg.notFound)
      place.status = place.status === PLACE_STATUS.ACTIVE ? PLACE_STATUS.DEACTIVE : PLACE_STATUS.ACTIVE
      place.updatedAt = new Date().toISOString()
      return ok(msg.statusUpdated, toListItem(place))
    }),

    http.delete(api(`/place/${singular}/:id`), ({ request, params }) => {
      const admin = authenticate(request)
      if (admin instanceof Response) return admin
      if (admin.role !== ROLE.ADMIN) return fail('FORBIDDEN', FORBIDDEN_MSG)
      const places = placesDb(kind)
      const index = places.findIndex((p) => p._id === params.id)
      if (index < 0) return fail('NOT_FOUND', msg.notFound)
      places.splice(index, 1)
      return ok(msg.deleted, null)
    }),
  ]
}

export const placesHandlers: HttpHandler[] = [...placeHandlers('petShop'), ...placeHandlers('hospital')]
