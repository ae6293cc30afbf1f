import type { SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { CONFLICT_MSG } from '../../../contract'
import { conflict, notFound } from '../../api-error'
import type { Db } from '../client'

/**
 * Edit conflicts (contract/versions.ts): an edit names the version it was made from, and is saved
 * only if that is still the stored one. A stale version is told first (409), before any fault it
 * may cause in the body (an image it keeps may have been removed meanwhile).
 */
export function checkEditVersion(stored: { version: number }, sent: { version: number }) {
  if (stored.version !== sent.version) throw conflict(CONFLICT_MSG.edited)
}

/**
 * The UPDATE itself carries the check (`WHERE id = $1 AND version = $2`, raising it by one), so of
 * two saves from one version exactly one wins, without a lock. When it changed no row, this says
 * why: the record `where` names is gone (404 with `notFoundMessage`), or it was saved meanwhile (409).
 */
export async function missedEdit(db: Db, table: PgTable, where: SQL | undefined, notFoundMessage: string) {
  return (await db.$count(table, where)) > 0 ? conflict(CONFLICT_MSG.edited) : notFound(notFoundMessage)
}
