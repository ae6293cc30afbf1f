import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { AUDIT_CSV_HEADER, AUDIT_MSG, auditListQuery, roleLabel, type AuditActor, type AuditEntry, type AuditListQuery } from '../../contract'
import { exportSelectedBody } from '../../contract/input/bulk'
import { like, listBatches, listPage, pageRows, type ListSource } from '../db/list'
import { countKey, type CountKey } from '../db/row-counts'
import { admins, auditLog, auditSearchText } from '../db/schema'
import type { Deps } from '../deps'
import { permit } from '../http/auth'
import { chosenRows, csvLines, csvResponse, type CsvValue } from '../http/csv'
import type { AppContext, AppEnv } from '../http/env'
import { listOk, ok } from '../http/respond'
import { validate } from '../http/validate'

type AuditSort = NonNullable<AuditListQuery['sortBy']>

const DAY_MS = 24 * 60 * 60 * 1000
/** The first instant of a YYYY-MM-DD day, in UTC (as the CSVs write days). */
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`)

/**
 * The audit list of one query: newest first by default, searched over actor email, action and
 * target label (under its trigram index), narrowed to an action, an actor, whole days and a bulk
 * action's group. Totals come from row_counts (kept by action) when only the
 * action narrows the list.
 */
export function auditListSource(q: Pick<AuditListQuery, 'action' | 'actorId' | 'from' | 'to' | 'group'>): ListSource<AuditSort, never> {
  const byCountOnly = q.actorId === undefined && q.from === undefined && q.to === undefined && q.group === undefined
  const scope: CountKey = q.action !== undefined ? countKey(auditLog.action, q.action) : {}
  return {
    table: auditLog,
    id: auditLog.id,
    createdAt: auditLog.at,
    scope: and(
      q.action !== undefined ? eq(auditLog.action, q.action) : undefined,
      q.actorId !== undefined ? eq(auditLog.actorId, q.actorId) : undefined,
      q.from !== undefined ? gte(auditLog.at, startOfDay(q.from)) : undefined,
      q.to !== undefined ? lt(auditLog.at, new Date(startOfDay(q.to).getTime() + DAY_MS)) : undefined,
      q.group !== undefined ? eq(auditLog.groupId, q.group) : undefined,
    ),
    sortBy: {
      at: { expr: auditLog.at, type: 'timestamptz' },
      action: { expr: auditLog.action, type: 'text' },
      // No null keys: the export's keyset compares them.
      actorEmail: { expr: sql`lower(coalesce(${auditLog.actorEmail}, ''))`, type: 'text' },
    },
    search: (pattern) => like(auditSearchText(auditLog), pattern),
    filter: (none) => none, // narrowed by the query's own fields (scope), not `filter`
    ...(byCountOnly ? { counted: { scope } } : {}),
  }
}

const auditColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorEmail: auditLog.actorEmail,
  actorRole: auditLog.actorRole,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  targetLabel: auditLog.targetLabel,
  address: auditLog.address,
  requestId: auditLog.requestId,
  detail: auditLog.detail,
  count: auditLog.count,
  groupId: auditLog.groupId,
}
type AuditRow = Pick<typeof auditLog.$inferSelect, keyof typeof auditColumns>

export const toAuditEntry = (r: AuditRow): AuditEntry => ({
  _id: r.id,
  at: r.at.toISOString(),
  actor: r.actorId !== null || r.actorEmail !== null ? { id: r.actorId, email: r.actorEmail, role: r.actorRole } : null,
  action: r.action,
  target: r.targetType !== null ? { type: r.targetType, id: r.targetId, label: r.targetLabel } : null,
  address: r.address,
  requestId: r.requestId,
  detail: r.detail,
  count: r.count,
  group: r.groupId,
})

const auditRows = pageRows(auditLog, auditColumns)

/** 'petShop: Happy Paws', or the id when there is no label. */
const targetText = (r: AuditRow) => (r.targetType === null ? null : `${r.targetType}: ${r.targetLabel ?? r.targetId ?? ''}`.trimEnd())

const auditCsvLine = (r: AuditRow): CsvValue[] => [
  r.at.toISOString(),
  r.actorEmail,
  r.actorRole !== null ? roleLabel[r.actorRole] : null,
  r.action,
  targetText(r),
  r.address,
  r.requestId,
  r.count,
]

/** The audit log: list, CSV and the admins to filter by; admin only ('audit.read'). */
const EXPORT_AUDIT = { action: 'audit.export', query: true } as const

export const auditRoutes = (deps: Deps) => {
  const exportAudit = (c: AppContext, q: AuditListQuery & { ids?: readonly string[] }) =>
    csvResponse(c, 'audit-log', deps.clock.now(), AUDIT_CSV_HEADER, csvLines(listBatches(auditListSource(q), q, auditRows(deps.db)), auditCsvLine))
  return new Hono<AppEnv>()
    .get('/admin/audit-log', permit('audit.read'), validate('query', auditListQuery), async (c) => {
      const q = c.req.valid('query')
      const page = await listPage(deps, auditListSource(q), q, auditRows(deps.db))
      return c.json(listOk(AUDIT_MSG.listed, { ...page, rows: page.rows.map(toAuditEntry) }, q))
    })

    .get('/admin/audit-log/export', permit('audit.read', EXPORT_AUDIT), validate('query', auditListQuery), (c) => exportAudit(c, c.req.valid('query')))
    .post(
      '/admin/audit-log/export',
      permit('audit.read', EXPORT_AUDIT),
      validate('query', auditListQuery),
      validate('json', exportSelectedBody),
      (c) => exportAudit(c, { ...c.req.valid('query'), ids: chosenRows(c, c.req.valid('json')) }),
    )

    .get('/admin/audit-log/actors', permit('audit.read'), async (c) => {
      const rows = await deps.db
        .select({ id: admins.id, name: admins.name, email: admins.email, role: admins.role })
        .from(admins)
        .orderBy(asc(admins.email))
      const actors: AuditActor[] = rows.map((a) => ({ _id: a.id, name: a.name, email: a.email, role: a.role }))
      return c.json(ok(AUDIT_MSG.actorsListed, actors))
    })
}
