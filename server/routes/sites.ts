import { and, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  CITY_MSG,
  idParam,
  SITE_MSG,
  siteCreateBody,
  siteListQuery,
  siteUpdateBody,
  type PlaceStatus,
  type SiteCreateBody,
  type SiteDetails,
  type SiteListItem,
  type SiteListQuery,
  type SiteUpdateBody,
} from '../../contract'
import type { Db } from '../db/client'
import { like, listPage, pageRows, type ListSource } from '../db/list'
import { checkEditVersion, missedEdit } from '../db/queries/edit-version'
import { countKey } from '../db/row-counts'
import { cities, lowerOf, sites, siteSearchText } from '../db/schema'
import { live, trashedBy } from '../db/trash'
import type { Deps } from '../deps'
import { notFound } from '../api-error'
import { auditNote, permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { listOk, ok } from '../http/respond'
import { validate } from '../http/validate'
import { checkAddedImages, checkImageEdit, type ImageRules } from '../storage/image-edit'
import type { Storage } from '../storage/storage'

type SiteSort = NonNullable<SiteListQuery['sortBy']>

/** The site list, of one city or of all: search by name and address, filter by status; totals from row_counts. */
export const siteListSource = (cityId: string | undefined): ListSource<SiteSort, PlaceStatus> => ({
  table: sites,
  id: sites.id,
  createdAt: sites.createdAt,
  scope: and(live(sites), cityId === undefined ? undefined : eq(sites.cityId, cityId)),
  sortBy: {
    name: { expr: lowerOf(sites.name), type: 'text' },
    address: { expr: lowerOf(sites.address), type: 'text' },
    status: { expr: sites.status, type: 'smallint' },
    createdAt: { expr: sites.createdAt, type: 'timestamptz' },
  },
  search: (pattern) => like(siteSearchText(sites), pattern),
  filter: (status) => eq(sites.status, status),
  counted: {
    // row_counts holds the id as PostgreSQL writes a uuid (lower case); a query may spell it in capitals.
    scope: cityId === undefined ? undefined : countKey(sites.cityId, cityId.toLowerCase()),
    filter: (status) => countKey(sites.status, status),
  },
})

const siteColumns = {
  id: sites.id,
  cityId: sites.cityId,
  name: sites.name,
  address: sites.address,
  status: sites.status,
  createdAt: sites.createdAt,
}
type SiteRow = Pick<typeof sites.$inferSelect, keyof typeof siteColumns>

const toSiteListItem = (s: SiteRow): SiteListItem => ({
  _id: s.id,
  cityId: s.cityId,
  name: s.name,
  address: s.address,
  status: s.status,
  createdAt: s.createdAt.toISOString(),
})

const toSiteDetails = (s: typeof sites.$inferSelect, cityName: string): SiteDetails => ({
  ...toSiteListItem(s),
  cityName,
  description: s.description,
  latitude: s.latitude,
  longitude: s.longitude,
  images: s.images,
  updatedAt: s.updatedAt.toISOString(),
  version: s.version,
})

const siteRows = pageRows(sites, siteColumns)

/** A site outside the trash: a trashed one is not found, for reads and writes alike. */
const liveSite = (id: string) => and(eq(sites.id, id), live(sites))

/** A site and the name of its city. */
async function siteWithCity(db: Db, id: string) {
  const [row] = await db
    .select({ site: sites, cityName: cities.name })
    .from(sites)
    .innerJoin(cities, eq(cities.id, sites.cityId))
    .where(liveSite(id))
  return row
}

/** The text fields of a create or edit body, as columns. */
const textColumns = (b: SiteCreateBody | SiteUpdateBody) => ({
  name: b.name,
  description: b.description,
  address: b.address,
  latitude: b.latitude,
  longitude: b.longitude,
})

/** A site's new images: files uploaded to the site folder, so within the site's types and 20 MB. */
const siteImages = (storage: Storage): ImageRules => ({ storage, folder: 'site' })

/**
 * Sites of the content screens (docs/DECISIONS.md, Content): list, details, add, edit and status toggle
 * for both roles, delete for an admin only (403 for a sub admin). Images follow the place rules:
 * new ones must be uploads of ours (here, to the site folder), an edit names the stored images
 * it keeps, and images left out are only dropped from the site (their files stay in storage, as
 * for places).
 */
export const sitesRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    // Registered before /admin/site/:id, so that "list" is never read as an id.
    .get('/admin/site/list', permit('read'), validate('query', siteListQuery), async (c) => {
      const q = c.req.valid('query')
      // An unknown city simply has no sites: an empty page.
      const page = await listPage(deps, siteListSource(q.cityId), q, siteRows(deps.db))
      return c.json(listOk(SITE_MSG.listed, { ...page, rows: page.rows.map(toSiteListItem) }, q))
    })

    .get('/admin/site/:id', permit('read'), validate('param', idParam), async (c) => {
      const found = await siteWithCity(deps.db, c.req.valid('param').id)
      if (!found) throw notFound(SITE_MSG.notFound)
      return c.json(ok(SITE_MSG.fetched, toSiteDetails(found.site, found.cityName)))
    })

    /** An unknown city (or one deleted meanwhile) is a 404 with CITY_MSG.notFound. */
    .post('/admin/site', permit('site.write', { action: 'site.create', target: 'site' }), validate('json', siteCreateBody), async (c) => {
      const body = c.req.valid('json')
      const images = checkAddedImages(siteImages(deps.storage), body.images)
      const now = deps.clock.now()
      const created = await deps.db.transaction(async (tx) => {
        // The lock the site count's trigger takes anyway, taken first (a SHARE lock upgraded by two
        // adds at once would deadlock): the city cannot go to the trash until the site is in (then
        // its site count holds it), and a city that went meanwhile is read again after its commit: not found.
        const [city] = await tx
          .select({ name: cities.name })
          .from(cities)
          .where(and(eq(cities.id, body.cityId), live(cities)))
          .for('no key update')
        if (!city) throw notFound(CITY_MSG.notFound)
        const [row] = await tx
          .insert(sites)
          .values({ cityId: body.cityId, ...textColumns(body), images, createdAt: now, updatedAt: now })
          .returning()
        return toSiteDetails(row!, city.name)
      })
      auditNote(c, { id: created._id, label: created.name })
      return c.json(ok(SITE_MSG.created, created), 201)
    })

    /**
     * The stored images become `previousImages` followed by the new uploads
     * (server/storage/image-edit.ts), under the version guard of server/db/queries/edit-version.ts;
     * a site stays in its city.
     */
    .put(
      '/admin/site/:id',
      permit('site.write', { action: 'site.update', target: 'site' }),
      validate('param', idParam),
      validate('json', siteUpdateBody),
      async (c) => {
        const body = c.req.valid('json')
        const { id } = c.req.valid('param')
        const [site] = await deps.db.select({ images: sites.images, version: sites.version }).from(sites).where(liveSite(id))
        if (!site) throw notFound(SITE_MSG.notFound)
        checkEditVersion(site, body)
        const images = checkImageEdit(siteImages(deps.storage), site.images, body)

        const [row] = await deps.db
          .update(sites)
          .set({
            ...textColumns(body),
            images,
            updatedAt: deps.clock.now(),
            version: sql`${sites.version} + 1`,
          })
          .where(and(liveSite(id), eq(sites.version, body.version)))
          .returning()
        if (!row) throw await missedEdit(deps.db, sites, liveSite(id), SITE_MSG.notFound)
        // A site's city cannot be deleted (to the trash or for good) while it has live sites, so it is there.
        const [city] = await deps.db.select({ name: cities.name }).from(cities).where(eq(cities.id, row.cityId))
        const updated = toSiteDetails(row, city!.name)
        auditNote(c, { label: updated.name })
        return c.json(ok(SITE_MSG.updated, updated))
      },
    )

    // The SPA sends an empty body: the call flips the status (1 active <-> 2 inactive). It leaves
    // the version alone: a toggle is no edit of the form's content (contract/versions.ts).
    .patch(
      '/admin/site/status/:id',
      permit('site.status', { action: 'site.status', target: 'site' }),
      validate('param', idParam),
      async (c) => {
        const [updated] = await deps.db
          .update(sites)
          .set({ status: sql`3 - ${sites.status}`, updatedAt: deps.clock.now() })
          .where(liveSite(c.req.valid('param').id))
          .returning(siteColumns)
        if (!updated) throw notFound(SITE_MSG.notFound)
        auditNote(c, { label: updated.name, detail: { status: updated.status } })
        return c.json(ok(SITE_MSG.statusUpdated, toSiteListItem(updated)))
      },
    )

    // To the trash (server/routes/trash.ts); its city's site count drops by trigger.
    .delete('/admin/site/:id', permit('site.delete', { action: 'site.delete', target: 'site' }), validate('param', idParam), async (c) => {
      const [deleted] = await deps.db
        .update(sites)
        .set(trashedBy(c.get('signedIn').admin.id, deps.clock.now()))
        .where(liveSite(c.req.valid('param').id))
        .returning({ name: sites.name })
      if (!deleted) throw notFound(SITE_MSG.notFound)
      auditNote(c, { label: deleted.name })
      return c.json(ok(SITE_MSG.deleted, null))
    })
