import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { auditActor, auditEntry, can, type AuditListQuery } from '@contract'
import { prefetchList } from '@/components/list/search'
import type { AuthStore } from '@/lib/auth'
import { http, withData } from '@/lib/http'

export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  /** `q` already parsed: defaults applied, so equal lists share one key. */
  list: (q: AuditListQuery) => [...auditKeys.lists(), q] as const,
  actors: () => [...auditKeys.all, 'actors'] as const,
}

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
