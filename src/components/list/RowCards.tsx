import { Fragment, useId } from 'react'
import type { Cell, ReactTable, RowData } from '@tanstack/react-table'
import type { SortOrder } from '@contract'
import type { CardRole, ListFeatures } from './columns'
import type { RowSelection, TableSort } from './table-types'
import { Checkbox, NoRowsMessage, RowCheckbox } from './rowParts'
import { ROW_ID_ATTRIBUTE } from './useRowFocus'

/** The page's "select all" checkbox, as the table's header draws it. */
export type PageSelection = {
  label: string
  checked: boolean
  indeterminate: boolean
  disabled: boolean
  onChange: (checked: boolean) => void
}

/**
 * A list on a phone: each row a card, the same cells as the table's placed by their column's
 * `meta.card`: the title (avatar and name, or title) first with the status beside it, the fields
 * as label/value pairs under it (the column headers as labels), the actions at the foot. Above the
 * cards, what the table's header offers: choosing the whole page, and "Sort by" (the same
 * server-side order as the sortable headers).
 */
export function RowCards<TRow extends RowData & { _id: string }>({
  table,
  name,
  pending,
  busy,
  error,
  skeletonRows,
  selection,
  pageSelection,
  sort,
}: {
  table: ReactTable<ListFeatures, TRow>
  name: string
  pending: boolean
  busy: boolean
  /** Set when the rows could not be loaded. */
  error: { message: string; retry: () => void } | null
  skeletonRows: number
  selection?: RowSelection<TRow>
  pageSelection?: PageSelection
  sort?: TableSort
}) {
  const idPrefix = useId()
  const rows = table.getRowModel().rows
  const sortable = sort ? table.getAllLeafColumns().filter((column) => column.getCanSort()) : []
  const headers = new Map(table.getLeafHeaders().map((header) => [header.column.id, header]))
  const hasTitle = table.getAllLeafColumns().some((column) => column.columnDef.meta?.card === 'title')

  const roleOf = (cell: Cell<ListFeatures, TRow, unknown>, index: number): CardRole =>
    cell.column.columnDef.meta?.card ?? (!hasTitle && index === 0 ? 'title' : 'field')
  const render = (cell: Cell<ListFeatures, TRow, unknown>) => <table.FlexRender key={cell.id} cell={cell} />

  return (
    <>
      {(sortable.length > 0 || pageSelection) && (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-200 px-3 py-2">
          {pageSelection && <Checkbox {...pageSelection} showLabel />}
          {sort && sortable.length > 0 && (
            <SortBy
              sort={sort}
              options={sortable.map((column) => {
                const header = column.columnDef.header
                return {
                  id: column.id,
                  label: typeof header === 'string' ? header : column.id,
                }
              })}
            />
          )}
        </div>
      )}
      {pending ? (
        <ul aria-hidden="true" className="flex flex-col gap-2 bg-slate-50 p-2">
          {Array.from({ length: skeletonRows }, (_, i) => (
            <li key={i} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
              <span className="block h-5 w-1/2 animate-pulse rounded bg-slate-200" />
              <span className="block h-4 w-3/4 animate-pulse rounded bg-slate-200" />
              <span className="block h-4 w-2/3 animate-pulse rounded bg-slate-200" />
            </li>
          ))}
        </ul>
      ) : error || rows.length === 0 ? (
        <div className="px-4 py-10 text-center text-sm text-slate-600">
          <NoRowsMessage name={name} error={error} />
        </div>
      ) : (
        <ul
          role="list"
          aria-label={name}
          aria-busy={busy}
          className={`flex flex-col gap-2 bg-slate-50 p-2 transition-opacity ${busy ? 'opacity-60' : ''}`}
        >
          {rows.map((row) => {
            // Hidden columns leave the cards too.
            const cells = row.getVisibleCells().map((cell, index) => ({ cell, role: roleOf(cell, index) }))
            const of = (role: CardRole) => cells.filter((c) => c.role === role).map((c) => c.cell)
            const selected = selection?.isSelected(row.original) ?? false
            const titleId = `${idPrefix}-${row.id}`
            const status = of('status')
            const fields = of('field')
            const actions = of('actions')
            return (
              <li
                key={row.id}
                {...{ [ROW_ID_ATTRIBUTE]: row.id }}
                aria-labelledby={titleId}
                className={`relative flex min-w-0 flex-col gap-2 rounded-lg border p-3 text-sm shadow-sm ${
                  selected ? 'border-primary-300 bg-primary-50' : 'border-slate-200 bg-white'
                }`}
              >
                <div className="flex items-start gap-3">
                  {selection && (
                    <span className="flex h-8 items-center">
                      <RowCheckbox selection={selection} row={row.original} />
                    </span>
                  )}
                  <div
                    id={titleId}
                    className="flex min-h-8 min-w-0 flex-1 items-center font-semibold text-slate-900 [overflow-wrap:anywhere]"
                  >
                    {of('title').map(render)}
                  </div>
                  {status.length > 0 && <div className="flex shrink-0 items-center gap-1">{status.map(render)}</div>}
                </div>
                {fields.length > 0 && (
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                    {fields.map((cell) => {
                      const header = headers.get(cell.column.id)
                      return (
                        <Fragment key={cell.id}>
                          <dt className="text-slate-500">{header && <table.FlexRender header={header} />}</dt>
                          <dd className="min-w-0 text-slate-800 [overflow-wrap:anywhere]">{render(cell)}</dd>
                        </Fragment>
                      )
                    })}
                  </dl>
                )}
                {actions.length > 0 && (
                  <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 pt-2">{actions.map(render)}</div>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </>
  )
}

/**
 * The phones' stand-in for the sortable headers: one labelled select, each sortable column
 * ascending and descending, and the list's own order.
 */
function SortBy({ sort, options }: { sort: TableSort; options: { id: string; label: string }[] }) {
  const id = useId()
  const current = sort.sortBy && sort.sortOrder !== 0 ? `${sort.sortBy}:${sort.sortOrder}` : ''
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
      <label htmlFor={id} className="shrink-0">
        Sort by
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const [by, order] = event.target.value.split(':')
          sort.onSortChange(by || undefined, (order ? Number(order) : 0) as SortOrder)
        }}
        className="h-9 min-w-0 max-w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
      >
        <option value="">Default order</option>
        {options.map((option) => (
          <Fragment key={option.id}>
            <option value={`${option.id}:1`}>{`${option.label}, ascending`}</option>
            <option value={`${option.id}:-1`}>{`${option.label}, descending`}</option>
          </Fragment>
        ))}
      </select>
    </div>
  )
}
