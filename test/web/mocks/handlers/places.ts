import type { HttpHandler } from 'msw'
import {
  MSG,
  PLACE_STATUS,
  PLACES_MSG,
  idParam,
  placeCreateBody,
  placeListItem,
  placeListQuery,
  placeStatusLabel,
  placeUpdateBody,
  type PlaceCreateBody,
  type PlaceDetails,
  type PlaceKind,
} from '@contract'
import { created, fail, ok, route, storeOf } from '../db'
import { csvAnswer, exportRoutes, listAnswer, type ListRules } from '../list'
import { checkAddedImages, checkImageEdit } from '../images'
import { seedPlaces } from '../seed'
import { moveToTrash } from './trash'

const PATHS = {
  petShop: { plural: 'pet-shops', singular: 'pet-shop' },
  hospital: { plural: 'hospitals', singular: 'hospital' },
} as const

/**
 * This test's pet shops and hospitals, newest first: seeded afresh whenever the mock database is
 * (resetDb after each test), without adding to it.
 */
// The seed names its files by their /uploads/ paths, as the server stores them.
const placeStores = storeOf(() => ({ petShop: seedPlaces('petShop'), hospital: seedPlaces('hospital') }))
export const placesDb = (kind: PlaceKind): PlaceDetails[] => placeStores()[kind]

let lastPlace = 0
/** A fresh uuid for a new place (the contract's id rule). */
const newPlaceId = () => `0f0e0d0c-0000-4000-8000-${String(++lastPlace).padStart(12, '0')}`

export const placeRules: ListRules<PlaceDetails> = {
  searchIn: (p) => [p.name, p.address],
  filter: (p, status: number) => p.status === status,
}
const toListItem = (p: PlaceDetails) => placeListItem.parse(p)

/** The text fields of an add or edit, as stored (an empty discount is none). */
const textFields = (b: Omit<PlaceCreateBody, 'images' | 'logo'>) => ({
  name: b.name,
  description: b.description,
  discount_title: b.discount_title || null,
  discount_description: b.discount_description || null,
  address: b.address,
  latitude: b.latitude,
  longitude: b.longitude,
})
const now = () => new Date().toISOString()

const placeHandlers = (kind: PlaceKind): HttpHandler[] => {
  const { plural, singular } = PATHS[kind]
  const msg = PLACES_MSG[kind]
  const find = (id: string) => placesDb(kind).find((p) => p._id === id)
  return [
    route('get', `/place/admin/${plural}`, { permission: 'read', query: placeListQuery }, ({ query }) =>
      listAnswer(query, placesDb(kind), placeRules, { message: msg.listed, map: toListItem }),
    ),

    ...exportRoutes(`/place/admin/${plural}/export`, { permission: 'read', query: placeListQuery }, (query, chosen) =>
      csvAnswer(query, placesDb(kind).filter((p) => chosen(p._id)), placeRules, {
        stem: plural,
        columns: [
          ['Name', (p) => p.name],
          ['Address', (p) => p.address],
          ['Status', (p) => placeStatusLabel[p.status]],
          ['Created At', (p) => p.createdAt.slice(0, 10)],
        ],
      }),
    ),

    route('get', `/place/admin/${singular}/:id`, { permission: 'read', params: idParam }, ({ params }) => {
      const place = find(params.id)
      return place ? ok(msg.fetched, place) : fail('NOT_FOUND', msg.notFound)
    }),

    route('post', `/place/${singular}`, { permission: 'place.write', body: placeCreateBody(kind) }, ({ body }) => {
      const images = checkAddedImages(body.images, undefined, (faults) => {
        if (body.logo) faults.upload('logo', body.logo)
      })
      if (images instanceof Response) return images
      const place: PlaceDetails = {
        _id: newPlaceId(),
        ...textFields(body),
        logo: body.logo ?? null,
        images,
        status: PLACE_STATUS.ACTIVE,
        draft: false,
        createdAt: now(),
        updatedAt: now(),
        partnerId: null,
        owner: null,
        version: 1,
      }
      placesDb(kind).unshift(place)
      return created(msg.created, place)
    }),

    route('put', `/place/${singular}/:id`, { permission: 'place.write', params: idParam, body: placeUpdateBody(kind) }, ({ params, body }) => {
      const place = find(params.id)
      if (!place) return fail('NOT_FOUND', msg.notFound)
      const images = checkImageEdit(place, body, undefined, (faults) => {
        if (body.logo && body.logo !== place.logo) faults.upload('logo', body.logo)
      })
      if (images instanceof Response) return images
      if (place.draft && body.latitude === 0 && body.longitude === 0) {
        return fail('BAD_REQUEST', MSG.latitude, { latitude: MSG.latitude, longitude: MSG.longitude })
      }
      Object.assign(place, {
        ...textFields(body),
        images,
        ...(body.logo !== undefined ? { logo: body.logo } : {}),
        updatedAt: now(),
        version: place.version + 1,
        draft: false,
      })
      return ok(msg.updated, place)
    }),

    // An empty body: the call flips the status (1 active <-> 2 deactive), leaving the version alone.
    route('patch', `/place/${singular}/:id`, { permission: 'place.status', params: idParam }, ({ params }) => {
      const place = find(params.id)
      if (!place) return fail('NOT_FOUND', msg.notFound)
      // Made active only with what the create form requires (server/db/queries/place-activation.ts).
      if (place.status !== PLACE_STATUS.ACTIVE && place.draft) return fail('CONFLICT', msg.draftInactive)
      if (place.status !== PLACE_STATUS.ACTIVE && place.images.length === 0) return fail('CONFLICT', msg.noImageInactive)
      place.status = place.status === PLACE_STATUS.ACTIVE ? PLACE_STATUS.DEACTIVE : PLACE_STATUS.ACTIVE
      place.updatedAt = now()
      return ok(msg.statusUpdated, toListItem(place))
    }),

    route('delete', `/place/${singular}/:id`, { permission: 'place.delete', params: idParam }, ({ params, admin }) => {
      const places = placesDb(kind)
      const index = places.findIndex((p) => p._id === params.id)
      if (index < 0) return fail('NOT_FOUND', msg.notFound)
      moveToTrash(admin, kind, () => placesDb(kind), index, places[index]!.name)
      return ok(msg.deleted)
    }),
  ]
}

export const placesHandlers: HttpHandler[] = [...placeHandlers('petShop'), ...placeHandlers('hospital')]
