import { http, type HttpHandler } from 'msw'
import { HttpResponse } from 'msw'
import {
  API_MSG,
  PLACE_STATUS,
  PLACES_MSG,
  ROLE,
  placeCreateBody,
  placeListItem,
  placeListQuery,
  placeStatusLabel,
  placeUpdateBody,
  type PlaceDetails,
  type PlaceKind,
} from '@contract'
import { api, authenticate, db, fail, ok, readBody, readId } from '../db'
import { csvAnswer, listAnswer, type ListRules } from '../list'
import { checkAddedImages, checkImageEdit } from '../images'
import { seedPlaces } from '../seed'
import { UPLOAD_URL } from './uploads'

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
    store = { petShop: seedPlaces('petShop').map(stored), hospital: seedPlaces('hospital').map(stored) }
    stores.set(db, store)
  }
  return store[kind]
}

/** The seed names its files by path; the server stores (and the contract accepts) full http(s) URLs. */
const storedUrl = (url: string) => (url.startsWith('/') ? new URL(url, UPLOAD_URL).href : url)
const stored = (p: PlaceDetails): PlaceDetails => ({ ...p, logo: p.logo && storedUrl(p.logo), images: p.images.map(storedUrl) })

let lastPlace = 0
/** A fresh uuid for a new place (the contract's id rule). */
const newPlaceId = () => `0f0e0d0c-0000-4000-8000-${String(++lastPlace).padStart(12, '0')}`

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
      return listAnswer(request, placeListQuery, placesDb(kind), rules, { message: msg.listed, map: toListItem })
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
      const id = readId(params)
      if (id instanceof Response) return id
      const place = placesDb(kind).find((p) => p._id === id)
      return place ? ok(msg.fetched, place) : fail('NOT_FOUND', msg.notFound)
    }),

    http.post(api(`/place/${singular}`), async ({ request }) => {
      const admin = authenticate(request)
      if (admin instanceof Response) return admin
      const body = await readBody(request, placeCreateBody(kind))
      if (body instanceof Response) return body
      const images = checkAddedImages(body.images, undefined, (faults) => {
        if (body.logo) faults.upload('logo', body.logo)
      })
      if (images instanceof Response) return images
      const now = new Date().toISOString()
      const place: PlaceDetails = {
        _id: newPlaceId(),
        name: body.name,
        description: body.description,
        discount_title: body.discount_title || null,
        discount_description: body.discount_description || null,
        address: body.address,
        latitude: body.latitude,
        longitude: body.longitude,
        logo: body.logo ?? null,
        images,
        status: PLACE_STATUS.ACTIVE,
        createdAt: now,
        updatedAt: now,
        version: 1,
      }
      placesDb(kind).unshift(place)
      return HttpResponse.json({ isSuccess: true, message: msg.created, data: place }, { status: 201 })
    }),

    http.put(api(`/place/${singular}/:id`), async ({ request, params }) => {
      const admin = authenticate(request)
      if (admin instanceof Response) return admin
      const id = readId(params)
      if (id instanceof Response) return id
      const body = await readBody(request, placeUpdateBody(kind))
      if (body instanceof Response) return body
      const place = placesDb(kind).find((p) => p._id === id)
      if (!place) return fail('NOT_FOUND', msg.notFound)
      const images = checkImageEdit(place, body, undefined, (faults) => {
        if (body.logo && body.logo !== place.logo) faults.upload('logo', body.logo)
      })
      if (images instanceof Response) return images
      Object.assign(place, {
        name: body.name,
        description: body.description,
        discount_title: body.discount_title || null,
        discount_description: body.discount_description || null,
        address: body.address,
        latitude: body.latitude,
        longitude: body.longitude,
        images,
        ...(body.logo !== undefined ? { logo: body.logo } : {}),
        updatedAt: new Date().toISOString(),
        version: place.version + 1,
      })
      return ok(msg.updated, place)
    }),

    // An empty body: the call flips the status (1 active <-> 2 deactive), leaving the version alone.
    http.patch(api(`/place/${singular}/:id`), ({ request, params }) => {
      const admin = authenticate(request)
      if (admin instanceof Response) return admin
      const id = readId(params)
      if (id instanceof Response) return id
      const place = placesDb(kind).find((p) => p._id === id)
      if (!place) return fail('NOT_FOUND', msg.notFound)
      place.status = place.status === PLACE_STATUS.ACTIVE ? PLACE_STATUS.DEACTIVE : PLACE_STATUS.ACTIVE
      place.updatedAt = new Date().toISOString()
      return ok(msg.statusUpdated, toListItem(place))
    }),

    http.delete(api(`/place/${singular}/:id`), ({ request, params }) => {
      const admin = authenticate(request)
      if (admin instanceof Response) return admin
      if (admin.role !== ROLE.ADMIN) return fail('FORBIDDEN', API_MSG.forbidden)
      const id = readId(params)
      if (id instanceof Response) return id
      const places = placesDb(kind)
      const index = places.findIndex((p) => p._id === id)
      if (index < 0) return fail('NOT_FOUND', msg.notFound)
      places.splice(index, 1)
      return ok(msg.deleted, null)
    }),
  ]
}

export const placesHandlers: HttpHandler[] = [...placeHandlers('petShop'), ...placeHandlers('hospital')]
