import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { auditActor, auditEntry, auditListQuery, can, type AuditListQuery } from '@contract'
import { listDeps, listSearch, prefetchList, type ListParam } from '@/components/list/search'
import type { AuthStore } from '@/lib/auth'
import { http, withData } from '@/lib/http'

export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  /** `q` already parsed: defaults applied, so equal lists share one key. */
  list: (q: AuditListQuery) => [...auditKeys.lists(), q] as const,
  actors: () => [...auditKeys.all, 'actors'] as const,
}

/** The audit list query's own fields beyond the list kit's: kept in the URL and sent with the rest. */
export const AUDIT_PARAMS = ['action', 'actorId', 'from', 'to'] as const satisfies readonly ListParam<AuditListQuery>[]

/**
 * The route's search: the contract's audit query made forgiving by the list kit. The kit builds it
 * from the query's fields, so the contract's from ≤ to rule is not in it: a link whose range is
 * the wrong way round keeps its start and loses its end here, rather than failing on the server.
 * (The date inputs refuse such a range before it is sent.)
 */
export const auditLogSearch = listSearch(auditListQuery).transform((q) =>
  q.from !== undefined && q.to !== undefined && q.from > q.to ? { ...q, to: undefined } : q,
)

/** Only the audit list's parameters of a route's search (the key the loader and the screen share). */
export const auditDeps = (search: AuditListQuery) => listDeps(search, AUDIT_PARAMS)

/** GET admin/audit-log: one page of the audit log. */
export const auditLogQuery = (q: AuditListQuery) =>
  queryOptions({ queryKey: auditKeys.list(q), queryFn: () => http.list('admin/audit-log', q, auditEntry) })

/** GET admin/audit-log/actors: every admin account, for the actor filter. */
export const auditActorsQuery = queryOptions({
  queryKey: auditKeys.actors(),
  queryFn: async () => (await http.get('admin/audit-log/actors', withData(z.array(auditActor)))).data,
  staleTime: 5 * 60_000,
})

/**
 * The route loader's part: start the first page for an admin. A sub admin is not asked for (the
 * server would answer 403 and the client toast it); the page tells them the log is for admins.
 */
export function prefetchAuditLog({ queryClient, auth }: { queryClient: QueryClient; auth: AuthStore }, q: AuditListQuery) {
  if (!can(auth.get().userDetails?.role, 'audit.read')) return
  prefetchList(queryClient, auditLogQuery(q))
  queryClient.prefetchQuery(auditActorsQuery).catch(() => undefined)
}
