import { Button } from '@/components/ui/Button'
import type { RowSelection } from './table-types'

/** What the table and the cards both show instead of rows: the failure with Retry, or the empty text. */
export function NoRowsMessage({ name, error }: { name: string; error?: { message: string; retry: () => void } | null }) {
  return error ? (
    <div role="alert" className="flex flex-col items-center gap-3">
      <p>
        <span className="font-semibold text-slate-900">{name} could not be loaded.</span> {error.message}
      </p>
      <Button variant="secondary" onClick={error.retry}>
        Retry
      </Button>
    </div>
  ) : (
    <p className="font-medium">{`No ${name} Found !!!`}</p>
  )
}

/**
 * A native checkbox; `indeterminate` (some rows of the page chosen) is a DOM property, not an
 * attribute. `label` is its name: read out only, or shown beside it with `showLabel`.
 */
export function Checkbox({
  label,
  checked,
  indeterminate = false,
  disabled = false,
  onChange,
  showLabel = false,
}: {
  label: string
  checked: boolean
  indeterminate?: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
  showLabel?: boolean
}) {
  const input = (
    <input
      type="checkbox"
      aria-label={showLabel ? undefined : label}
      checked={checked}
      disabled={disabled}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate
      }}
      onChange={(event) => onChange(event.target.checked)}
      className="h-4 w-4 shrink-0 cursor-pointer accent-primary-700 disabled:cursor-not-allowed"
    />
  )
  if (!showLabel) return input
  return (
    <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm text-slate-700">
      {input}
      {label}
    </label>
  )
}

/** A row's own checkbox in a picker, named by `selection.rowLabel`. */
export function RowCheckbox<TRow>({ selection, row }: { selection: RowSelection<TRow>; row: TRow }) {
  return <Checkbox label={selection.rowLabel(row)} checked={selection.isSelected(row)} onChange={(checked) => selection.onChange([row], checked)} />
}
