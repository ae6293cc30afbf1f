import { and, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  idParam,
  MSG,
  placeListQuery,
  placeStatusLabel,
  type PlaceDetails,
  type PlaceKind,
  type PlaceListItem,
  type PlaceListQuery,
  type PlaceStatus,
} from '../../contract'
import type { Db } from '../db/client'
import { like, listBatches, listPage, type ListSource, type PageQuery } from '../db/list'
import { lowerOf, places, placeSearchText } from '../db/schema'
import type { Deps } from '../deps'
import { notFound } from '../http/api-error'
import { requireAuth, requireRole } from '../http/auth'
import { csvLines, csvResponse, isoDay, type CsvValue } from '../http/csv'
import type { AppEnv } from '../http/env'
import { listOk, ok } from '../http/respond'
import { validate } from '../http/validate'

/** Pet shops and hospitals: one implementation, its paths and words chosen by kind. */
export const PLACE_KIND = {
  petShop: {
    plural: 'pet-shops',
    singular: 'pet-shop',
    msg: {
      listed: 'Pet shops fetched successfully',
      fetched: 'Pet shop fetched successfully',
      statusUpdated: 'Pet shop status updated successfully',
      deleted: MSG.shopDeleted,
      notFound: 'Pet shop not found',
    },
  },
  hospital: {
    plural: 'hospitals',
    singular: 'hospital',
    msg: {
      listed: 'Hospitals fetched successfully',
      fetched: 'Hospital fetched successfully',
      statusUpdated: 'Hospital status updated successfully',
      deleted: MSG.hospitalDeleted,
      notFound: 'Hospital not found',
    },
  },
} as const satisfies Record<PlaceKind, unknown>

type PlaceSort = NonNullable<PlaceListQuery['sortBy']>

export const placeListSource = (kind: PlaceKind): ListSource<PlaceSort, PlaceStatus> => ({
  table: places,
  id: places.id,
  createdAt: places.createdAt,
  scope: eq(places.kind, kind),
  sortBy: {
    name: { expr: lowerOf(places.name), type: 'text' },
    address: { expr: lowerOf(places.address), type: 'text' },
    status: { expr: places.status, type: 'smallint' },
    createdAt: { expr: places.createdAt, type: 'timestamptz' },
  },
  search: (pattern) => like(placeSearchText(places), pattern),
  filter: (status) => eq(places.status, status),
})

const placeColumns = {
  id: places.id,
  name: places.name,
  address: places.address,
  status: places.status,
  createdAt: places.createdAt,
}
type PlaceRow = Pick<typeof places.$inferSelect, keyof typeof placeColumns>

const toPlaceListItem = (p: PlaceRow): PlaceListItem => ({
  _id: p.id,
  name: p.name,
  address: p.address,
  status: p.status,
  createdAt: p.createdAt.toISOString(),
})

const toPlaceDetails = (p: typeof places.$inferSelect): PlaceDetails => ({
  ...toPlaceListItem(p),
  description: p.description,
  discount_title: p.discountTitle,
  discount_description: p.discountDescription,
  latitude: p.latitude,
  longitude: p.longitude,
  logo: p.logo,
  images: p.images,
  updatedAt: p.updatedAt.toISOString(),
})

const placeRows = (db: Db) => (p: PageQuery) =>
  db
    .select({ ...placeColumns, sortKey: p.sortKey })
    .from(places)
    .where(p.where)
    .orderBy(...p.orderBy)
    .limit(p.limit)
    .offset(p.offset)

export const PLACES_CSV_HEADER = ['Name', 'Address', 'Status', 'Created At'] as const
const placeCsvLine = (p: PlaceRow): CsvValue[] => [p.name, p.address, placeStatusLabel[p.status], isoDay(p.createdAt)]

const ofKind = (kind: PlaceKind, id: string) => and(eq(places.id, id), eq(places.kind, kind))

/** List, CSV, details, status toggle and delete of one kind of place. */
const placeRoutes = (deps: Deps, kind: PlaceKind) => {
  const { plural, singular, msg } = PLACE_KIND[kind]
  const source = placeListSource(kind)
  return (
    new Hono<AppEnv>()
      .get(`/place/admin/${plural}`, requireAuth, validate('query', placeListQuery), async (c) => {
        const q = c.req.valid('query')
        const page = await listPage(deps.db, source, q, placeRows(deps.db))
        return c.json(listOk(msg.listed, { rows: page.rows.map(toPlaceListItem), total: page.total }, q))
      })

      .get(`/place/admin/${plural}/export`, requireAuth, validate('query', placeListQuery), async (c) => {
        const batches = listBatches(source, c.req.valid('query'), placeRows(deps.db))
        return csvResponse(c, plural, deps.clock.now(), PLACES_CSV_HEADER, csvLines(batches, placeCsvLine))
      })

      .get(`/place/admin/${singular}/:id`, requireAuth, validate('param', idParam), async (c) => {
        const [place] = await deps.db.select().from(places).where(ofKind(kind, c.req.valid('param').id))
        if (!place) throw notFound(msg.notFound)
        return c.json(ok(msg.fetched, toPlaceDetails(place)))
      })

      // The SPA sends an empty body: the call flips the status (1 active <-> 2 deactive).
      .patch(`/place/${singular}/:id`, requireAuth, validate('param', idParam), async (c) => {
        const [updated] = await deps.db
          .update(places)
          .set({ status: sql`3 - ${places.status}`, updatedAt: deps.clock.now() })
          .where(ofKind(kind, c.req.valid('param').id))
          .returning(placeColumns)
        if (!updated) throw notFound(msg.notFound)
        return c.json(ok(msg.statusUpdated, toPlaceListItem(updated)))
      })

      .delete(`/place/${singular}/:id`, requireRole('admin'), validate('param', idParam), async (c) => {
        const deleted = await deps.db
          .delete(places)
          .where(ofKind(kind, c.req.valid('param').id))
          .returning({ id: places.id })
        if (deleted.length === 0) throw notFound(msg.notFound)
        return c.json(ok(msg.deleted, null))
      })
  )
}

export const placesRoutes = (deps: Deps) =>
  new Hono<AppEnv>().route('/', placeRoutes(deps, 'petShop')).route('/', placeRoutes(deps, 'hospital'))
