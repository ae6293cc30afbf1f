import { randomUUID } from 'node:crypto'
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { Hono } from 'hono'
import type { z } from 'zod'
import {
  FEEDBACK_STATUS,
  feedbackStatusLabel,
  PLACE_STATUS,
  TRASH_MSG,
  USER_STATUS,
  type AuditActionName,
  type AuditTargetType,
  type Permission,
  type PlaceKind,
} from '../../contract'
import {
  BULK_ACTIONS,
  BULK_MAX,
  BULK_MSG,
  BULK_PATH,
  BULK_PERMISSION,
  BULK_REASON,
  bulkGroupLabel,
  bulkRoutePermission,
  type BulkAction,
  type BulkGroupCounts,
  type BulkList,
  type BulkResult,
  type BulkSkipped,
} from '../../contract/bulk'
import { bulkBodies, type BulkBody, type BulkQueries } from '../../contract/input/bulk'
import { conflict } from '../api-error'
import type { Db } from '../db/client'
import { appUsers, cities, feedback, notifications, places, sites } from '../db/schema'
import { placeHasImage } from '../db/queries/place-activation'
import { live } from '../db/trash'
import type { Deps } from '../deps'
import { recordAudits, type AuditEvent } from '../http/audit'
import { ensurePermitted, permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { ok } from '../http/respond'
import { logError } from '../log'
import { validate } from '../http/validate'
import { emitFeedbackStatus, emitPlaceEvents, emitUserEvents } from '../webhooks/events'

/**
 * Bulk actions (contract/bulk.ts): one POST per list, with the chosen ids or the list's query
 * ("all matching", resolved here to at most BULK_MAX ids). BULK_CHUNK_ROWS rows per transaction
 * (runBulk): the rows are read and locked, each is changed or skipped with its reason, and the
 * audit log gets an entry per changed row (the single-row action's, with `bulk: true`) in one
 * insert, and with the last chunk one group entry naming what the action came to; all the
 * action's entries share a group id. `restore` (a bulk delete's Undo) is the one action on rows
 * in the trash, and brings them back as the trash's single restore does.
 */

/**
 * Each list's conditions for a body's query (search and filters), exactly as the list applies
 * them: the list's own ListSource through `listWhere`. Given by the app, as the sources belong to
 * their routes and a route imports no other.
 */
export type BulkWhere = { [L in BulkList]: (query: BulkQueries[L]) => SQL | undefined }

/** A row as read for the checks: its id, label and the columns an action looks at. */
type Row = { id: string; label: string; deleted: boolean; state: number; draft: boolean; hasImage: boolean }

interface ActionRule {
  /** The single-row action's audit name ('user.block', 'petShop.status'...). */
  audit: AuditActionName
  /** Why this row is left as it is, or undefined to change it. */
  skip: (row: Row) => string | undefined
  /** The columns set on the changed rows. */
  set: (now: Date, adminId: string) => Record<string, unknown>
  /** Facts for each row's audit entry. */
  detail?: (row: Row) => Record<string, unknown>
  /**
   * Acts on rows in the trash (a restore): those are changed, live ones skipped as not in the
   * trash, where every other action skips trashed rows as deleted.
   */
  trashed?: true
  /**
   * Why some of the rows to change are left, read (and what they rely on locked) in the
   * transaction once the rows are locked: a site's city for its restore.
   */
  refuse?: (tx: Db, rows: Row[]) => Promise<Map<string, string>>
  /** The answer names the changed rows (`ids`): a delete's, for its Undo. */
  answerIds?: true
  /** The single action's webhook events for the changed rows, in the chunk's transaction (server/webhooks/events.ts). */
  webhook?: (tx: Db, rows: Row[], now: Date) => Promise<unknown>
}

interface BulkSpec<L extends BulkList> {
  list: L
  target: AuditTargetType
  table: PgTable
  id: PgColumn
  label: SQL | PgColumn
  /** The column an action checks (status), whether the row is a draft, and whether it has an image. */
  state: SQL | PgColumn
  draft?: PgColumn
  hasImage?: SQL<boolean>
  /** Trashable tables: deleted rows are skipped, and a delete moves rows to the trash. */
  deletedAt?: PgColumn
  /** Always applied (a place's kind). */
  scope?: SQL
  actions: Record<BulkAction<L>, ActionRule>
}

/** A status change: skipped when the row already has it. */
const toStatus = (audit: AuditActionName, status: number, column: 'status' = 'status'): ActionRule => ({
  audit,
  skip: (row) => (row.state === status ? BULK_REASON.already : undefined),
  set: (now) => ({ [column]: status, updatedAt: now }),
  detail: () => ({ status }),
})

/** Into the trash, as the single delete does. */
const toTrash = (audit: AuditActionName): ActionRule => ({
  audit,
  skip: () => undefined,
  set: (now, adminId) => ({ deletedAt: now, deletedBy: adminId }),
  answerIds: true,
})

/** Out of the trash as it went in, as the single restore does (server/routes/trash.ts), under its audit name. */
const fromTrash = (refuse?: ActionRule['refuse']): ActionRule => ({
  audit: 'trash.restore',
  skip: () => undefined,
  set: () => ({ deletedAt: null, deletedBy: null }),
  trashed: true,
  ...(refuse ? { refuse } : {}),
})

/**
 * A site comes back only into a live city. As the single restore: the city rows are locked (after
 * the sites, in the same order), so a city cannot go to the trash meanwhile; the lock the site
 * count's trigger takes anyway.
 */
const siteCityGone = async (tx: Db, rows: Row[]): Promise<Map<string, string>> => {
  const withCity = await tx
    .select({ id: sites.id })
    .from(sites)
    .innerJoin(cities, and(eq(cities.id, sites.cityId), live(cities)))
    .where(sql`${sites.id} = any(${idArray(rows.map((row) => row.id))})`)
    .for('no key update', { of: cities })
  const kept = new Set(withCity.map((row) => row.id))
  return new Map(rows.filter((row) => !kept.has(row.id)).map((row) => [row.id, TRASH_MSG.siteCityGone]))
}

/** A place's bulk action sends the single action's event for each changed row. */
const placeEvents = (type: Parameters<typeof emitPlaceEvents>[1], kind: PlaceKind) => (tx: Db, rows: Row[], now: Date) =>
  emitPlaceEvents(tx, type, kind, rows.map((row) => row.id), now)

const placeSpec = <L extends 'petShops' | 'hospitals'>(list: L, kind: PlaceKind): BulkSpec<L> => ({
  list,
  target: kind,
  table: places,
  id: places.id,
  label: places.name,
  state: places.status,
  draft: places.draft,
  hasImage: placeHasImage,
  deletedAt: places.deletedAt,
  scope: eq(places.kind, kind),
  actions: {
    activate: {
      ...toStatus(`${kind}.status`, PLACE_STATUS.ACTIVE),
      // As the single toggle: a draft stays inactive until its form is saved, a place without an image until it has one.
      skip: (row) =>
        row.state === PLACE_STATUS.ACTIVE ? BULK_REASON.already : row.draft ? BULK_REASON.draft : !row.hasImage ? BULK_REASON.noImage : undefined,
      webhook: placeEvents('place.activated', kind),
    },
    deactivate: { ...toStatus(`${kind}.status`, PLACE_STATUS.DEACTIVE), webhook: placeEvents('place.deactivated', kind) },
    delete: { ...toTrash(`${kind}.delete`), webhook: placeEvents('place.deleted', kind) },
    restore: { ...fromTrash(), webhook: placeEvents('place.restored', kind) },
  } as Record<BulkAction<'petShops' | 'hospitals'>, ActionRule> as BulkSpec<L>['actions'],
})

const SPECS: { [L in BulkList]: BulkSpec<L> } = {
  users: {
    list: 'users',
    target: 'user',
    table: appUsers,
    id: appUsers.id,
    label: sql<string>`coalesce(${appUsers.username}, ${appUsers.email})`,
    state: appUsers.status,
    actions: {
      block: {
        audit: 'user.block',
        skip: (row) => (row.state === USER_STATUS.BLOCKED ? BULK_REASON.already : undefined),
        set: () => ({ status: USER_STATUS.BLOCKED }),
        webhook: (tx, rows, now) => emitUserEvents(tx, 'user.blocked', rows.map((row) => row.id), now),
      },
      unblock: {
        audit: 'user.unblock',
        skip: (row) => (row.state === USER_STATUS.ACTIVE ? BULK_REASON.already : undefined),
        set: () => ({ status: USER_STATUS.ACTIVE }),
        webhook: (tx, rows, now) => emitUserEvents(tx, 'user.unblocked', rows.map((row) => row.id), now),
      },
    },
  },
  petShops: placeSpec('petShops', 'petShop'),
  hospitals: placeSpec('hospitals', 'hospital'),
  sites: {
    list: 'sites',
    target: 'site',
    table: sites,
    id: sites.id,
    label: sites.name,
    state: sites.status,
    deletedAt: sites.deletedAt,
    actions: {
      activate: toStatus('site.status', PLACE_STATUS.ACTIVE),
      deactivate: toStatus('site.status', PLACE_STATUS.DEACTIVE),
      delete: toTrash('site.delete'),
      restore: fromTrash(siteCityGone),
    },
  },
  notifications: {
    list: 'notifications',
    target: 'notification',
    table: notifications,
    id: notifications.id,
    label: notifications.title,
    state: notifications.status,
    deletedAt: notifications.deletedAt,
    actions: { delete: toTrash('notification.delete'), restore: fromTrash() },
  },
  feedback: {
    list: 'feedback',
    target: 'feedback',
    table: feedback,
    id: feedback.id,
    // The start of the description, as the single-row actions label it.
    label: sql<string>`left(${feedback.description}, 80)`,
    state: feedback.status,
    deletedAt: feedback.deletedAt,
    actions: {
      resolve: {
        audit: 'feedback.status',
        skip: (row) => (row.state === FEEDBACK_STATUS.RESOLVED ? BULK_REASON.already : undefined),
        set: () => ({ status: FEEDBACK_STATUS.RESOLVED }),
        detail: (row) => ({ from: row.state, to: FEEDBACK_STATUS.RESOLVED, status: feedbackStatusLabel[FEEDBACK_STATUS.RESOLVED] }),
        webhook: (tx, rows, now) => emitFeedbackStatus(tx, rows.map((row) => ({ id: row.id, from: row.state })), now),
      },
      delete: toTrash('feedback.delete'),
      restore: fromTrash(),
    },
  },
}

/** A uuid array parameter: one bound value however many ids. */
const idArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`

/** The ids of every live row the list's query matches, or 409 past BULK_MAX. */
async function matchingIds<L extends BulkList>(db: Db, spec: BulkSpec<L>, where: SQL | undefined): Promise<string[]> {
  const rows = (await db
    .select({ id: spec.id })
    .from(spec.table)
    .where(and(spec.scope, spec.deletedAt ? live({ deletedAt: spec.deletedAt }) : undefined, where))
    .limit(BULK_MAX + 1)) as { id: string }[]
  if (rows.length > BULK_MAX) throw conflict(BULK_MSG.tooManyMatching)
  return rows.map((row) => row.id)
}

/**
 * Rows per transaction. A transaction holds the embedded database (PGlite runs one at a time) and
 * its rows' locks on PostgreSQL, so other requests wait while it runs: 10,000 rows in one held the
 * API for seconds; in chunks this size other requests' statements take their turn between chunks,
 * for a call somewhat longer (the figures: docs/DECISIONS.md).
 */
export const BULK_CHUNK_ROWS = 100

/** What one chunk's transaction decided: the rows it changed and the ones it left, with why. */
interface ChunkResult {
  changed: Row[]
  skipped: BulkSkipped[]
}

/**
 * One chunk in its transaction: the rows read and locked (trashed ones too: to say "Already
 * deleted" rather than "Not found", and for a restore, the rows it brings back), each changed or
 * skipped with its reason, and an audit entry per changed row (the single action's, `bulk: true`,
 * in the group). `last` adds the group entry, so that a bulk action that ends well commits its
 * group with its last rows.
 */
async function runChunk<L extends BulkList>(
  tx: Db,
  spec: BulkSpec<L>,
  rule: ActionRule,
  ids: string[],
  now: Date,
  adminId: string,
  audit: (events: AuditEvent[], tx: Db) => Promise<void>,
  group: (sofar: ChunkResult) => AuditEvent | undefined,
): Promise<ChunkResult> {
  const found = (await tx
    .select({
      id: spec.id,
      label: spec.label,
      deleted: spec.deletedAt ? sql<boolean>`${spec.deletedAt} is not null` : sql<boolean>`false`,
      state: spec.state,
      draft: spec.draft ?? sql<boolean>`false`,
      hasImage: spec.hasImage ?? sql<boolean>`true`,
    })
    .from(spec.table)
    .where(and(sql`${spec.id} = any(${idArray(ids)})`, spec.scope))
    .for('update')) as Row[]
  const byId = new Map(found.map((row) => [row.id, row]))
  const wanted = !!rule.trashed
  const refused = rule.refuse ? await rule.refuse(tx, found.filter((row) => row.deleted === wanted)) : new Map<string, string>()
  const result: ChunkResult = { changed: [], skipped: [] }
  const reasonOf = (row: Row | undefined) => {
    if (!row) return BULK_REASON.notFound
    if (row.deleted !== wanted) return wanted ? BULK_REASON.notInTrash : BULK_REASON.deleted
    return refused.get(row.id) ?? rule.skip(row)
  }
  for (const requested of ids) {
    const row = byId.get(requested.toLowerCase())
    const reason = reasonOf(row)
    if (reason) result.skipped.push({ _id: requested, reason })
    else result.changed.push(row!)
  }
  if (result.changed.length > 0) {
    const inTrash = spec.deletedAt && (wanted ? isNotNull(spec.deletedAt) : live({ deletedAt: spec.deletedAt }))
    await tx
      .update(spec.table)
      .set(rule.set(now, adminId))
      .where(and(sql`${spec.id} = any(${idArray(result.changed.map((row) => row.id))})`, inTrash))
    await rule.webhook?.(tx, result.changed, now)
  }
  const entry = group(result)
  await audit(
    [
      ...result.changed.map(
        (row): AuditEvent => ({
          action: rule.audit,
          target: { type: spec.target, id: row.id, label: row.label },
          detail: { ...rule.detail?.(row), bulk: true },
        }),
      ),
      ...(entry ? [entry] : []),
    ],
    tx,
  )
  return result
}

/**
 * The bulk action, BULK_CHUNK_ROWS rows per transaction in the order sent, each committed with the
 * audit entries of its rows, the group entry with the last (server/http/audit.ts `recordAudits`:
 * every entry of the call shares its group). Rows are checked as their chunk reaches them, so a
 * row another request changed meanwhile is judged as it then is.
 *
 * When a chunk fails: if none had committed, nothing changed and the error is the answer (500), as
 * for a single action. Otherwise the chunks before it stay done (their rows changed and audited),
 * the answer is the result so far with every row from the failed chunk on skipped as
 * BULK_REASON.stopped, and the group entry says how many were not done.
 */
async function runBulk<L extends BulkList>(
  db: Db,
  spec: BulkSpec<L>,
  action: BulkAction<L>,
  ids: string[],
  now: Date,
  adminId: string,
  audit: (events: AuditEvent[], tx: Db) => Promise<void>,
): Promise<BulkResult> {
  const rule = spec.actions[action]
  const changed: Row[] = []
  const skipped: BulkSkipped[] = []
  const groupEntry = (counts: BulkGroupCounts): AuditEvent => ({
    action: `${spec.target}.bulk_${action}` as AuditActionName,
    target: { type: spec.target, id: null, label: bulkGroupLabel(counts) },
    detail: { count: counts.changed, skipped: counts.skipped, ...(counts.stopped ? { stopped: counts.stopped } : {}) },
  })
  let start = 0
  try {
    for (; start < ids.length; start += BULK_CHUNK_ROWS) {
      // Lets requests that came in meanwhile queue their statements before the next chunk.
      if (start > 0) await new Promise(setImmediate)
      const chunk = ids.slice(start, start + BULK_CHUNK_ROWS)
      const last = start + BULK_CHUNK_ROWS >= ids.length
      const done = await db.transaction((tx) =>
        runChunk(tx, spec, rule, chunk, now, adminId, audit, (result) =>
          last ? groupEntry({ changed: changed.length + result.changed.length, skipped: skipped.length + result.skipped.length }) : undefined,
        ),
      )
      changed.push(...done.changed)
      skipped.push(...done.skipped)
    }
  } catch (err) {
    if (start === 0) throw err
    logError(`bulk ${spec.target}.${action}: a chunk failed after ${start} of ${ids.length} rows`, err)
    const notDone = ids.slice(start).map((id) => ({ _id: id, reason: BULK_REASON.stopped }))
    const entry = groupEntry({ changed: changed.length, skipped: skipped.length, stopped: notDone.length })
    skipped.push(...notDone)
    await audit([entry], db).catch((auditErr: unknown) => logError('bulk: the group audit entry', auditErr))
    return answer(rule, changed, skipped, true)
  }
  return answer(rule, changed, skipped, false)
}

const answer = (rule: ActionRule, changed: Row[], skipped: BulkSkipped[], stopped: boolean): BulkResult => ({
  changed: changed.length,
  skipped,
  stopped,
  ...(rule.answerIds ? { ids: changed.map((row) => row.id) } : {}),
})

function bulkRoute<L extends BulkList>(deps: Deps, spec: BulkSpec<L>, where: BulkWhere[L]) {
  const body = bulkBodies[spec.list] as z.ZodType<BulkBody<L>>
  return new Hono<AppEnv>().post(`/${BULK_PATH[spec.list]}`, permit(bulkRoutePermission(spec.list)), validate('json', body), async (c) => {
    const { action, ids, query } = c.req.valid('json')
    const permissions = BULK_PERMISSION[spec.list] as Record<string, Permission>
    await ensurePermitted(c, permissions[action]!, { action: `${spec.target}.bulk_${action}` as AuditActionName, target: spec.target })
    const targets = ids ?? (await matchingIds(deps.db, spec, where(query!)))
    const admin = c.get('signedIn').admin
    // Every entry of the call (its rows' and the group's) shares a group: the log lists them together.
    const group = randomUUID()
    const result = await runBulk(deps.db, spec, action, targets, deps.clock.now(), admin.id, (events, tx) =>
      recordAudits(c, events, tx, group),
    )
    return c.json(ok(result.stopped ? BULK_MSG.stopped : BULK_MSG.done, result))
  })
}

/** Every list's bulk route (the actions of contract/bulk.ts BULK_ACTIONS). */
export const bulkRoutes = (deps: Deps, where: BulkWhere) => {
  const app = new Hono<AppEnv>()
  for (const list of Object.keys(BULK_ACTIONS) as BulkList[]) {
    app.route('/', bulkRoute(deps, SPECS[list] as BulkSpec<BulkList>, where[list] as BulkWhere[BulkList]))
  }
  return app
}
