import type { ComponentProps } from 'react'
import type { ListFilterPart } from './filters'
import { FilterIcon } from './list-icons'
import { ToolLabel, useToolButtonClass } from './tools'

/* What the Filters button (FiltersButton.tsx) and its lazy popover (FiltersPopover.tsx) share: its props and its face. */

export type FiltersButtonProps<Q> = {
  parts: readonly ListFilterPart<Q>[]
  state: Q
  /** Applies a patch to the list state (back to page 1). */
  change: (patch: Partial<Q>) => void
  /** Whether any filter is set: the dot, and "(active)" in the name. */
  active: boolean
}

/**
 * The Filters button as it looks: a dot marks it while a filter is active, and its name then reads
 * "Filters (active)" (the dot is seen; its meaning is read out). On a phone its icon alone is
 * seen. The popover's button renders as this too (`as`), with what Headless UI adds to it.
 */
export function FiltersFace({ active, className: _className, ...button }: ComponentProps<'button'> & { active: boolean }) {
  const size = useToolButtonClass()
  return (
    <button
      type="button"
      aria-label={active ? 'Filters (active)' : 'Filters'}
      className={`relative inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 data-[open]:bg-slate-50 ${size}`}
      {...button}
    >
      <FilterIcon className="h-5 w-5 text-slate-500" />
      <ToolLabel>Filters</ToolLabel>
      {active && <span aria-hidden="true" className="absolute -right-1 -top-1 h-3 w-3 rounded-full border-2 border-white bg-secondary-600" />}
    </button>
  )
}
