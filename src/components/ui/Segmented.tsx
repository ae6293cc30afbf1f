import { useId } from 'react'

type SegmentedProps<T extends string> = {
  legend: string
  options: readonly T[]
  labels: Record<T, string>
  value: T
  onChange: (value: T) => void
  /** The legend beside the buttons (a toolbar) or above them (a form). */
  legendBeside?: boolean
}

/**
 * A few choices as one row of joined buttons: native radio buttons underneath, so Tab reaches
 * the chosen one, the arrow keys choose, and a screen reader announces the group and the choice.
 */
export function Segmented<T extends string>({ legend, options, labels, value, onChange, legendBeside = false }: SegmentedProps<T>) {
  const name = useId()
  return (
    <fieldset>
      <legend className={legendBeside ? 'float-left mr-2 py-1.5 text-sm text-slate-600' : 'mb-1 text-xs font-medium text-slate-500'}>{legend}</legend>
      <div className="inline-flex overflow-hidden rounded-md border border-slate-400">
        {options.map((option) => (
          <label key={option} className="border-l border-slate-400 first:border-l-0">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="peer sr-only"
            />
            {/* The hover shade is for the others: on the chosen one it would come after (Tailwind puts hover last) and put its white label on near-white. */}
            <span className="block cursor-pointer px-3 py-1.5 text-sm font-medium text-slate-700 peer-[:not(:checked)]:hover:bg-slate-100 peer-checked:bg-primary-700 peer-checked:font-semibold peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:-outline-offset-4 peer-focus-visible:outline-white peer-[:not(:checked):focus-visible]:outline-primary-700">
              {labels[option]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
