import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { CITY_MSG, cityBody, cityListQuery, idParam, type City, type CityListQuery } from '../../contract'
import { like, listPage, pageRows, type ListSource } from '../db/list'
import { isPgError, PG_CODE } from '../db/pg-errors'
import { cities, citySearchText, lowerOf } from '../db/schema'
import { live, trashedBy } from '../db/trash'
import type { Deps } from '../deps'
import { conflict, notFound } from '../api-error'
import { auditNote, permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { listOk, ok } from '../http/respond'
import { validate } from '../http/validate'

type CitySort = NonNullable<CityListQuery['sortBy']>

/** The city list: search by name, sort by name, site count or date; totals from row_counts. */
export const cityListSource: ListSource<CitySort, never> = {
  table: cities,
  id: cities.id,
  createdAt: cities.createdAt,
  scope: live(cities),
  sortBy: {
    name: { expr: lowerOf(cities.name), type: 'text' },
    siteCount: { expr: cities.siteCount, type: 'integer' },
    createdAt: { expr: cities.createdAt, type: 'timestamptz' },
  },
  search: (pattern) => like(citySearchText(cities), pattern),
  filter: (none) => none, // the city list has no filter
  counted: {},
}

const cityColumns = {
  id: cities.id,
  name: cities.name,
  siteCount: cities.siteCount,
  createdAt: cities.createdAt,
  updatedAt: cities.updatedAt,
}
type CityRow = Pick<typeof cities.$inferSelect, keyof typeof cityColumns>

export const toCity = (c: CityRow): City => ({
  _id: c.id,
  name: c.name,
  siteCount: c.siteCount,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
})

const cityRows = pageRows(cities, cityColumns)

/** The unique index that makes a name unique whatever its case and surrounding spaces (schema.ts). */
const NAME_KEY = 'cities_name_key'
/** A city outside the trash: a trashed one is not found, for reads and writes alike. */
const liveCity = (id: string) => and(eq(cities.id, id), live(cities))

/**
 * Runs a write that may give a city a name another city has: the unique index decides (two
 * requests racing for one name cannot both pass a check made beforehand), and its refusal is a 409.
 */
async function uniqueName<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (err) {
    if (isPgError(err, PG_CODE.uniqueViolation, NAME_KEY)) throw conflict(CITY_MSG.duplicate)
    throw err
  }
}

/**
 * Cities of the content screens (docs/DECISIONS.md, Content): list, details, add and rename for both
 * roles, delete for an admin only (403 for a sub admin), and only once the city has no sites
 * (409): its sites are deleted first, one by one, with their own call.
 */
export const citiesRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/admin/city/list', permit('read'), validate('query', cityListQuery), async (c) => {
      const q = c.req.valid('query')
      const page = await listPage(deps, cityListSource, q, cityRows(deps.db))
      return c.json(listOk(CITY_MSG.listed, { ...page, rows: page.rows.map(toCity) }, q))
    })

    .post('/admin/city', permit('city.write', { action: 'city.create', target: 'city' }), validate('json', cityBody), async (c) => {
      const { name } = c.req.valid('json')
      const now = deps.clock.now()
      const [created] = await uniqueName(deps.db.insert(cities).values({ name, createdAt: now, updatedAt: now }).returning(cityColumns))
      auditNote(c, { id: created!.id, label: created!.name })
      return c.json(ok(CITY_MSG.created, toCity(created!)), 201)
    })

    .get('/admin/city/:id', permit('read'), validate('param', idParam), async (c) => {
      const [city] = await deps.db.select(cityColumns).from(cities).where(liveCity(c.req.valid('param').id))
      if (!city) throw notFound(CITY_MSG.notFound)
      return c.json(ok(CITY_MSG.fetched, toCity(city)))
    })

    // A city keeps its name under another case or spacing: the index sees the same key on the same row.
    .put(
      '/admin/city/:id',
      permit('city.write', { action: 'city.update', target: 'city' }),
      validate('param', idParam),
      validate('json', cityBody),
      async (c) => {
        const { name } = c.req.valid('json')
        const [updated] = await uniqueName(
          deps.db
            .update(cities)
            .set({ name, updatedAt: deps.clock.now() })
            .where(liveCity(c.req.valid('param').id))
            .returning(cityColumns),
        )
        if (!updated) throw notFound(CITY_MSG.notFound)
        auditNote(c, { label: updated.name })
        return c.json(ok(CITY_MSG.updated, toCity(updated)))
      },
    )

    /**
     * To the trash (server/routes/trash.ts), only while it has no live sites (its trashed ones go
     * with it). site_count counts the live sites, kept by trigger in the site's own transaction;
     * a site being added (or restored) locks the city first, so this UPDATE waits for it and then reads the
     * new count: a city never goes to the trash with a live site.
     */
    .delete('/admin/city/:id', permit('city.delete', { action: 'city.delete', target: 'city' }), validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param')
      const [deleted] = await deps.db
        .update(cities)
        .set(trashedBy(c.get('signedIn').admin.id, deps.clock.now()))
        .where(and(liveCity(id), eq(cities.siteCount, 0)))
        .returning({ name: cities.name })
      if (!deleted) {
        throw (await deps.db.$count(cities, liveCity(id))) > 0 ? conflict(CITY_MSG.hasSites) : notFound(CITY_MSG.notFound)
      }
      auditNote(c, { label: deleted.name })
      return c.json(ok(CITY_MSG.deleted, null))
    })
