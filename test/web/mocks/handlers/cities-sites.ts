import type { HttpHandler } from 'msw'
import {
  CITY_MSG,
  PLACE_STATUS,
  SITE_MSG,
  TRASH_MSG,
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
  type SiteCreateBody,
} from '@contract'
import { created, db, fail, ok, route } from '../db'
import { checkAddedImages, checkImageEdit } from '../images'
import { listAnswer, type ListRules } from '../list'
import type { MockCity, MockSite } from '../seed'
import { moveToTrash } from './trash'

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

let made = 0
/** A fresh uuid for a new city or site (the contract's id rule). */
const newId = () => `5c6d7e8f-0000-4000-8000-${String(++made).padStart(12, '0')}`
const now = () => new Date().toISOString()

const cityRules: ListRules<City> = { searchIn: (c) => [c.name] }
export const siteRules: ListRules<MockSite> = {
  searchIn: (s) => [s.name, s.address],
  filter: (s, status: number) => s.status === status,
}

/** A site's fields as the add and edit forms send them. */
const siteFields = (b: Omit<SiteCreateBody, 'cityId' | 'images'>) => ({
  name: b.name,
  description: b.description,
  address: b.address,
  latitude: b.latitude,
  longitude: b.longitude,
})

export const citiesSitesHandlers: HttpHandler[] = [
  // Cities. The list is registered before /admin/city/:id, so that "list" is never read as an id.
  route('get', '/admin/city/list', { permission: 'read', query: cityListQuery }, ({ query }) =>
    listAnswer(query, db.cities.map(cityOf), cityRules, { message: CITY_MSG.listed }),
  ),

  route('post', '/admin/city', { permission: 'city.write', body: cityBody }, ({ body }) => {
    if (nameTaken(body.name)) return fail('CONFLICT', CITY_MSG.duplicate)
    const added: MockCity = { _id: newId(), name: body.name, createdAt: now(), updatedAt: now() }
    db.cities.unshift(added)
    return created(CITY_MSG.created, cityOf(added))
  }),

  route('get', '/admin/city/:id', { permission: 'read', params: idParam }, ({ params }) => {
    const found = db.cities.find((c) => c._id === params.id)
    return found ? ok(CITY_MSG.fetched, cityOf(found)) : fail('NOT_FOUND', CITY_MSG.notFound)
  }),

  route('put', '/admin/city/:id', { permission: 'city.write', params: idParam, body: cityBody }, ({ params, body }) => {
    const found = db.cities.find((c) => c._id === params.id)
    if (!found) return fail('NOT_FOUND', CITY_MSG.notFound)
    if (nameTaken(body.name, found._id)) return fail('CONFLICT', CITY_MSG.duplicate)
    Object.assign(found, { name: body.name, updatedAt: now() })
    return ok(CITY_MSG.updated, cityOf(found))
  }),

  // To the trash (handlers/trash.ts); its trashed sites do not hold it back. A restore is refused
  // while another city has its name.
  route('delete', '/admin/city/:id', { permission: 'city.delete', params: idParam }, ({ params, admin }) => {
    const index = db.cities.findIndex((c) => c._id === params.id)
    if (index < 0) return fail('NOT_FOUND', CITY_MSG.notFound)
    if (db.sites.some((s) => s.cityId === params.id)) return fail('CONFLICT', CITY_MSG.hasSites)
    const { name } = db.cities[index]!
    moveToTrash(admin, 'city', () => db.cities, index, name, () => (nameTaken(name, params.id) ? TRASH_MSG.cityNameTaken : null))
    return ok(CITY_MSG.deleted)
  }),

  // Sites. An unknown city simply has no sites: an empty page.
  route('get', '/admin/site/list', { permission: 'read', query: siteListQuery }, ({ query }) => {
    const rows = query.cityId === undefined ? db.sites : db.sites.filter((s) => s.cityId === query.cityId)
    return listAnswer(query, rows, siteRules, { message: SITE_MSG.listed, map: (s) => siteListItem.parse(s) })
  }),

  route('get', '/admin/site/:id', { permission: 'read', params: idParam }, ({ params }) => {
    const found = db.sites.find((s) => s._id === params.id)
    return found ? ok(SITE_MSG.fetched, siteOf(found)) : fail('NOT_FOUND', SITE_MSG.notFound)
  }),

  route('post', '/admin/site', { permission: 'site.write', body: siteCreateBody }, ({ body }) => {
    const images = checkAddedImages(body.images, 'site')
    if (images instanceof Response) return images
    if (!db.cities.some((c) => c._id === body.cityId)) return fail('NOT_FOUND', CITY_MSG.notFound)
    const added: MockSite = {
      _id: newId(),
      cityId: body.cityId,
      ...siteFields(body),
      images,
      status: PLACE_STATUS.ACTIVE,
      createdAt: now(),
      updatedAt: now(),
      version: 1,
    }
    db.sites.unshift(added)
    return created(SITE_MSG.created, siteOf(added))
  }),

  route('put', '/admin/site/:id', { permission: 'site.write', params: idParam, body: siteUpdateBody }, ({ params, body }) => {
    const found = db.sites.find((s) => s._id === params.id)
    if (!found) return fail('NOT_FOUND', SITE_MSG.notFound)
    const images = checkImageEdit(found, body, 'site')
    if (images instanceof Response) return images
    Object.assign(found, { ...siteFields(body), images, updatedAt: now(), version: found.version + 1 })
    return ok(SITE_MSG.updated, siteOf(found))
  }),

  // An empty body: the call flips the status (1 active <-> 2 inactive), leaving the version alone.
  route('patch', '/admin/site/status/:id', { permission: 'site.status', params: idParam }, ({ params }) => {
    const found = db.sites.find((s) => s._id === params.id)
    if (!found) return fail('NOT_FOUND', SITE_MSG.notFound)
    found.status = found.status === PLACE_STATUS.ACTIVE ? PLACE_STATUS.DEACTIVE : PLACE_STATUS.ACTIVE
    found.updatedAt = now()
    return ok(SITE_MSG.statusUpdated, siteListItem.parse(found))
  }),

  // To the trash; a restore is refused while its city is gone.
  route('delete', '/admin/site/:id', { permission: 'site.delete', params: idParam }, ({ params, admin }) => {
    const index = db.sites.findIndex((s) => s._id === params.id)
    if (index < 0) return fail('NOT_FOUND', SITE_MSG.notFound)
    const { name, cityId } = db.sites[index]!
    moveToTrash(admin, 'site', () => db.sites, index, name, () => (db.cities.some((c) => c._id === cityId) ? null : TRASH_MSG.siteCityGone))
    return ok(SITE_MSG.deleted)
  }),
]
