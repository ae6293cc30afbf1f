/**
 * The list kit's table shapes: what a screen hands DataTable and what its parts (the cards, the
 * row checkboxes, the column choice, the bulk bar) read. Apart from DataTable so that those parts
 * do not import back from the table that imports them.
 */
import type { ColumnDef, PaginationState, RowData } from '@tanstack/react-table'
import type { SortOrder } from '@contract'
import type { ListFeatures } from './columns'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column keeps its own value type
export type ListColumnDefs<TRow extends RowData> = ColumnDef<ListFeatures, TRow, any>[]

export type TableSort = {
  sortBy: string | undefined
  sortOrder: SortOrder
  onSortChange: (sortBy: string | undefined, sortOrder: SortOrder) => void
}

export type TablePage = {
  /** Zero-based, as TanStack Table counts; the list screen converts to the 1-based wire page. */
  pageIndex: number
  pageSize: number
  rowCount: number
  /** The server stopped counting: there are at least `rowCount` rows. */
  rowCountIsLowerBound?: boolean | undefined
  pageSizes: readonly number[]
  onPageChange: (next: PaginationState) => void
}

/**
 * Rows that can be chosen (a picker): a checkbox per row and one for every row on the page. The
 * caller holds the choice (so it can outlive pages and searches); the table only asks and tells.
 */
export type RowSelection<TRow> = {
  isSelected: (row: TRow) => boolean
  /** One row's checkbox, or the page's: these rows become chosen (`true`) or not. */
  onChange: (rows: TRow[], selected: boolean) => void
  /** The row checkbox's accessible name, e.g. `Select kofi_mensah`. */
  rowLabel: (row: TRow) => string
  /** The page checkbox's accessible name. */
  pageLabel?: string
}
