import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { startSteps } from '../db/schema'
import type { Storage } from './storage'

/**
 * Stored upload addresses become paths relative to the panel (docs/DECISIONS.md, Uploads): an
 * address the disk storage handed out before its addresses were paths, `<any http(s)
 * origin>/uploads/<key>` (the origin the admin's browser used when signing, or for the demo
 * pictures the address guessed at the first start), is rewritten to `/uploads/<key>`, which this
 * server serves whatever host name it is reached by. Only the server's own key shape,
 * `<folder>/<yyyy>/<mm>/<uuid>.<ext>`, is taken; any other address (another host's picture, a
 * CMS page's) is left as it is.
 *
 * Run at start-up after the migrations (server/index.ts), not as a migration: whether such an
 * address is the disk storage's depends on the configured storage, which SQL cannot see. A
 * bucket's URL may hold `/uploads/<key>` too (MinIO path-style with a bucket named `uploads`,
 * or `S3_PUBLIC_URL=https://cdn.example.com/uploads`), and rewriting it would take it from the
 * bucket or CDN and out of what the S3 storage claims as its own (`ownsUrl`). So it runs only
 * when the storage claims `/uploads/<key>`, which the disk storage does and S3 does not.
 *
 * Once per database: the first server process to start with the disk storage rewrites the rows
 * and writes the step's row in start_steps in the same transaction (a second process starting
 * at the same moment waits on that row, then finds it written). With S3 nothing is written, so
 * a database whose deployment moves to the disk storage later is rewritten then: its addresses
 * of the disk's old shape are then the disk's again.
 */

const STEP = 'upload-paths-relative'

/** An address of the disk storage's old, absolute shape. */
const OLD_DISK_ADDRESS =
  '^https?://[^/?#@[:space:]]+/uploads/[a-z]+/[0-9]{4}/[0-9]{2}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.[a-z]+$'

/** A relative address of that shape, to ask the storage whether it serves such addresses. */
const SAMPLE_PATH = '/uploads/place/2026/01/0b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a90.jpg'

/** `address` (a text expression) as a path when it has the old shape, otherwise as it is. */
const pathOf = (address: SQL) =>
  sql`(case when ${address} ~ ${OLD_DISK_ADDRESS} then regexp_replace(${address}, '^https?://[^/]+', '') else ${address} end)`

/** Each string of a JSON array (`images`) through pathOf, in order. */
const pathsIn = (images: SQL) =>
  sql`(select coalesce(jsonb_agg(case when jsonb_typeof(e) = 'string' then to_jsonb(${pathOf(sql`(e #>> '{}')`)}) else e end order by n), '[]'::jsonb)
    from jsonb_array_elements(${images}) with ordinality as t(e, n))`

/** A pet's photos are objects ({ url }): each url through pathOf, the rest of the object kept. */
const photoPathsIn = (photos: SQL) =>
  sql`(select coalesce(jsonb_agg(
      case when jsonb_typeof(e -> 'url') = 'string' then jsonb_set(e, '{url}', to_jsonb(${pathOf(sql`(e ->> 'url')`)})) else e end
      order by n), '[]'::jsonb)
    from jsonb_array_elements(${photos}) with ordinality as t(e, n))`

/** Every column that holds upload addresses (trashed rows too), and how it holds them. */
const TEXT_COLUMNS = [
  ['admins', 'profile_image'],
  ['app_users', 'profile_image'],
  ['places', 'logo'],
] as const
const ARRAY_COLUMNS = [
  ['places', 'images', pathsIn],
  ['sites', 'images', pathsIn],
  ['pets', 'profile_photos', photoPathsIn],
] as const

/**
 * Rewrites the old absolute disk addresses to `/uploads/<key>` once per database, when `storage`
 * serves such paths (see above). True when it ran now; false when it had run before or the
 * storage is not the disk's. Rows are read once: the WHERE clauses skip, cheaply, every row
 * without such an address.
 */
export async function makeUploadPathsRelative(db: Db, storage: Storage): Promise<boolean> {
  if (!storage.ownsUrl(SAMPLE_PATH)) return false
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(startSteps).values({ name: STEP }).onConflictDoNothing().returning()
    if (claimed.length === 0) return false
    for (const [table, name] of TEXT_COLUMNS) {
      const column = sql.identifier(name)
      await tx.execute(
        sql`update ${sql.identifier(table)} set ${column} = ${pathOf(sql`${column}`)}
          where ${column} like 'http%/uploads/%' and ${column} <> ${pathOf(sql`${column}`)}`,
      )
    }
    for (const [table, name, rewrite] of ARRAY_COLUMNS) {
      const column = sql.identifier(name)
      await tx.execute(
        sql`update ${sql.identifier(table)} set ${column} = ${rewrite(sql`${column}`)}
          where jsonb_typeof(${column}) = 'array' and ${column}::text like '%"http%/uploads/%' and ${column} <> ${rewrite(sql`${column}`)}`,
      )
    }
    return true
  })
}
