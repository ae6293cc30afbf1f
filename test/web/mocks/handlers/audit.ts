import type { HttpHandler } from 'msw'
import { AUDIT_CSV_HEADER, AUDIT_MSG, auditListQuery, roleLabel, type AuditEntry, type AuditListQuery, type CsvValue } from '@contract'
import { db, ok, route } from '../db'
import { csvAnswer, exportRoutes, listAnswer, type ListRules } from '../list'

/**
 * The audit log as server/routes/audit.ts answers it: admin only ('audit.read', 403 otherwise),
 * the contract's query (400 with field messages on a bad date, actor or a from after to), search
 * over actor email, action and target label, an exact action, an actor, whole UTC days both
 * inclusive, a bulk action's group, sorted by at, action or actorEmail (newest first by default), then paged.
 */

/** An entry with the fields the list helpers sort on: `createdAt` (the default order) and the sortBy names. */
type Row = { entry: AuditEntry; createdAt: string; at: string; action: string; actorEmail: string | null }

const rules: ListRules<Row> = {
  searchIn: ({ entry }) => [entry.actor?.email, entry.action, entry.target?.label],
}

/** The entries the query's own fields select (the list helpers do search, sort and page). */
function selected(q: AuditListQuery): Row[] {
  const day = (entry: AuditEntry) => entry.at.slice(0, 10) // ISO UTC: the day in UTC
  return db.audit.entries
    .filter(
      (e) =>
        (q.action === undefined || e.action === q.action) &&
        (q.actorId === undefined || e.actor?.id === q.actorId) &&
        (q.from === undefined || day(e) >= q.from) &&
        (q.to === undefined || day(e) <= q.to) &&
        (q.group === undefined || e.group === q.group),
    )
    .map((entry) => ({ entry, createdAt: entry.at, at: entry.at, action: entry.action, actorEmail: entry.actor?.email ?? null }))
}

const targetText = ({ target }: AuditEntry) => (target === null ? null : `${target.type}: ${target.label ?? target.id ?? ''}`.trimEnd())
const csvValues: ((e: AuditEntry) => CsvValue)[] = [
  (e) => e.at,
  (e) => e.actor?.email,
  (e) => (e.actor?.role ? roleLabel[e.actor.role] : null),
  (e) => e.action,
  targetText,
  (e) => e.address,
  (e) => e.requestId,
  (e) => e.count,
]

export const auditHandlers: HttpHandler[] = [
  route('get', '/admin/audit-log', { permission: 'audit.read', query: auditListQuery }, ({ query }) =>
    listAnswer(query, selected(query), rules, { message: AUDIT_MSG.listed, map: (r) => r.entry }),
  ),

  ...exportRoutes('/admin/audit-log/export', { permission: 'audit.read', query: auditListQuery }, (query, chosen) =>
    csvAnswer(query, selected(query).filter((r) => chosen(r.entry._id)), rules, {
      stem: 'audit-log',
      columns: AUDIT_CSV_HEADER.map((header, i) => [header, (r: Row) => csvValues[i]!(r.entry)]),
    }),
  ),

  route('get', '/admin/audit-log/actors', { permission: 'audit.read' }, () =>
    ok(AUDIT_MSG.actorsListed, [...db.audit.actors].sort((a, b) => a.email.localeCompare(b.email))),
  ),
]
