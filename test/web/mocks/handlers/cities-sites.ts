import { HttpResponse, http, type HttpHandler } from 'msw'
import {
  API_MSG,
  CITY_MSG,
  PLACE_STATUS,
  ROLE,
  SITE_MSG,
  city,
  cityBody,
  cityListQuery,
  idParam,
  siteCreateBody,
  siteDetails,
  siteListItem,
  siteListQuery,
  siteUpdateBody,
  type City,
  type SiteDetails,
} from '@contract'
import { api, authenticate, db, fail, ok, readBody } from '../db'
import { checkAddedImages, checkImageEdit } from '../images'
import { listAnswer, readQuery, type ListRules } from '../list'
import type { MockCity, MockSite } from '../seed'

/**
 * Cities and sites as the server answers them (server/routes/cities.ts, sites.ts): list
 * envelopes, a 409 for a name another city has (whatever its case and surrounding spaces) and for
 * deleting a city that still has sites, 403 for a sub admin's delete, 404 for an unknown id, and
 * the status toggle (an empty PATCH flips 1 <-> 2). Backed by `db.cities` and `db.sites`.
 */

/** The city as the wire has it: its site count counted now. */
const cityOf = (c: MockCity): City => city.parse({ ...c, siteCount: db.sites.filter((s) => s.cityId === c._id).length })
const siteOf = (s: MockSite): SiteDetails =>
  siteDetails.parse({ ...s, cityName: db.cities.find((c) => c._id === s.cityId)?.name ?? '' })

/** The unique key of a city's name: the server's index ignores case and surrounding spaces. */
const nameKey = (name: string) => name.trim().toLowerCase()
const nameTaken = (name: string, except?: string) => db.cities.some((c) => c._id !== except && nameKey(c.name) === nameKey(name))

/** A path id as the server reads it: not a UUID is a 400, as its `validate('param', idParam)` says. */
function readId(params: Record<string, unknown>): string | Response {
  const parsed = idParam.safeParse(params)
  return parsed.success ? parsed.data.id : fail('BAD_REQUEST', parsed.error.issues[0]?.message ?? API_MSG.invalidId, { id: API_MSG.invalidId })
}

let made = 0
/** A fresh uuid for a new city or site (the contract's id rule). */
const newId = () => `5c6d7e8f-0000-4000-8000-${String(++made).padStart(12, '0')}`
const now = () => new Date().toISOString()

const cityRules: ListRules<City> = { searchIn: (c) => [c.name] }
const siteRules: ListRules<MockSite> = {
  searchIn: (s) => [s.name, s.address],
  filter: (s, status: number) => s.status === status,
}

export const citiesSitesHandlers: HttpHandler[] = [
  // Cities. The list is registered before /admin/city/:id, so that "list" is never read as an id.
  http.get(api('/admin/city/list'), ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    return listAnswer(request, cityListQuery, db.cities.map(cityOf), cityRules, { message: CITY_MSG.listed })
  }),

  http.post(api('/admin/city'), async ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const body = await readBody(request, cityBody)
    if (body instanceof Response) return body
    if (nameTaken(body.name)) return fail('CONFLICT', CITY_MSG.duplicate)
    const at = now()
    const created: MockCity = { _id: newId(), name: body.name, createdAt: at, updatedAt: at }
    db.cities.unshift(created)
    return HttpResponse.json({ isSuccess: true, message: CITY_MSG.created, data: cityOf(created) }, { status: 201 })
  }),

  http.get(api('/admin/city/:id'), ({ request, params }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const id = readId(params)
    if (id instanceof Response) return id
    const found = db.cities.find((c) => c._id === id)
    return found ? ok(CITY_MSG.fetched, cityOf(found)) : fail('NOT_FOUND', CITY_MSG.notFound)
  }),

  http.put(api('/admin/city/:id'), async ({ request, params }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const id = readId(params)
    if (id instanceof Response) return id
    const body = await readBody(request, cityBody)
    if (body instanceof Response) return body
    if (nameTaken(body.name, id)) return fail('CONFLICT', CITY_MSG.duplicate)
    const found = db.cities.find((c) => c._id === id)
    if (!found) return fail('NOT_FOUND', CITY_MSG.notFound)
    Object.assign(found, { name: body.name, updatedAt: now() })
    return ok(CITY_MSG.updated, cityOf(found))
  }),

  http.delete(api('/admin/city/:id'), ({ request, params }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    if (admin.role !== ROLE.ADMIN) return fail('FORBIDDEN', API_MSG.forbidden)
    const id = readId(params)
    if (id instanceof Response) return id
    const index = db.cities.findIndex((c) => c._id === id)
    if (index < 0) return fail('NOT_FOUND', CITY_MSG.notFound)
    if (db.sites.some((s) => s.cityId === id)) return fail('CONFLICT', CITY_MSG.hasSites)
    db.cities.splice(index, 1)
    return ok(CITY_MSG.deleted, null)
  }),

  // Sites. An unknown city simply has no sites: an empty page.
  http.get(api('/admin/site/list'), ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const query = readQuery(request, siteListQuery)
    if (query instanceof Response) return query
    const rows = query.cityId === undefined ? db.sites : db.sites.filter((s) => s.cityId === query.cityId)
    return listAnswer(request, siteListQuery, rows, siteRules, { message: SITE_MSG.listed, map: (s) => siteListItem.parse(s) })
  }),

  http.get(api('/admin/site/:id'), ({ request, params }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const id = readId(params)
    if (id instanceof Response) return id
    const found = db.sites.find((s) => s._id === id)
    return found ? ok(SITE_MSG.fetched, siteOf(found)) : fail('NOT_FOUND', SITE_MSG.notFound)
  }),

  http.post(api('/admin/site'), async ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const body = await readBody(request, siteCreateBody)
    if (body instanceof Response) return body
    const images = checkAddedImages(body.images, 'site')
    if (images instanceof Response) return images
    if (!db.cities.some((c) => c._id === body.cityId)) return fail('NOT_FOUND', CITY_MSG.notFound)
    const at = now()
    const created: MockSite = {
      _id: newId(),
      cityId: body.cityId,
      name: body.name,
      description: body.description,
      address: body.address,
      latitude: body.latitude,
      longitude: body.longitude,
      images,
      status: PLACE_STATUS.ACTIVE,
      createdAt: at,
      updatedAt: at,
      version: 1,
    }
    db.sites.unshift(created)
    return HttpResponse.json({ isSuccess: true, message: SITE_MSG.created, data: siteOf(created) }, { status: 201 })
  }),

  http.put(api('/admin/site/:id'), async ({ request, params }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const id = readId(params)
    if (id instanceof Response) return id
    const body = await readBody(request, siteUpdateBody)
    if (body instanceof Response) return body
    const found = db.sites.find((s) => s._id === id)
    if (!found) return fail('NOT_FOUND', SITE_MSG.notFound)
    const images = checkImageEdit(found, body, 'site')
    if (images instanceof Response) return images
    Object.assign(found, {
      name: body.name,
      description: body.description,
      address: body.address,
      latitude: body.latitude,
      longitude: body.longitude,
      images,
      updatedAt: now(),
      version: found.version + 1,
    })
    return ok(SITE_MSG.updated, siteOf(found))
  }),

  // An empty body: the call flips the status (1 active <-> 2 inactive), leaving the version alone.
  http.patch(api('/admin/site/status/:id'), ({ request, params }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const id = readId(params)
    if (id instanceof Response) return id
    const found = db.sites.find((s) => s._id === id)
    if (!found) return fail('NOT_FOUND', SITE_MSG.notFound)
    found.status = found.status === PLACE_STATUS.ACTIVE ? PLACE_STATUS.DEACTIVE : PLACE_STATUS.ACTIVE
    found.updatedAt = now()
    return ok(SITE_MSG.statusUpdated, siteListItem.parse(found))
  }),

  http.delete(api('/admin/site/:id'), ({ request, params }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    if (admin.role !== ROLE.ADMIN) return fail('FORBIDDEN', API_MSG.forbidden)
    const id = readId(params)
    if (id instanceof Response) return id
    const index = db.sites.findIndex((s) => s._id === id)
    if (index < 0) return fail('NOT_FOUND', SITE_MSG.notFound)
    db.sites.splice(index, 1)
    return ok(SITE_MSG.deleted, null)
  }),
]
