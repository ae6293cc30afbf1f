import { and, asc, count, eq, gt, inArray, isNull, lt, min, sql, sum } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { signedUploads } from '../db/schema'
import { logError } from '../log'
import { removeUpload } from './resized'
import type { Storage } from './storage'

/**
 * The uploads the server has signed (table signed_uploads): each admin's daily quota, and the
 * sweep of files nobody attached to a record.
 *
 * Decisions:
 * - The quota counts what was signed in the last 24 hours (a rolling day), files and bytes, and
 *   a signed file counts its allowed maximum: the server cannot know the size a browser will
 *   post to S3, and the quota is there to bound what one account (or a stolen session) can make
 *   the storage hold. Each admin has it, and each API token (the integration API's signing
 *   calls), apart: a token is no admin's, and the platform's uploads must not use up an admin's.
 * - A signed file that no place, site, profile, CMS page, app user or pet names within
 *   UNATTACHED_TTL_MS is deleted. Migrations 0010's and 0026's triggers mark a key attached when
 *   a saved row names it, whichever route saves it; a form left open longer than that must upload
 *   its images again.
 */

const DAY_MS = 24 * 60 * 60 * 1000
/** How long a signed file may wait for a record to take it up. */
export const UNATTACHED_TTL_MS = DAY_MS

export interface UploadQuota {
  files: number
  bytes: number
}

export interface SignedFile {
  key: string
  maxBytes: number
}

/** The signing may go ahead (its rows are recorded), or the quota frees enough in `retryAfterS`. */
export type QuotaCheck = { ok: true } | { ok: false; retryAfterS: number }

/** Who signs, whose quota it counts against: a signed-in admin, or an API token. */
export type Signer = { adminId: string } | { apiTokenId: string }

/**
 * Records `files` as signed by `signer`, unless that would take them past `quota` within the
 * last 24 hours. The rows are written first and counted after, so parallel requests cannot all
 * slip under the quota; a refused request's rows are deleted again.
 */
export async function recordSignedUploads(
  deps: { db: Db; clock: Clock },
  signer: Signer,
  files: SignedFile[],
  quota: UploadQuota,
): Promise<QuotaCheck> {
  const now = deps.clock.now()
  const keys = files.map((f) => f.key)
  await deps.db.insert(signedUploads).values(files.map((f) => ({ key: f.key, ...signer, maxBytes: f.maxBytes, createdAt: now })))
  const since = new Date(now.getTime() - DAY_MS)
  const bySigner = 'adminId' in signer ? eq(signedUploads.adminId, signer.adminId) : eq(signedUploads.apiTokenId, signer.apiTokenId)
  const inWindow = and(bySigner, gt(signedUploads.createdAt, since))
  const [used] = await deps.db
    .select({ files: count(), bytes: sql<number>`coalesce(${sum(signedUploads.maxBytes)}, 0)`.mapWith(Number), oldest: min(signedUploads.createdAt) })
    .from(signedUploads)
    .where(inWindow)
  if (used && used.files <= quota.files && used.bytes <= quota.bytes) return { ok: true }

  await deps.db.delete(signedUploads).where(inArray(signedUploads.key, keys))
  const oldest = used?.oldest ?? now
  return { ok: false, retryAfterS: Math.max(1, Math.ceil((oldest.getTime() + DAY_MS - now.getTime()) / 1000)) }
}

/** Keys claimed per statement by the sweep. */
const SWEEP_BATCH = 200

/**
 * Deletes, from the storage and the table, the signed files that no record took up within
 * UNATTACHED_TTL_MS (a signed form that was never posted is deleted too: removing a missing
 * file is no error). Each batch is claimed by deleting its rows first, so several server
 * processes sweeping at once do not trip over each other, and a row whose key a save marks
 * attached meanwhile is left alone. A file the storage fails to remove gets its row back, for
 * the next sweep. Returns the number of files removed.
 */
export async function sweepUnattachedUploads(deps: { db: Db; clock: Clock; storage: Storage }): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - UNATTACHED_TTL_MS)
  let removed = 0
  for (;;) {
    const batch = deps.db
      .select({ key: signedUploads.key })
      .from(signedUploads)
      .where(and(isNull(signedUploads.attachedAt), lt(signedUploads.createdAt, cutoff)))
      .orderBy(asc(signedUploads.createdAt))
      .limit(SWEEP_BATCH)
    const claimed = await deps.db
      .delete(signedUploads)
      .where(and(inArray(signedUploads.key, batch), isNull(signedUploads.attachedAt)))
      .returning()
    const failed: typeof claimed = []
    for (const row of claimed) {
      try {
        await removeUpload(deps.storage, row.key)
        removed++
      } catch (err) {
        logError(`removing the unattached upload ${row.key}`, err)
        failed.push(row)
      }
    }
    if (failed.length > 0) await deps.db.insert(signedUploads).values(failed).onConflictDoNothing()
    // A failing storage is not retried in a loop: the next sweep tries again.
    if (claimed.length < SWEEP_BATCH || failed.length > 0) return removed
  }
}
