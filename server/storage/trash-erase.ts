import { and, eq, inArray, isNotNull, lt, not, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { TrashKind } from '../../contract'
import type { Db } from '../db/client'
import { admins, cities, cmsPages, faqs, feedback, notifications, places, signedUploads, sites } from '../db/schema'
import { logError } from '../log'
import { removeUpload } from './resized'
import type { Storage } from './storage'

/**
 * The trash's writes that erase for good: "Delete forever" (server/routes/trash.ts) and the purge
 * of what has been there longer than TRASH_DAYS (server/maintenance.ts). A row goes with the
 * files of its images and logo.
 */

/** What erasing needs of the app's dependencies. */
export interface EraseDeps {
  db: Db
  storage: Storage
}

/** The key of one of the server's own uploads inside a URL, as migration 0010's attach trigger reads it. */
const UPLOAD_KEY = /[a-z]+\/[0-9]{4}\/[0-9]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z]+/g

/** The upload keys that a row's image URLs name. */
export const uploadKeysOf = (urls: readonly (string | null)[]): string[] => [
  ...new Set(urls.flatMap((url) => (url ? (url.match(UPLOAD_KEY) ?? []) : []))),
]

/**
 * Removes the files among `keys` that the server signed (their signed_uploads rows go too), so a
 * demo picture or a file stored another way is never removed. A file the storage fails to remove
 * is logged and left: the row it belonged to is gone either way.
 */
async function removeUploads(deps: EraseDeps, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0
  // A file still named by any column migration 0010's attach trigger reads (in the trash or not)
  // stays: a client may have saved one upload twice, or in a CMS page or a profile too.
  // Read without an index (these columns are not indexed), which an erase, a rare write, can afford.
  const names = (column: AnyPgColumn, table: PgTable) =>
    not(sql`exists (select 1 from ${table} where ${column}::text like '%' || ${signedUploads.key} || '%')`)
  const signed = await deps.db
    .delete(signedUploads)
    .where(
      and(
        inArray(signedUploads.key, keys),
        names(places.images, places),
        names(places.logo, places),
        names(sites.images, sites),
        names(cmsPages.content, cmsPages),
        names(admins.profileImage, admins),
      ),
    )
    .returning({ key: signedUploads.key })
  let removed = 0
  for (const { key } of signed) {
    try {
      await removeUpload(deps.storage, key)
      removed++
    } catch (err) {
      logError(`removing the file ${key} of a record deleted forever`, err)
    }
  }
  return removed
}

/** A row erased: its id and label (for the audit log). */
export interface Erased {
  id: string
  name: string
}

/** The trashed rows of each kind: for Delete forever (one id) and the purge (deleted before a time). */
export type TrashSelector = { id: string } | { before: Date }

const select = (table: { id: AnyPgColumn; deletedAt: AnyPgColumn }, selector: TrashSelector) =>
  and(isNotNull(table.deletedAt), 'id' in selector ? eq(table.id, selector.id) : lt(table.deletedAt, selector.before))

/**
 * Erases the rows of `kind` in the trash that `selector` names, then the files of their images
 * and logos. The sites of an erased city go first, in the same transaction: a city can only be in
 * the trash once every site of it is, so they are all there too.
 */
export async function erase(deps: EraseDeps, kind: TrashKind, selector: TrashSelector): Promise<Erased[]> {
  const { erased, urls } = await deps.db.transaction(async (tx) => {
    switch (kind) {
      case 'petShop':
      case 'hospital': {
        const rows = await tx
          .delete(places)
          .where(and(select(places, selector), eq(places.kind, kind)))
          .returning({
            id: places.id,
            name: places.name,
            logo: places.logo,
            images: places.images,
          })
        return {
          erased: rows,
          urls: rows.flatMap((r) => [r.logo, ...r.images]),
        }
      }
      case 'site': {
        const rows = await tx.delete(sites).where(select(sites, selector)).returning({ id: sites.id, name: sites.name, images: sites.images })
        return { erased: rows, urls: rows.flatMap((r) => r.images) }
      }
      case 'city': {
        // The cities are locked first: a Restore committing between the two deletes would
        // otherwise keep the city while its sites (and their files) were erased. A Restore
        // waiting on the lock then finds nothing to restore; one that committed first leaves
        // its city out of `gone`.
        const gone = (await tx.select({ id: cities.id }).from(cities).where(select(cities, selector)).for('update')).map((r) => r.id)
        if (gone.length === 0) return { erased: [], urls: [] }
        const siteRows = await tx
          .delete(sites)
          .where(and(inArray(sites.cityId, gone), isNotNull(sites.deletedAt)))
          .returning({ images: sites.images })
        const rows = await tx.delete(cities).where(inArray(cities.id, gone)).returning({ id: cities.id, name: cities.name })
        return { erased: rows, urls: siteRows.flatMap((r) => r.images) }
      }
      case 'notification': {
        const rows = await tx
          .delete(notifications)
          .where(select(notifications, selector))
          .returning({ id: notifications.id, name: notifications.title })
        return { erased: rows, urls: [] }
      }
      case 'faq': {
        // Its position is no live FAQ's: the others' order needs nothing.
        const rows = await tx.delete(faqs).where(select(faqs, selector)).returning({ id: faqs.id, name: faqs.title })
        return { erased: rows, urls: [] }
      }
      case 'feedback': {
        const rows = await tx.delete(feedback).where(select(feedback, selector)).returning({ id: feedback.id, name: feedback.description })
        return { erased: rows, urls: [] }
      }
    }
  })
  await removeUploads(deps, uploadKeysOf(urls))
  return erased.map(({ id, name }) => ({ id, name }))
}

/** The kinds in the order the purge erases them: sites before their cities. */
const PURGE_ORDER: readonly TrashKind[] = ['site', 'city', 'petShop', 'hospital', 'notification', 'faq', 'feedback']

/** Erases everything deleted before `before` (TRASH_DAYS ago), with its files. Returns how many rows. */
export async function purgeTrash(deps: EraseDeps, before: Date): Promise<number> {
  let erased = 0
  for (const kind of PURGE_ORDER) erased += (await erase(deps, kind, { before })).length
  return erased
}
