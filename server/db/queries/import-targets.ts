import { and, eq, inArray, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { CITY_MSG, type ImportKind, type ImportRowValues, type PlaceKind } from '../../../contract'
import { notFound } from '../../api-error'
import type { Db } from '../client'
import { cities, cityNameKey, places, sites } from '../schema'
import { live } from '../trash'

/**
 * Where an import's rows go, by kind: how a row is told apart from the records there are (a
 * place or a site by its name and address, a site within its city, a city by its name; any
 * case, outer spaces ignored), and the insert of a new one. Rows are matched, never merged:
 * a row that matches is left as it is, so a second import of a file changes nothing.
 */

const key = (...parts: string[]) => parts.map((p) => p.trim().toLowerCase()).join('\n')
const trimmedLower = (column: AnyPgColumn) => sql<string>`lower(btrim(${column}))`

export interface ImportTarget<K extends ImportKind> {
  /** The row's match key; null when it names what is not there (a site's unknown city: `unknownCity`). */
  keyOf(values: ImportRowValues<K>, context: MatchContext): string | null
  /** What the rows need looked up (a site's cities), then the keys there are, with their ids. */
  lookUp(db: Db, rows: ImportRowValues<K>[]): Promise<MatchContext>
  /** The folder its images are stored in, as an upload to it would be. */
  folder: 'place' | 'site' | null
  insert(tx: Db, values: ImportRowValues<K>, stored: { images: string[]; logo: string | null }, now: Date, context: MatchContext): Promise<string>
}

export interface MatchContext {
  /** Match key -> the id of the record there is. */
  existing: Map<string, string>
  /** A site's city, by its name's key. */
  cityIds: Map<string, string>
}

const orNull = (text: string) => (text === '' ? null : text)

/** The text fields of a place's or a site's row (the same headings for both), as columns. */
const textColumns = (v: Pick<ImportRowValues<'sites'>, 'Name' | 'Description' | 'Address' | 'Latitude' | 'Longitude'>) => ({
  name: v.Name,
  description: v.Description,
  address: v.Address,
  latitude: v.Latitude,
  longitude: v.Longitude,
})

const placeTarget = (kind: PlaceKind): ImportTarget<'pet-shops' | 'hospitals'> => ({
  folder: 'place',
  keyOf: (v) => key(v.Name, v.Address),
  async lookUp(db, rows) {
    const found = await db
      .select({ id: places.id, name: places.name, address: places.address })
      .from(places)
      .where(and(eq(places.kind, kind), live(places), inArray(trimmedLower(places.name), rows.map((r) => r.Name.toLowerCase()))))
    return { existing: new Map(found.map((p) => [key(p.name, p.address), p.id])), cityIds: new Map() }
  },
  async insert(tx, v, stored, now) {
    const [row] = await tx
      .insert(places)
      .values({
        kind,
        ...textColumns(v),
        discountTitle: orNull(v['Discount Title']),
        discountDescription: orNull(v['Discount Description']),
        images: stored.images,
        logo: stored.logo,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: places.id })
    return row!.id
  },
})

const cityTarget: ImportTarget<'cities'> = {
  folder: null,
  keyOf: (v) => key(v.Name),
  async lookUp(db, rows) {
    const found = await db
      .select({ id: cities.id, name: cities.name })
      .from(cities)
      .where(and(live(cities), inArray(cityNameKey(cities), rows.map((r) => r.Name.toLowerCase()))))
    return { existing: new Map(found.map((c) => [key(c.name), c.id])), cityIds: new Map() }
  },
  async insert(tx, v, _stored, now) {
    const [row] = await tx.insert(cities).values({ name: v.Name, createdAt: now, updatedAt: now }).returning({ id: cities.id })
    return row!.id
  },
}

const siteTarget: ImportTarget<'sites'> = {
  folder: 'site',
  keyOf: (v, { cityIds }) => {
    const cityId = cityIds.get(key(v.City))
    return cityId ? key(cityId, v.Name, v.Address) : null
  },
  async lookUp(db, rows) {
    const found = await db
      .select({ id: cities.id, name: cities.name })
      .from(cities)
      .where(and(live(cities), inArray(cityNameKey(cities), [...new Set(rows.map((r) => r.City.toLowerCase()))])))
    const cityIds = new Map(found.map((c) => [key(c.name), c.id]))
    const existingSites =
      cityIds.size === 0
        ? []
        : await db
            .select({ id: sites.id, cityId: sites.cityId, name: sites.name, address: sites.address })
            .from(sites)
            .where(and(live(sites), inArray(sites.cityId, [...cityIds.values()]), inArray(trimmedLower(sites.name), rows.map((r) => r.Name.toLowerCase()))))
    return { existing: new Map(existingSites.map((s) => [key(s.cityId, s.name, s.address), s.id])), cityIds }
  },
  async insert(tx, v, stored, now, { cityIds }) {
    const cityId = cityIds.get(key(v.City))!
    // The lock the site count's trigger takes, taken first, as an add through the form does (server/routes/sites.ts).
    const [city] = await tx.select({ id: cities.id }).from(cities).where(and(eq(cities.id, cityId), live(cities))).for('no key update')
    if (!city) throw notFound(CITY_MSG.notFound)
    const [row] = await tx
      .insert(sites)
      .values({
        cityId,
        ...textColumns(v),
        images: stored.images,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: sites.id })
    return row!.id
  },
}

export const IMPORT_TARGETS: { [K in ImportKind]: ImportTarget<K> } = {
  'pet-shops': placeTarget('petShop'),
  hospitals: placeTarget('hospital'),
  cities: cityTarget,
  sites: siteTarget,
}
