import { useId } from 'react'
import { PAGINATION_PAGE_SIZES } from '@contract'
import { count } from '@/lib/count'
import { FirstPageIcon, LastPageIcon, NextPageIcon, PrevPageIcon } from './list-icons'

/**
 * Page navigation: 'Rows per page:' with its choices, "1–10 of 412", and first /
 * previous / next / last page buttons. `pageIndex` is zero-based, as in the table. The generic
 * choices are 10, 25, 50 and 100; the list table passes its own 5, 10 and 15. When the server
 * stopped counting (`rowCountIsLowerBound`), the count reads "1,000+", Next stays open and
 * there is no last page to jump to.
 */
export function Pagination({
  pageIndex,
  pageSize,
  rowCount,
  rowCountIsLowerBound = false,
  onPageChange,
  onPageSizeChange,
  pageSizes = PAGINATION_PAGE_SIZES,
  label = 'Pagination',
}: {
  pageIndex: number
  pageSize: number
  rowCount: number
  rowCountIsLowerBound?: boolean
  onPageChange: (pageIndex: number) => void
  /** Omitted: no rows-per-page choice. */
  onPageSizeChange?: (pageSize: number) => void
  pageSizes?: readonly number[]
  label?: string
}) {
  const selectId = useId()
  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize))
  const from = rowCount === 0 ? 0 : Math.min(rowCount, pageIndex * pageSize + 1)
  const to = Math.min(rowCount, (pageIndex + 1) * pageSize)
  const canPrev = pageIndex > 0
  const canNext = pageIndex < pageCount - 1 || rowCountIsLowerBound
  // A size from the URL that is not among the choices stays selectable, so the select tells the truth.
  const sizes = pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b)

  const button = (name: string, target: number, enabled: boolean, Icon: typeof NextPageIcon) => (
    <button
      type="button"
      aria-label={name}
      title={name}
      disabled={!enabled}
      onClick={() => onPageChange(target)}
      className="inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent"
    >
      <Icon className="h-5 w-5" />
    </button>
  )

  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-end gap-x-6 gap-y-2 px-2 py-2 text-sm text-slate-700">
      {onPageSizeChange && (
        <div className="flex items-center gap-2">
          <label htmlFor={selectId}>Rows per page:</label>
          <select
            id={selectId}
            value={pageSize}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
            className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="tabular-nums">
        {count.format(from)}–{count.format(to)} of {count.format(rowCount)}
        {rowCountIsLowerBound && '+'}
      </p>
      <div className="flex items-center gap-1">
        {button('First page', 0, canPrev, FirstPageIcon)}
        {button('Previous page', pageIndex - 1, canPrev, PrevPageIcon)}
        {button('Next page', pageIndex + 1, canNext, NextPageIcon)}
        {button('Last page', pageCount - 1, canNext && !rowCountIsLowerBound, LastPageIcon)}
      </div>
    </nav>
  )
}
