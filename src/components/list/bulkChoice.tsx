import { Suspense, useEffect, useState, type ReactNode } from 'react'
import { can, type Permission } from '@contract'
// Not from the barrel, which the first visit loads: the bulk contract comes with the lists.
import { BULK_PERMISSION } from '@contract/bulk'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { useAuth } from '@/lib/auth'
import { lazyChunk } from '@/lib/lazy-component'
import { onRowsRemoved } from '@/lib/list-cache'
import type { BulkChoice, BulkSummary, ListBulk, ListCsv } from './bulk-types'
import type { RowSelection } from './table-types'
import type { ListSearch } from './search'

/**
 * Bulk actions of a list (contract/bulk.ts): `bulk` on ListScreen gives each row a checkbox and,
 * once rows are chosen, a bar with "Select all N matching", the list's actions for the admin's
 * role, a confirmation naming the count, and the answer's summary. Only the choice lives here;
 * the bar, its dialog and its call load on the first choice (BulkActionsBar.tsx), so a list's first
 * visit does not grow.
 */
const BulkActionsBar = lazyChunk(() => import('./BulkActionsBar'), ChunkLoadFailed)

/**
 * The search, filters and scope that pick the rows, not their order or page: a new one starts a
 * new choice. The scope counts: the router keeps the page when only a city's id changes.
 */
const choiceKey = (state: ListSearch, scope: Record<string, string> | undefined) => {
  const { page: _page, limit: _limit, sortBy: _sortBy, sortOrder: _sortOrder, ...rest } = state
  return JSON.stringify({ ...rest, scope })
}

/** The list query of "all matching": the list's state without its page. */
export const matchingQuery = (state: ListSearch) => {
  const { page: _page, limit: _limit, ...query } = state
  return query
}

export function useBulkChoice<TRow extends { _id: string }>(
  bulk: ListBulk<TRow> | undefined,
  /** The list's CSV export, for Export selected (of chosen rows or all matching). */
  csv: ListCsv | undefined,
  state: ListSearch,
  total: number | undefined,
  /** The page's rows: unticking one while "all matching" is on keeps the others of the page. */
  pageRows: readonly TRow[] | undefined,
): { selection: RowSelection<TRow> | undefined; bar: ReactNode } {
  const key = choiceKey(state, bulk?.scope)
  const scopeKey = JSON.stringify(bulk?.scope ?? {})
  const [choice, setChoice] = useState<BulkChoice>({ key, ids: new Map(), allMatching: false })
  const [shownSummary, setShownSummary] = useState<{ scope: string; summary: BulkSummary } | null>(null)
  // Another city's summary does not describe this one's rows (a new search keeps it: same rows).
  const summary = shownSummary && shownSummary.scope === scopeKey ? shownSummary.summary : null
  const setSummary = (next: BulkSummary | null) => setShownSummary(next && { scope: scopeKey, summary: next })
  // Another search or filter: the earlier choice no longer describes these rows.
  const current = choice.key === key ? choice : { key, ids: new Map<string, string>(), allMatching: false }
  // A deleted row leaves the choice with the list (a row's Delete while others are chosen).
  useEffect(
    () =>
      onRowsRemoved((gone) =>
        setChoice((prev) => {
          if (![...gone].some((id) => prev.ids.has(id))) return prev
          const ids = new Map(prev.ids)
          for (const id of gone) ids.delete(id)
          return { ...prev, ids }
        }),
      ),
    [],
  )
  const role = useAuth().userDetails?.role
  // A role with none of the list's actions (a sub admin on notifications) and no export gets no checkboxes.
  const usable =
    !!bulk && (!!csv || (!!bulk.list && Object.values(BULK_PERMISSION[bulk.list] as Record<string, Permission>).some((p) => can(role, p))))
  if (!bulk || !usable) return { selection: undefined, bar: null }

  const selection: RowSelection<TRow> = {
    isSelected: (row) => current.allMatching || current.ids.has(row._id),
    onChange: (rows, selected) => {
      // Unticking a row of "all matching": the bulk call takes ids or a query, not a query less
      // some ids, so the choice becomes this page's other rows, and the bar says how many.
      const ids = current.allMatching ? new Map((pageRows ?? []).map((row) => [row._id, bulk.rowLabel(row)])) : new Map(current.ids)
      for (const row of rows) {
        if (selected) ids.set(row._id, bulk.rowLabel(row))
        else ids.delete(row._id)
      }
      setChoice({ key, ids, allMatching: false })
    },
    rowLabel: (row) => `Select ${bulk.rowLabel(row)}`,
    pageLabel: `Select all ${bulk.noun[1]} on this page`,
  }
  const chosen = current.allMatching || current.ids.size > 0
  const bar =
    chosen || summary ? (
      <Suspense fallback={null}>
        <BulkActionsBar
          bulk={bulk as ListBulk<unknown>}
          csv={csv}
          choice={current}
          total={total ?? 0}
          query={{ ...matchingQuery(state), ...bulk.scope }}
          summary={summary}
          onChoice={(ids, allMatching) => setChoice({ key, ids, allMatching })}
          onSummary={setSummary}
        />
      </Suspense>
    ) : null
  return { selection, bar }
}
