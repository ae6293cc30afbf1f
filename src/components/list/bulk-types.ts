import type { BulkList, BulkResult } from '@contract/bulk'

/** A list's CSV export: the server's path ('admin/users/export') and the file's name when the server names none. */
export type ListCsv = { path: string; filename: string }

/* The shapes of a list's bulk actions: what a screen gives (ListBulk), and what bulkChoice.tsx hands its lazy bar (BulkActionsBar.tsx). */

export type ListBulk<TRow> = {
  /** The list's bulk actions (contract/bulk.ts); omitted: Export selected only (partners, the audit log). */
  list?: BulkList
  /** The row's noun, singular and plural: "Block 37 users?". */
  noun: readonly [one: string, many: string]
  /** A row checkbox's name and a skipped row's label, e.g. the username. */
  rowLabel: (row: TRow) => string
  /** Fields the list's query always carries beyond its search state (a city's sites: its cityId). */
  scope?: Record<string, string>
}

/** The rows chosen: by id (with their labels, for the summary), or every row the search matches. */
export type BulkChoice = { key: string; ids: Map<string, string>; allMatching: boolean }

/** `message`: the server's, shown when an error stopped the action (`result.stopped`). */
export type BulkSummary = { text: string; message: string; result: BulkResult; labels: Map<string, string> }
