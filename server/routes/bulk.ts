import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { Hono } from 'hono'
import type { z } from 'zod'
import {
  FEEDBACK_STATUS,
  feedbackStatusLabel,
  PLACE_STATUS,
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
  bulkBodies,
  type BulkAction,
  type BulkBody,
  type BulkQueries,
  type BulkList,
  type BulkResult,
  type BulkSkipped,
} from '../../contract/bulk'
import { conflict } from '../api-error'
import type { Db } from '../db/client'
import { appUsers, feedback, notifications, places, sites } from '../db/schema'
import { live } from '../db/trash'
import type { Deps } from '../deps'
import { recordAudits, type AuditEvent } from '../http/audit'
import { ensurePermitted, permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

/**
 * Bulk actions (contract/bulk.ts): one POST per list, with the chosen ids or the list's query
 * ("all matching", resolved here to at most BULK_MAX ids). In one transaction: the rows are read
 * and locked, each is changed or skipped with its reason, and the audit log gets an entry per
 * changed row (the single-row action's, with `bulk: true`) and one group entry, in one insert.
 * A failure anywhere leaves nothing changed.
 */

/**
 * Each list's conditions for a body's query (search and filters), exactly as the list applies
 * them: the list's own ListSource through `listWhere`. Given by the app, as the sources belong to
 * their routes and a route imports no other.
 */
export type BulkWhere = { [L in BulkList]: (query: BulkQueries[L]) => SQL | undefined }

/** A row as read for the checks: its id, label and the columns an action looks at. */
type Row = { id: string; label: string; deleted: boolean; state: number; draft: boolean }

interface ActionRule {
  /** The single-row action's audit name ('user.block', 'petShop.status'...). */
  audit: AuditActionName
  /** Why this row is left as it is, or undefined to change it. */
  skip: (row: Row) => string | undefined
  /** The columns set on the changed rows. */
  set: (now: Date, adminId: string) => Record<string, unknown>
  /** Facts for each row's audit entry. */
  detail?: (row: Row) => Record<string, unknown>
}

interface BulkSpec<L extends BulkList> {
  list: L
  target: AuditTargetType
  table: PgTable
  id: PgColumn
  label: SQL | PgColumn
  /** The column an action checks (status), and whether the row is a draft. */
  state: SQL | PgColumn
  draft?: PgColumn
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
})

const placeSpec = <L extends 'petShops' | 'hospitals'>(list: L, kind: PlaceKind): BulkSpec<L> => ({
  list,
  target: kind,
  table: places,
  id: places.id,
  label: places.name,
  state: places.status,
  draft: places.draft,
  deletedAt: places.deletedAt,
  scope: eq(places.kind, kind),
  actions: {
    activate: {
      ...toStatus(`${kind}.status`, PLACE_STATUS.ACTIVE),
      // A draft stays inactive until its form is saved, as with the single toggle.
      skip: (row) => (row.draft ? BULK_REASON.draft : row.state === PLACE_STATUS.ACTIVE ? BULK_REASON.already : undefined),
    },
    deactivate: toStatus(`${kind}.status`, PLACE_STATUS.DEACTIVE),
    delete: toTrash(`${kind}.delete`),
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
      },
      unblock: {
        audit: 'user.unblock',
        skip: (row) => (row.state === USER_STATUS.ACTIVE ? BULK_REASON.already : undefined),
        set: () => ({ status: USER_STATUS.ACTIVE }),
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
    actions: { delete: toTrash('notification.delete') },
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
      },
      delete: toTrash('feedback.delete'),
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
  return db.transaction(async (tx) => {
    // Trashed rows too (the one read that does not leave them out): to say "Already deleted" rather than "Not found".
    const found = (await tx
      .select({
        id: spec.id,
        label: spec.label,
        deleted: spec.deletedAt ? sql<boolean>`${spec.deletedAt} is not null` : sql<boolean>`false`,
        state: spec.state,
        draft: spec.draft ?? sql<boolean>`false`,
      })
      .from(spec.table)
      .where(and(sql`${spec.id} = any(${idArray(ids)})`, spec.scope))
      .for('update')) as Row[]
    const byId = new Map(found.map((row) => [row.id, row]))
    const skipped: BulkSkipped[] = []
    const changed: Row[] = []
    for (const requested of ids) {
      const row = byId.get(requested.toLowerCase())
      const reason = !row ? BULK_REASON.notFound : row.deleted ? BULK_REASON.deleted : rule.skip(row)
      if (reason) skipped.push({ _id: requested, reason })
      else changed.push(row!)
    }
    if (changed.length > 0) {
      await tx
        .update(spec.table)
        .set(rule.set(now, adminId))
        .where(and(sql`${spec.id} = any(${idArray(changed.map((row) => row.id))})`, spec.deletedAt ? live({ deletedAt: spec.deletedAt }) : undefined))
    }
    await audit(
      [
        ...changed.map(
          (row): AuditEvent => ({
            action: rule.audit,
            target: { type: spec.target, id: row.id, label: row.label },
            detail: { ...rule.detail?.(row), bulk: true },
          }),
        ),
        {
          action: `${spec.target}.bulk_${action}` as AuditActionName,
          target: { type: spec.target, id: null, label: null },
          detail: { count: changed.length, skipped: skipped.length },
        },
      ],
      tx,
    )
    return { changed: changed.length, skipped }
  })
}

/** The route's own check: its list's status permission (both roles); a delete is checked again in the handler. */
const routePermission = (list: BulkList): Permission => {
  const all = Object.values(BULK_PERMISSION[list]) as Permission[]
  return all.find((p) => !p.endsWith('.delete')) ?? all[0]!
}

function bulkRoute<L extends BulkList>(deps: Deps, spec: BulkSpec<L>, where: BulkWhere[L]) {
  const body = bulkBodies[spec.list] as z.ZodType<BulkBody<L>>
  return new Hono<AppEnv>().post(`/${BULK_PATH[spec.list]}`, permit(routePermission(spec.list)), validate('json', body), async (c) => {
    const { action, ids, query } = c.req.valid('json')
    const permissions = BULK_PERMISSION[spec.list] as Record<string, Permission>
    await ensurePermitted(c, permissions[action]!, { action: `${spec.target}.bulk_${action}` as AuditActionName, target: spec.target })
    const targets = ids ?? (await matchingIds(deps.db, spec, where(query!)))
    const admin = c.get('signedIn').admin
    const result = await runBulk(deps.db, spec, action, targets, deps.clock.now(), admin.id, (events, tx) => recordAudits(c, events, tx))
    return c.json(ok(BULK_MSG.done, result))
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
