import { useEffect, useEffectEvent, useId, useState, type ReactNode } from 'react'
import { SEARCH_DEBOUNCE_MS } from '@contract'
import type { FilterOption } from './search'

/**
 * A list's filters: each is one part of the list's Filters panel (FiltersButton) and, while set,
 * a chip under the toolbar whose × clears it. A choice filter (`choiceFilter`) is a group of
 * radio buttons, "All" first; a part may draw controls of its own (a date range, a user picker).
 * Every control is native or a real button, so keyboard, screen readers and phones work as usual.
 */
export type ListFilterPart<Q> = {
  /** Its name: the panel's group heading and the chip's. */
  label: string
  /** The list state's fields it sets; set when any is, cleared all at once by its chip. */
  keys: readonly (keyof Q & string)[]
  /** What the chip says it is set to (after the label). */
  chip: (state: Q) => ReactNode
  /**
   * Its controls in the panel. `change` applies a patch to the list state (back to page 1);
   * `closePanel` closes the panel, focus back on the Filters button (before a dialog opens).
   */
  control: (state: Q, change: (patch: Partial<Q>) => void, closePanel: () => void) => ReactNode
}

/** Whether a filter part is set in this state. */
export const isFilterSet = <Q,>(part: ListFilterPart<Q>, state: Q) => part.keys.some((key) => state[key] !== undefined)

/**
 * One list state field's choices as a filter part: "All" (the field left out) and `options`.
 * A value the choices do not know (an old link, choices still loading) is shown as itself.
 */
export function choiceFilter<Q, K extends keyof Q & string>(key: K, label: string, options: readonly FilterOption<NonNullable<Q[K]>>[]): ListFilterPart<Q> {
  const labelOf = (value: Q[K]) => options.find((o) => o.value === value)?.label ?? String(value)
  return {
    label,
    keys: [key],
    chip: (state) => labelOf(state[key]),
    control: (state, change) => (
      <FilterChoices
        label={label}
        value={state[key]}
        options={options}
        onChange={(value) => change({ [key]: value } as Partial<Q>)}
      />
    ),
  }
}

/** The same as a labelled select, for a long list of choices (the audit log's actions). */
export function selectFilter<Q, K extends keyof Q & string>(
  key: K,
  label: string,
  options: readonly FilterOption<Extract<NonNullable<Q[K]>, string>>[],
): ListFilterPart<Q> {
  return {
    label,
    keys: [key],
    chip: (state) => options.find((o) => o.value === state[key])?.label ?? String(state[key]),
    control: (state, change) => (
      <SelectFilter
        label={label}
        value={state[key] as Extract<NonNullable<Q[K]>, string> | undefined}
        options={options}
        onChange={(value) => change({ [key]: value } as Partial<Q>)}
        className="w-full"
      />
    ),
  }
}

/** A day range (`from`, `to`) as a filter part: the two date inputs, and a chip "2026-01-01 to 2026-01-31". */
export function dateRangeFilter<Q extends { from?: string | undefined; to?: string | undefined }>(label: string, orderMessage: string): ListFilterPart<Q> {
  return {
    label,
    keys: ['from', 'to'] as (keyof Q & string)[],
    chip: ({ from, to }) => (from && to ? `${from} to ${to}` : from ? `from ${from}` : `until ${to}`),
    control: (state, change) => (
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</legend>
        <DateRangeFilter value={{ from: state.from, to: state.to }} onChange={(range) => change(range as Partial<Q>)} orderMessage={orderMessage} />
      </fieldset>
    ),
  }
}

/** A labelled group of radio buttons, "All" first; choosing applies at once. */
function FilterChoices<V>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: V | undefined
  options: readonly FilterOption<V>[]
  onChange: (value: V | undefined) => void
}) {
  const name = useId()
  const choices: { key: string; label: string; value: V | undefined }[] = [
    { key: '', label: 'All', value: undefined },
    ...options.map((o) => ({ key: String(o.value), label: o.label, value: o.value })),
  ]
  if (value !== undefined && !options.some((o) => o.value === value)) choices.push({ key: String(value), label: String(value), value })
  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</legend>
      {choices.map((choice) => (
        <label
          key={choice.key}
          className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-slate-800 hover:bg-slate-100 has-[:checked]:font-semibold has-[:checked]:text-primary-800"
        >
          <input
            type="radio"
            name={name}
            value={choice.key}
            checked={choice.value === value}
            onChange={() => onChange(choice.value)}
            className="h-4 w-4 accent-primary-700"
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  )
}

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
      <div className="flex w-full flex-col gap-1">
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
