import { and, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  idParam,
  MSG,
  PLACES_MSG,
  placeCreateBody,
  placeListQuery,
  placeStatusLabel,
  placeUpdateBody,
  type PlaceCreateBody,
  type PlaceKind,
  type PlaceListQuery,
  type PlaceStatus,
  type PlaceUpdateBody,
} from '../../contract'
import { exportSelectedBody } from '../../contract/input/bulk'
import { like, listBatches, listPage, pageRows, type ListSource } from '../db/list'
import { checkEditVersion, missedEdit } from '../db/queries/edit-version'
import { placeTogglable } from '../db/queries/place-activation'
import { countKey } from '../db/row-counts'
import { lowerOf, places, placeSearchText } from '../db/schema'
import { live, trashedBy } from '../db/trash'
import type { Deps } from '../deps'
import { badRequest, conflict, notFound } from '../api-error'
import { auditNote, permit } from '../http/auth'
import { chosenRows, csvLines, csvResponse, isoDay, type CsvValue } from '../http/csv'
import type { AppContext, AppEnv } from '../http/env'
import { listOk, ok } from '../http/respond'
import { validate } from '../http/validate'
import { placeColumns, toPlaceDetails, toPlaceListItem, type PlaceRow } from '../db/queries/places'
import { emitPlaceEvents, placeStatusEvent } from '../webhooks/events'
import { checkAddedImages, checkImageEdit, type ImageRules } from '../storage/image-edit'

/** Pet shops and hospitals: one implementation, its paths and words chosen by kind. */
export const PLACE_KIND = {
  petShop: {
    plural: 'pet-shops',
    singular: 'pet-shop',
    msg: PLACES_MSG.petShop,
  },
  hospital: {
    plural: 'hospitals',
    singular: 'hospital',
    msg: PLACES_MSG.hospital,
  },
} as const satisfies Record<PlaceKind, unknown>

type PlaceSort = NonNullable<PlaceListQuery['sortBy']>

export const placeListSource = (kind: PlaceKind): ListSource<PlaceSort, PlaceStatus> => ({
  table: places,
  id: places.id,
  createdAt: places.createdAt,
  scope: and(eq(places.kind, kind), live(places)),
  sortBy: {
    name: { expr: lowerOf(places.name), type: 'text' },
    address: { expr: lowerOf(places.address), type: 'text' },
    status: { expr: places.status, type: 'smallint' },
    createdAt: { expr: places.createdAt, type: 'timestamptz' },
  },
  search: (pattern) => like(placeSearchText(places), pattern),
  filter: (status) => eq(places.status, status),
  counted: { scope: countKey(places.kind, kind), filter: (status) => countKey(places.status, status) },
})

const placeRows = pageRows(places, placeColumns)

export const PLACES_CSV_HEADER = ['Name', 'Address', 'Status', 'Created At'] as const
const placeCsvLine = (p: PlaceRow): CsvValue[] => [p.name, p.address, placeStatusLabel[p.status], isoDay(p.createdAt)]

/** A place of this kind outside the trash: a trashed one is not found, for reads and writes alike. */
const ofKind = (kind: PlaceKind, id: string) => and(eq(places.id, id), eq(places.kind, kind), live(places))

/** Empty optional text is stored as null. */
const orNull = (text: string) => (text === '' ? null : text)

/** The text fields of a create or edit body, as columns. */
const textColumns = (b: PlaceCreateBody | PlaceUpdateBody) => ({
  name: b.name,
  description: b.description,
  discountTitle: orNull(b.discount_title),
  discountDescription: orNull(b.discount_description),
  address: b.address,
  latitude: b.latitude,
  longitude: b.longitude,
})

/** List, CSV, details, add, edit, status toggle and delete of one kind of place. */
const placeRoutes = (deps: Deps, kind: PlaceKind) => {
  const { plural, singular, msg } = PLACE_KIND[kind]
  const source = placeListSource(kind)
  /** New images and logos: any file of our storage (a place's images have no folder of their own to check). */
  const imageRules: ImageRules = { storage: deps.storage }
  /** The audit event of a write: its action ('petShop.delete'...), on a place of this kind. */
  const audited = (verb: 'create' | 'update' | 'status' | 'delete') => ({ action: `${kind}.${verb}` as const, target: kind })
  const exportAudit = { action: `${kind}.export` as const, query: true }
  const exportPlaces = (c: AppContext, q: PlaceListQuery & { ids?: readonly string[] }) =>
    csvResponse(c, plural, deps.clock.now(), PLACES_CSV_HEADER, csvLines(listBatches(source, q, placeRows(deps.db)), placeCsvLine))
  const placeDetailsOf = async (id: string) => {
    const [place] = await deps.db.select().from(places).where(ofKind(kind, id))
    if (!place) throw notFound(msg.notFound)
    return toPlaceDetails(place)
  }
  return (
    new Hono<AppEnv>()
      .get(`/place/admin/${plural}`, permit('read'), validate('query', placeListQuery), async (c) => {
        const q = c.req.valid('query')
        const page = await listPage(deps, source, q, placeRows(deps.db))
        return c.json(listOk(msg.listed, { ...page, rows: page.rows.map(toPlaceListItem) }, q))
      })

      .get(`/place/admin/${plural}/export`, permit('read', exportAudit), validate('query', placeListQuery), (c) =>
        exportPlaces(c, c.req.valid('query')),
      )
      .post(
        `/place/admin/${plural}/export`,
        permit('read', exportAudit),
        validate('query', placeListQuery),
        validate('json', exportSelectedBody),
        (c) => exportPlaces(c, { ...c.req.valid('query'), ids: chosenRows(c, c.req.valid('json')) }),
      )

      .get(`/place/admin/${singular}/:id`, permit('read'), validate('param', idParam), async (c) =>
        c.json(ok(msg.fetched, await placeDetailsOf(c.req.valid('param').id))),
      )
      // The product's call table also asks for a place "with an id" as a query parameter.
      .get(`/place/admin/${singular}`, permit('read'), validate('query', idParam), async (c) =>
        c.json(ok(msg.fetched, await placeDetailsOf(c.req.valid('query').id))),
      )

      .post(`/place/${singular}`, permit('place.write', audited('create')), validate('json', placeCreateBody(kind)), async (c) => {
        const body = c.req.valid('json')
        const images = checkAddedImages(imageRules, body.images, (faults) => {
          if (body.logo) faults.upload('logo', body.logo)
        })
        const now = deps.clock.now()
        const created = await deps.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(places)
            .values({
              kind,
              ...textColumns(body),
              logo: body.logo ?? null,
              images,
              createdAt: now,
              updatedAt: now,
            })
            .returning()
          await emitPlaceEvents(tx, 'place.created', kind, [row!.id], now)
          return row
        })
        auditNote(c, { id: created!.id, label: created!.name })
        return c.json(ok(msg.created, toPlaceDetails(created!)), 201)
      })

      /**
       * The stored images become `previousImages` followed by the new uploads
       * (server/storage/image-edit.ts). The version guard (server/db/queries/edit-version.ts)
       * needs no lock: the images were checked against the row as read, and the UPDATE changes
       * that row only if its version is unchanged (every change of images or logo raises it).
       */
      .put(
        `/place/${singular}/:id`,
        permit('place.write', audited('update')),
        validate('param', idParam),
        validate('json', placeUpdateBody(kind)),
        async (c) => {
          const body = c.req.valid('json')
          const { id } = c.req.valid('param')
          const [place] = await deps.db
            .select({ images: places.images, logo: places.logo, version: places.version, draft: places.draft })
            .from(places)
            .where(ofKind(kind, id))
          if (!place) throw notFound(msg.notFound)
          checkEditVersion(place, body)
          // A draft was made at 0, 0 (no position yet): completing it needs a picked position.
          if (place.draft && body.latitude === 0 && body.longitude === 0) {
            throw badRequest(MSG.latitude, { latitude: MSG.latitude, longitude: MSG.longitude })
          }
          const images = checkImageEdit(imageRules, place.images, body, (faults) => {
            // The current logo may come back unchanged, wherever it was stored from.
            if (body.logo && body.logo !== place.logo) faults.upload('logo', body.logo)
          })

          const now = deps.clock.now()
          const updated = await deps.db.transaction(async (tx) => {
            const [row] = await tx
              .update(places)
              .set({
                ...textColumns(body),
                images,
                ...(body.logo !== undefined ? { logo: body.logo } : {}),
                updatedAt: now,
                version: sql`${places.version} + 1`,
                // Saving the form completes a draft: it has its description and position now.
                draft: false,
              })
              .where(and(ofKind(kind, id), eq(places.version, body.version)))
              .returning()
            if (row) await emitPlaceEvents(tx, 'place.updated', kind, [row.id], now)
            return row
          })
          if (!updated) throw await missedEdit(deps.db, places, ofKind(kind, id), msg.notFound)
          auditNote(c, { label: updated.name })
          return c.json(ok(msg.updated, toPlaceDetails(updated)))
        },
      )

      // The SPA sends an empty body: the call flips the status (1 active <-> 2 deactive). It
      // leaves the version alone: a toggle is no edit of the form's content (contract/versions.ts).
      // A place is made active only with what the create form requires (409 with what it lacks):
      // a draft stays inactive until its form is saved, a place without an image until it has one.
      .patch(`/place/${singular}/:id`, permit('place.status', audited('status')), validate('param', idParam), async (c) => {
        const { id } = c.req.valid('param')
        const now = deps.clock.now()
        const updated = await deps.db.transaction(async (tx) => {
          const [row] = await tx
            .update(places)
            .set({ status: sql`3 - ${places.status}`, updatedAt: now })
            .where(and(ofKind(kind, id), placeTogglable))
            .returning(placeColumns)
          if (row) await emitPlaceEvents(tx, placeStatusEvent(row.status), kind, [row.id], now)
          return row
        })
        if (!updated) {
          const [kept] = await deps.db.select({ draft: places.draft }).from(places).where(ofKind(kind, id))
          throw !kept ? notFound(msg.notFound) : conflict(kept.draft ? msg.draftInactive : msg.noImageInactive)
        }
        auditNote(c, { label: updated.name, detail: { status: updated.status } })
        return c.json(ok(msg.statusUpdated, toPlaceListItem(updated)))
      })

      // To the trash (server/routes/trash.ts), where it can be restored for TRASH_DAYS.
      .delete(`/place/${singular}/:id`, permit('place.delete', audited('delete')), validate('param', idParam), async (c) => {
        const now = deps.clock.now()
        const deleted = await deps.db.transaction(async (tx) => {
          const [row] = await tx
            .update(places)
            .set(trashedBy(c.get('signedIn').admin.id, now))
            .where(ofKind(kind, c.req.valid('param').id))
            .returning({ id: places.id, name: places.name })
          if (row) await emitPlaceEvents(tx, 'place.deleted', kind, [row.id], now)
          return row
        })
        if (!deleted) throw notFound(msg.notFound)
        auditNote(c, { label: deleted.name })
        return c.json(ok(msg.deleted, null))
      })
  )
}

export const placesRoutes = (deps: Deps) =>
  new Hono<AppEnv>().route('/', placeRoutes(deps, 'petShop')).route('/', placeRoutes(deps, 'hospital'))
