import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import { Hono } from 'hono'
import type { PlaceKind } from '../../contract'
import { SEARCH_LIMITS, SEARCH_MSG, type SearchGroup, type SearchResults } from '../../contract/search'
import { searchQuery } from '../../contract/input/search'
import type { Db } from '../db/client'
import { like, likePattern } from '../db/list'
import { appUsers, cities, citySearchText, lowerOf, places, placeSearchText, sites, siteSearchText } from '../db/schema'
import { live } from '../db/trash'
import type { Deps } from '../deps'
import { permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

type Row = { id: string; label: string; subLabel: string }

/** One more row than shown says whether more match, without counting them. */
const FETCHED = SEARCH_LIMITS.perGroup + 1

const groupOf = (rows: Row[]): SearchGroup => ({
  items: rows.slice(0, SEARCH_LIMITS.perGroup).map((r) => ({ _id: r.id, label: r.label, subLabel: r.subLabel })),
  more: rows.length > SEARCH_LIMITS.perGroup,
})

/** 'a · b' of the parts that are there. */
const joined = (...parts: SQL[]) => sql<string>`concat_ws(' · ', ${sql.join(parts, sql`, `)})`

// Each kind is one statement over the same search expression as its list (schema.ts), so the
// list's trigram index serves it, and a LIMIT instead of a count.

const findUsers = (db: Db, pattern: SQL) =>
  db
    .select({
      id: appUsers.id,
      label: appUsers.username,
      subLabel: joined(sql`nullif(${appUsers.name}, '')`, sql`${appUsers.email}`),
    })
    .from(appUsers)
    .where(like(appUsers.searchText, pattern))
    .orderBy(asc(lowerOf(appUsers.username)), asc(appUsers.id))
    .limit(FETCHED)

const findPlaces = (db: Db, kind: PlaceKind, pattern: SQL) =>
  db
    .select({ id: places.id, label: places.name, subLabel: places.address })
    .from(places)
    .where(and(eq(places.kind, kind), live(places), like(placeSearchText(places), pattern)))
    .orderBy(asc(lowerOf(places.name)), asc(places.id))
    .limit(FETCHED)

const findSites = (db: Db, pattern: SQL) =>
  db
    .select({ id: sites.id, label: sites.name, subLabel: sites.address })
    .from(sites)
    .where(and(live(sites), like(siteSearchText(sites), pattern)))
    .orderBy(asc(lowerOf(sites.name)), asc(sites.id))
    .limit(FETCHED)

const findCities = (db: Db, pattern: SQL) =>
  db
    .select({
      id: cities.id,
      label: cities.name,
      subLabel: sql<string>`${cities.siteCount} || case when ${cities.siteCount} = 1 then ' site' else ' sites' end`,
    })
    .from(cities)
    .where(and(live(cities), like(citySearchText(cities), pattern)))
    .orderBy(asc(lowerOf(cities.name)), asc(cities.id))
    .limit(FETCHED)

async function search(db: Db, q: string): Promise<SearchResults> {
  const pattern = likePattern(q)
  const [users, petShops, hospitals, siteRows, cityRows] = await Promise.all([
    findUsers(db, pattern),
    findPlaces(db, 'petShop', pattern),
    findPlaces(db, 'hospital', pattern),
    findSites(db, pattern),
    findCities(db, pattern),
  ])
  return {
    users: groupOf(users),
    petShops: groupOf(petShops),
    hospitals: groupOf(hospitals),
    sites: groupOf(siteRows),
    cities: groupOf(cityRows),
  }
}

/**
 * GET /admin/search?q=: the command palette's records. The first five of each kind whose searched
 * text holds `q` (case-insensitive, as the lists search), in name order, trashed rows left out.
 * For either role (`read`); not audited, as the lists are not.
 */
export const searchRoutes = (deps: Deps) =>
  new Hono<AppEnv>().get('/admin/search', permit('read'), validate('query', searchQuery), async (c) =>
    c.json(ok(SEARCH_MSG.found, await search(deps.db, c.req.valid('query').q))),
  )
