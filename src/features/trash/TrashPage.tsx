import { useState } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { EMAIL_CUT, TRASH_DAYS, TRASH_KINDS, trashKindLabel, type TrashItem, type TrashKind } from '@contract'
import { PermittedSection } from '@/components/layout/PermittedSection'
import { ListScreen, cells, listColumns, type ListFilter } from '@/components/list'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { Dashes } from '@/components/ui/Dashes'
import { Truncate } from '@/components/ui/Truncate'
import { trashQuery, useDeleteForever, useRestore } from './api'

const route = getRouteApi('/_signed-in/settings/trash')

/** What a sub admin sees instead of the list (the server answers them 403). */
export const TRASH_ADMIN_ONLY = 'Only admins can manage the trash.'

/**
 * Restore and Delete forever. A row the server would refuse to restore (its `restoreBlocker`: a
 * site whose city is gone, a city whose name is taken) shows why instead of a Restore that fails.
 */
function TrashActions({ item }: { item: TrashItem }) {
  const [confirming, setConfirming] = useState(false)
  const restore = useRestore()
  const purge = useDeleteForever()
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {item.restoreBlocker ? (
        <p className="max-w-xs text-left text-xs text-slate-600">{item.restoreBlocker}</p>
      ) : (
        <Button
          variant="secondary"
          busy={restore.isPending}
          onClick={() => restore.mutate(item)}
          aria-label={`Restore ${item.name}`}
          className="min-h-8 px-3 py-1 text-xs"
        >
          Restore
        </Button>
      )}
      <Button variant="danger" onClick={() => setConfirming(true)} aria-label={`Delete forever: ${item.name}`} className="min-h-8 px-3 py-1 text-xs">
        Delete forever
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${item.name} forever?`}
        confirmLabel="Delete forever"
        tone="danger"
        busy={purge.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => purge.mutate(item, { onSettled: () => setConfirming(false) })}
      >
        {`This ${trashKindLabel[item.kind].toLowerCase()} and its images are erased now. This cannot be undone.`}
      </ConfirmDialog>
    </div>
  )
}

const col = listColumns<TrashItem>()
/** Name and Deleted on sort on the server (sortBy name, deletedAt). */
export const trashColumns = col.columns([
  col.accessor('name', { header: 'Name', enableSorting: true, cell: cells.text, meta: { card: 'title' } }),
  col.accessor('kind', { header: 'Kind', cell: ({ getValue }) => trashKindLabel[getValue()], meta: { card: 'status' } }),
  col.accessor((item) => item.deletedBy?.email ?? null, {
    id: 'deletedBy',
    header: 'Deleted by',
    cell: ({ getValue }) => {
      const email = getValue()
      return email ? <Truncate value={email} max={EMAIL_CUT} /> : <Dashes />
    },
    meta: { card: 'field' },
  }),
  col.accessor('deletedAt', { header: 'Deleted on', enableSorting: true, cell: cells.dateTime, meta: { className: 'whitespace-nowrap', card: 'field' } }),
  col.accessor('purgeAt', { header: 'Erased on', cell: cells.date, meta: { className: 'whitespace-nowrap', card: 'field' } }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => <TrashActions item={row.original} />,
    meta: { className: 'text-right', card: 'actions' },
  }),
])

const kindFilter: ListFilter<TrashKind> = {
  label: 'Kind',
  options: TRASH_KINDS.map((kind) => ({ value: kind, label: trashKindLabel[kind] })),
}

/**
 * Settings > Trash: what admins deleted in the last 30 days (pet shops, hospitals, sites, cities,
 * notifications, FAQs, feedback), who deleted it and when, and when the server erases it; searched
 * by name, filtered by kind, sorted by name or time. Restore brings a row back as it was; Delete
 * forever erases it after a confirmation. A sub admin (no 'trash.manage'; the menu hides the
 * entry, a link still leads here) is told it is for admins, and nothing is asked of the server.
 */
export function TrashPage() {
  return (
    <PermittedSection title="Trash" permission="trash.manage" denied={TRASH_ADMIN_ONLY}>
      <p className="text-sm text-slate-600">{`Deleted records stay here for ${TRASH_DAYS} days, then they are erased for good.`}</p>
      <ListScreen name="Trash" heading={false} route={route} query={trashQuery} columns={trashColumns} filter={kindFilter} searchLabel="Search by name" />
    </PermittedSection>
  )
}
