import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { AUDIT_MSG, EMAIL_CUT, roleLabel, type AuditEntry } from '@contract'
import { LIST_PARAMS } from '@contract/list-params'
import { PermittedSection } from '@/components/layout/PermittedSection'
import { ListScreen, cells, dateRangeFilter, listColumns, selectFilter, type ListBulk, type ListFilterPart } from '@/components/list'
import { Button } from '@/components/ui/Button'
import { Dashes, OrDashes } from '@/components/ui/Dashes'
import { Truncate } from '@/components/ui/Truncate'
import { formatDateTime, isBlank } from '@/lib/format'
import { auditActorsQuery, auditLogQuery } from './api'
import { ViewAuditEntry } from './ViewAuditEntry'
import { BulkGroupLink } from './BulkGroupLink'
import { actionLabel, actionOptions, isBulkGroupEntry, targetName, targetTypeLabel } from './labels'

const route = getRouteApi('/_signed-in/settings/audit-log')
type AuditSearch = ReturnType<typeof route.useSearch>

/** What a sub admin sees instead of the log (the server answers them 403). */
export const AUDIT_ADMIN_ONLY = 'Only admins can view the audit log.'
/** Above the list filtered to a bulk action's group (the link of its entries). */
export const GROUP_CHIP_LABEL = 'Bulk action'
export const GROUP_CHIP = 'its entry and each changed row’s'
export const GROUP_SHOWN = 'Showing one bulk action: its entry and each changed row’s.'
/** The request id's cut in the table; the full id is its tooltip and is in the entry's dialog. */
export const REQUEST_ID_CUT = 8

function ActorCell({ actor }: { actor: AuditEntry['actor'] }) {
  if (!actor || isBlank(actor.email)) return <Dashes />
  return (
    <span className="flex flex-col">
      <Truncate value={actor.email} max={EMAIL_CUT} />
      {actor.role !== null && <span className="text-xs text-slate-500">{roleLabel[actor.role]}</span>}
    </span>
  )
}

/**
 * The entry's time on one line where there is room, else the date over the time: each stays
 * whole (a date broken at its hyphens reads badly), the line may break between them.
 */
function TimeCell({ at }: { at: string }) {
  const [date, time] = formatDateTime(at).split(', ')
  return (
    <>
      <span className="whitespace-nowrap">{date},</span> <span className="whitespace-nowrap">{time}</span>
    </>
  )
}

/** A target's kind and name; a bulk action's group entry, what it came to and the link to its rows. */
function TargetCell({ entry }: { entry: AuditEntry }) {
  // Within the group's own list the link would lead where the list already is.
  const inGroup = route.useSearch({ select: (search) => search.group !== undefined })
  const { target } = entry
  if (!target) return <Dashes />
  return (
    <span className="flex flex-col">
      <span className="text-xs text-slate-500">{targetTypeLabel(target.type)}</span>
      <span className="wrap-anywhere">
        <OrDashes value={targetName(target)} />
      </span>
      {isBulkGroupEntry(entry) && !inGroup && <BulkGroupLink entry={entry} />}
    </span>
  )
}

const col = listColumns<AuditEntry>()
/**
 * Time, Actor and Action sort on the server (sortBy at, actorEmail, action). Seven columns beside
 * the settings menu: at 1440 px the table has about 870 px, so no cell may hold its content on one
 * line wider than it needs. The time may wrap after its date; a target's label and an address (a
 * long name, an email, an IPv6 address) wrap anywhere, where they once set their column's width
 * by their longest word and pushed View out of the card.
 */
export const auditColumns = col.columns([
  col.accessor('at', { header: 'Time', enableSorting: true, cell: ({ getValue }) => <TimeCell at={getValue()} /> }),
  col.accessor((entry) => entry.actor?.email ?? null, {
    id: 'actorEmail',
    header: 'Actor',
    enableSorting: true,
    cell: ({ row }) => <ActorCell actor={row.original.actor} />,
  }),
  col.accessor('action', {
    header: 'Action',
    enableSorting: true,
    meta: { card: 'title' },
    // The readable name; the raw action as its tooltip (and in the entry's dialog). An entry that
    // stands for repeated failures says how many.
    cell: ({ getValue, row }) => (
      <span title={getValue()}>
        {actionLabel(getValue())}
        {row.original.count > 1 && <span className="ml-1 text-slate-500">×{row.original.count}</span>}
      </span>
    ),
  }),
  col.display({ id: 'target', header: 'Target', cell: ({ row }) => <TargetCell entry={row.original} /> }),
  col.accessor('address', { header: 'Address', cell: (info) => <span className="wrap-anywhere">{cells.text(info)}</span> }),
  col.accessor('requestId', {
    header: 'Request id',
    cell: ({ getValue }) => <Truncate value={getValue()} max={REQUEST_ID_CUT} className="font-mono text-xs" />,
  }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => <ViewAuditEntry entry={row.original} />,
    meta: { className: 'text-right', card: 'actions' },
  }),
])

/** The log is never changed from the screen: Export selected only. */
const bulk: ListBulk<AuditEntry> = {
  noun: ['entry', 'entries'],
  rowLabel: (entry) => `${actionLabel(entry.action)}, ${formatDateTime(entry.at)}`,
}

/** One bulk action's entries (set by its link in the Target column), shown as a chip like any filter. */
const groupFilter: ListFilterPart<AuditSearch> = {
  label: GROUP_CHIP_LABEL,
  keys: ['group'],
  chip: () => GROUP_CHIP,
  control: (_state, change) => (
    <p className="flex flex-col items-start gap-2 text-sm text-slate-700">
      {GROUP_SHOWN}
      <Button variant="ghost" onClick={() => change({ group: undefined })}>
        Show all entries
      </Button>
    </p>
  ),
}

function AuditLogList() {
  const actors = useQuery(auditActorsQuery)
  const actorOptions = (actors.data ?? []).map((a) => ({ value: a._id, label: `${a.name} (${a.email})` }))
  return (
    <ListScreen
      name="Audit Log"
      list="audit"
      heading={false}
      route={route}
      params={LIST_PARAMS.audit.params}
      query={auditLogQuery}
      columns={auditColumns}
      bulk={bulk}
      filters={[
        selectFilter<AuditSearch, 'action'>('action', 'Action', actionOptions),
        selectFilter<AuditSearch, 'actorId'>('actorId', 'Actor', actorOptions),
        dateRangeFilter<AuditSearch>('Days', AUDIT_MSG.fromAfterTo),
        groupFilter,
      ]}
      csv={{ path: 'admin/audit-log/export', filename: 'audit-log.csv' }}
    />
  )
}

/**
 * Settings > Audit Log: who did what to what, when, from where, for admins only. The list
 * kit's screen, searched (actor email, action, target), filtered by action, actor and a range of
 * days, sorted by time, actor or action, exported as CSV; each entry opens in full. A sub admin
 * (no 'audit.read'; the menu hides the entry, a link still leads here) is told it is for admins,
 * and nothing is asked of the server.
 */
export function AuditLogPage() {
  return (
    <PermittedSection title="Audit Log" permission="audit.read" denied={AUDIT_ADMIN_ONLY}>
      <AuditLogList />
    </PermittedSection>
  )
}
