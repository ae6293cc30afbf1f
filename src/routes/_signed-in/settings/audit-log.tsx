import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { listDefaults } from '@contract'
import { auditDeps, auditLogSearch, prefetchAuditLog } from '@/features/audit/api'
import { AuditLogPage } from '@/features/audit/AuditLogPage'

export const Route = createFileRoute('/_signed-in/settings/audit-log')({
  validateSearch: auditLogSearch,
  search: { middlewares: [stripSearchParams(listDefaults)] },
  loaderDeps: ({ search }) => auditDeps(search),
  loader: ({ context, deps }) => prefetchAuditLog(context, deps),
  staticData: { title: 'Audit Log' },
  component: AuditLogPage,
})
