import { useCallback, useMemo, useRef, type ReactNode, type RefObject } from 'react'
import { functionalUpdate, useTable, type PaginationState, type RowData, type SortingState } from '@tanstack/react-table'
import { PHONE_SCREEN, useMediaQuery } from '@/components/layout/useMediaQuery'
import type { ColumnLayout } from './columnChoice'
import { listFeatures } from './columns'
import { SortAscIcon, SortDescIcon, SortNoneIcon } from './list-icons'
import { Pagination } from './Pagination'
import { RowCards, type PageSelection } from './RowCards'
import { Checkbox, NoRowsMessage, RowCheckbox } from './rowParts'
import { ROW_ID_ATTRIBUTE, useFocusAfterRowLeaves } from './useRowFocus'
import type { ListColumnDefs, RowSelection, TablePage, TableSort } from './table-types'

export type DataTableProps<TRow extends RowData & { _id: string }> = {
  /** The table's name: its caption and the empty text 'No {name} Found !!!'. */
  name: string
  columns: ListColumnDefs<TRow>
  /** `undefined` while the first load is pending: skeleton rows. */
  data: TRow[] | undefined
  /** A newer page is on its way while this one stays on screen. */
  busy?: boolean
  error?: { message: string; retry: () => void } | null
  /** Server-side sorting; omitted: no sortable headers. */
  sort?: TableSort
  /** Server-side pagination; omitted: no pagination bar. */
  page?: TablePage
  /** Rows drawn while pending. */
  skeletonRows?: number
  /** Choosable rows: a leading checkbox column; omitted: none. */
  selection?: RowSelection<TRow>
  /** Where focus goes when a delete leaves no row (the list's heading); the table's frame by default. */
  headingRef?: RefObject<HTMLElement | null>
  /** The columns shown and their order (the admin's choice, columnChoice.ts); omitted: all, as defined. */
  layout?: ColumnLayout
}

const getRowId = (row: { _id: string }) => row._id
const NO_ROWS: never[] = []
const ALL_COLUMNS: ColumnLayout = { columnVisibility: {}, columnOrder: [] }

/**
 * A server-driven table (TanStack Table v9, manual sorting and pagination): a real <table> with a
 * caption, header cells with scope, sortable headers as buttons with aria-sort, skeleton rows
 * while pending, 'No {name} Found !!!' when empty, an error row with Retry, and the pagination bar.
 * On a phone (below `sm`) the same rows are cards instead (`RowCards`): one or the other, never
 * both. When the row that held focus leaves (a confirmed delete), focus goes to the next row, or
 * to `headingRef` when none is left. Used by `ListScreen`; usable alone for a table that is not a
 * routed list.
 */
export function DataTable<TRow extends RowData & { _id: string }>({
  name,
  columns,
  data,
  busy = false,
  error,
  sort,
  page,
  skeletonRows = 5,
  selection,
  headingRef,
  layout = ALL_COLUMNS,
}: DataTableProps<TRow>) {
  const phone = useMediaQuery(PHONE_SCREEN)
  const frame = useRef<HTMLDivElement>(null)
  const rowIds = useMemo(() => data?.map((row) => row._id) ?? [], [data])
  const heading = useCallback(() => headingRef?.current ?? null, [headingRef])
  useFocusAfterRowLeaves(frame, rowIds, heading)

  const sortBy = sort?.sortBy
  const sortOrder = sort?.sortOrder ?? 0
  const sorting = useMemo<SortingState>(
    () => (sortBy && sortOrder !== 0 ? [{ id: sortBy, desc: sortOrder === -1 }] : []),
    [sortBy, sortOrder],
  )
  const pageIndex = page?.pageIndex ?? 0
  const pageSize = page?.pageSize ?? Math.max(data?.length ?? 0, 1)
  const pagination = useMemo<PaginationState>(() => ({ pageIndex, pageSize }), [pageIndex, pageSize])

  const table = useTable({
    features: listFeatures,
    columns,
    data: data ?? (NO_ROWS as TRow[]),
    getRowId,
    manualSorting: true,
    manualPagination: true,
    rowCount: page?.rowCount ?? data?.length ?? 0,
    enableMultiSort: false,
    // Every sortable column starts ascending, then descending, then back to the list's own order.
    sortDescFirst: false,
    enableSortingRemoval: true,
    defaultColumn: { enableSorting: false },
    state: { sorting, pagination, columnVisibility: layout.columnVisibility, columnOrder: layout.columnOrder },
    onSortingChange: (updater) => {
      const [next] = functionalUpdate(updater, sorting)
      sort?.onSortChange(next?.id, next ? (next.desc ? -1 : 1) : 0)
    },
    onPaginationChange: (updater) => page?.onPageChange(functionalUpdate(updater, pagination)),
  })

  const rows = table.getRowModel().rows
  const columnCount = table.getVisibleLeafColumns().length + (selection ? 1 : 0)
  const pending = data === undefined && !error
  const pageRows = selection && data ? rows.map((row) => row.original) : []
  const selectedOnPage = selection ? pageRows.filter((row) => selection.isSelected(row)).length : 0
  const pageSelection: PageSelection | undefined = selection && {
    label: selection.pageLabel ?? 'Select all on this page',
    checked: pageRows.length > 0 && selectedOnPage === pageRows.length,
    indeterminate: selectedOnPage > 0 && selectedOnPage < pageRows.length,
    disabled: pageRows.length === 0,
    onChange: (checked) => selection.onChange(pageRows, checked),
  }
  const failure = error && data === undefined ? error : null
  const message = (content: ReactNode) => (
    <tr>
      <td colSpan={columnCount} className="px-4 py-10 text-center text-sm text-slate-600">
        {content}
      </td>
    </tr>
  )

  return (
    <div ref={frame} className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {phone ? (
        <RowCards
          table={table}
          name={name}
          pending={pending}
          busy={busy}
          error={failure}
          skeletonRows={skeletonRows}
          selection={selection}
          pageSelection={pageSelection}
          sort={sort}
        />
      ) : (
        // Positioned, so the screen-reader-only text in the cells (absolutely positioned) is clipped
        // by this scroll area instead of widening the page.
        <div className="relative overflow-x-auto">
          <table aria-busy={pending || busy} className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{name}</caption>
            <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {pageSelection && (
                    <th scope="col" className="w-12 border-b border-slate-200 px-4 py-3">
                      <Checkbox {...pageSelection} />
                    </th>
                  )}
                  {group.headers.map((header) => {
                    const column = header.column
                    const sortable = !!sort && column.getCanSort()
                    const sorted = column.getIsSorted()
                    const SortIcon = sorted === 'asc' ? SortAscIcon : sorted === 'desc' ? SortDescIcon : SortNoneIcon
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        colSpan={header.colSpan}
                        aria-sort={sortable ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                        className={`whitespace-nowrap border-b border-slate-200 px-4 py-3 ${column.columnDef.meta?.className ?? ''}`}
                      >
                        {header.isPlaceholder ? null : sortable ? (
                          <button
                            type="button"
                            onClick={column.getToggleSortingHandler()}
                            className="group -mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900"
                          >
                            <table.FlexRender header={header} />
                            <SortIcon
                              className={`h-4 w-4 ${sorted ? 'text-primary-700' : 'text-slate-300 group-hover:text-slate-500'}`}
                            />
                          </button>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                      </th>
                    )
                  })}
                </tr>
              ))}
            </thead>
            <tbody className={`divide-y divide-slate-100 transition-opacity ${busy ? 'opacity-60' : ''}`}>
              {pending
                ? Array.from({ length: skeletonRows }, (_, i) => (
                    <tr key={i} aria-hidden="true">
                      {Array.from({ length: columnCount }, (_, j) => (
                        <td key={j} className="px-4 py-3.5">
                          <span className="block h-4 w-3/4 animate-pulse rounded bg-slate-200" />
                        </td>
                      ))}
                    </tr>
                  ))
                : failure || rows.length === 0
                  ? message(<NoRowsMessage name={name} error={failure} />)
                  : rows.map((row) => {
                      const selected = selection?.isSelected(row.original) ?? false
                      return (
                        <tr
                          key={row.id}
                          {...{ [ROW_ID_ATTRIBUTE]: row.id }}
                          className={selected ? 'bg-primary-50/60 hover:bg-primary-50' : 'hover:bg-slate-50'}
                        >
                          {selection && (
                            <td className="w-12 px-4 py-3 align-middle">
                              <RowCheckbox selection={selection} row={row.original} />
                            </td>
                          )}
                          {row.getVisibleCells().map((cell) => (
                            <td key={cell.id} className={`px-4 py-3 align-middle text-slate-800 ${cell.column.columnDef.meta?.className ?? ''}`}>
                              <table.FlexRender cell={cell} />
                            </td>
                          ))}
                        </tr>
                      )
                    })}
            </tbody>
          </table>
        </div>
      )}
      <p role="status" className="sr-only">
        {pending ? `Loading ${name}…` : ''}
      </p>
      {page && (
        <div className="border-t border-slate-200">
          <Pagination
            label={`${name} pages`}
            pageIndex={table.state.pagination.pageIndex}
            pageSize={table.state.pagination.pageSize}
            rowCount={table.getRowCount()}
            rowCountIsLowerBound={page.rowCountIsLowerBound}
            pageSizes={page.pageSizes}
            onPageChange={(index) => table.setPageIndex(index)}
            onPageSizeChange={(size) => table.setPagination({ pageIndex: 0, pageSize: size })}
          />
        </div>
      )}
    </div>
  )
}
