import { http, type HttpHandler } from 'msw'
import { API_MSG, AUDIT_CSV_HEADER, AUDIT_MSG, auditListQuery, can, roleLabel, type AuditEntry, type AuditListQuery, type CsvValue } from '@contract'
import { api, authenticate, db, fail, ok, type MockAdmin } from '../db'
import { csvAnswer, listAnswer, readQuery, type ListRules } from '../list'

/**
 * The audit log as server/routes/audit.ts answers it: admin only ('audit.read', 403 otherwise),
 * the contract's query (400 with field messages on a bad date, actor or a from after to), search
 * over actor email, action and target label, an exact action, an actor, whole UTC days both
 * inclusive, sorted by at, action or actorEmail (newest first by default), then paged.
 */

/** An entry with the fields the list helpers sort on: `createdAt` (the default order) and the sortBy names. */
type Row = { entry: AuditEntry; createdAt: string; at: string; action: string; actorEmail: string | null }

const rules: ListRules<Row> = {
  searchIn: ({ entry }) => [entry.actor?.email, entry.action, entry.target?.label],
}

/** The signed-in admin if they may read the log, or the 401/403 to answer. */
function reader(request: Request): MockAdmin | Response {
  const admin = authenticate(request)
  if (admin instanceof Response) return admin
  return can(admin.role, 'audit.read') ? admin : fail('FORBIDDEN', API_MSG.forbidden)
}

/** The entries the query's own fields select (the list helpers do search, sort and page), or its 400. */
function selected(request: Request): Row[] | Response {
  const q: AuditListQuery | Response = readQuery(request, auditListQuery)
  if (q instanceof Response) return q
  const day = (entry: AuditEntry) => entry.at.slice(0, 10) // ISO UTC: the day in UTC
  return db.audit.entries
    .filter(
      (e) =>
        (q.action === undefined || e.action === q.action) &&
        (q.actorId === undefined || e.actor?.id === q.actorId) &&
        (q.from === undefined || day(e) >= q.from) &&
        (q.to === undefined || day(e) <= q.to),
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
  http.get(api('/admin/audit-log'), ({ request }) => {
    const admin = reader(request)
    if (admin instanceof Response) return admin
    const rows = selected(request)
    if (rows instanceof Response) return rows
    return listAnswer(request, auditListQuery, rows, rules, { message: AUDIT_MSG.listed, map: (r) => r.entry })
  }),

  http.get(api('/admin/audit-log/export'), ({ request }) => {
    const admin = reader(request)
    if (admin instanceof Response) return admin
    const rows = selected(request)
    if (rows instanceof Response) return rows
    return csvAnswer(request, auditListQuery, rows, rules, {
      stem: 'audit-log',
      columns: AUDIT_CSV_HEADER.map((header, i) => [header, (r: Row) => csvValues[i]!(r.entry)]),
    })
  }),

  http.get(api('/admin/audit-log/actors'), ({ request }) => {
    const admin = reader(request)
    if (admin instanceof Response) return admin
    return ok(AUDIT_MSG.actorsListed, [...db.audit.actors].sort((a, b) => a.email.localeCompare(b.email)))
  }),
]
