import { useEffect, useEffectEvent, useId, useState } from 'react'
import { SEARCH_DEBOUNCE_MS } from '@contract'
import type { FilterOption } from './search'

/**
 * Filter controls for a list's filter bar (`ListScreen filters`), for list queries with fields of
 * their own beyond the one `filter` of the Filters button: a labelled select, and a date range.
 * Both are native controls, so keyboard, screen readers and phones' pickers work as usual.
 */

const controlClass =
  'h-10 w-full rounded-md border bg-white px-3 text-sm text-slate-900 focus:outline-none focus:ring-2'
const okClass = 'border-slate-300 focus:border-primary-600 focus:ring-primary-600/30'
const badClass = 'border-error-600 focus:ring-error-100'

/**
 * A labelled select of one filter's choices, "All" first (no value). Choosing applies at once. A
 * value the choices do not know (an old link, choices still loading) stays shown as itself.
 */
export function SelectFilter<V extends string>({
  label,
  value,
  options,
  onChange,
  allLabel = 'All',
  className = 'w-full sm:w-56',
}: {
  label: string
  value: V | undefined
  options: readonly FilterOption<V>[]
  onChange: (value: V | undefined) => void
  allLabel?: string
  className?: string
}) {
  const id = useId()
  const known = value === undefined || options.some((o) => o.value === value)
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : (event.target.value as V))}
        className={`${controlClass} ${okClass}`}
      >
        <option value="">{allLabel}</option>
        {!known && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export type DateRange = { from: string | undefined; to: string | undefined }

/**
 * From / To: two labelled native date inputs (YYYY-MM-DD), both ends inclusive, either may be
 * empty. A range whose start is after its end is refused where it is typed (a message under To)
 * and never sent; a valid range is applied `SEARCH_DEBOUNCE_MS` after the last change (a typed
 * year passes through 0002, 0020... first), at once when a date is cleared. `value` is the range
 * in effect (from the URL); when it changes from outside the inputs follow it.
 */
export function DateRangeFilter({
  value,
  onChange,
  fromLabel = 'From',
  toLabel = 'To',
  orderMessage,
}: {
  value: DateRange
  onChange: (range: DateRange) => void
  fromLabel?: string
  toLabel?: string
  /** Shown under To when the start is after the end: the server's words for the same refusal. */
  orderMessage: string
}) {
  const id = useId()
  const [draft, setDraft] = useState<DateRange>(value)
  const [shown, setShown] = useState<DateRange>(value)
  if (shown.from !== value.from || shown.to !== value.to) {
    setShown(value)
    setDraft(value)
  }

  const from = draft.from || undefined
  const to = draft.to || undefined
  const misordered = from !== undefined && to !== undefined && from > to
  const changed = from !== value.from || to !== value.to
  const cleared = (from === undefined && value.from !== undefined) || (to === undefined && value.to !== undefined)

  const apply = useEffectEvent(() => onChange({ from, to }))
  useEffect(() => {
    if (misordered || !changed) return
    if (cleared) {
      apply()
      return
    }
    const timer = setTimeout(apply, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [from, to, misordered, changed, cleared])

  const input = (key: keyof DateRange, label: string) => {
    const invalid = key === 'to' && misordered
    return (
      <div className="flex w-full flex-col gap-1 sm:w-44">
        <label htmlFor={`${id}-${key}`} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          {label}
        </label>
        <input
          id={`${id}-${key}`}
          type="date"
          value={draft[key] ?? ''}
          min={key === 'to' ? from : undefined}
          max={key === 'from' ? to : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => setDraft((d) => ({ ...d, [key]: event.target.value || undefined }))}
          className={`${controlClass} ${invalid ? badClass : okClass}`}
        />
        {invalid && (
          <p id={`${id}-error`} className="text-xs text-error-600">
            {orderMessage}
          </p>
        )}
      </div>
    )
  }

  return (
    <>
      {input('from', fromLabel)}
      {input('to', toLabel)}
    </>
  )
}
