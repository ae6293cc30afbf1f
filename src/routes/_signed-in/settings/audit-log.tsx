import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { LIST_PARAMS, listDefaults } from '@contract/list-params'
import { listDeps, listSearch } from '@/components/list/search'
import { prefetchAuditLog } from '@/features/audit/api'
import { AuditLogPage } from '@/features/audit/AuditLogPage'

const auditListSearch = listSearch(LIST_PARAMS.audit)

/**
 * The list kit reads each field alone, so the contract's from ≤ to rule is not in it: a link whose
 * range is the wrong way round keeps its start and loses its end here, rather than failing on the
 * server. (The date inputs refuse such a range before it is sent.)
 */
const auditLogSearch: typeof auditListSearch = {
  parse: (input) => {
    const q = auditListSearch.parse(input)
    return q.from !== undefined && q.to !== undefined && q.from > q.to ? { ...q, to: undefined } : q
  },
}

export const Route = createFileRoute('/_signed-in/settings/audit-log')({
  validateSearch: auditLogSearch,
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => listDeps(search, LIST_PARAMS.audit.params),
  loader: ({ context, deps }) => prefetchAuditLog(context, deps),
  staticData: { title: 'Audit Log' },
  component: AuditLogPage,
})
