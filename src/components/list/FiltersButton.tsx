import { Suspense, useState, type ComponentProps } from 'react'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { lazyChunk } from '@/lib/lazy-chunk'
import { prefetchChunk } from '@/lib/prefetch'
import type { ListFilterPart } from './filters'
import { FilterIcon } from './icons'
import { ToolLabel, useToolButtonClass } from './tools'

export type FiltersButtonProps<Q> = {
  parts: readonly ListFilterPart<Q>[]
  state: Q
  /** Applies a patch to the list state (back to page 1). */
  change: (patch: Partial<Q>) => void
  /** Whether any filter is set: the dot, and "(active)" in the name. */
  active: boolean
}

const importPopover = () => import('./FiltersPopover')
const FiltersPopover = lazyChunk(importPopover, ChunkLoadFailed)

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

/**
 * The Filters button of a list: the one control for all its filters. Its panel (Headless UI's
 * popover, with its positioning code) loads on the first press, or as soon as a pointer or the
 * focus comes near, and opens at once: a list's first visit does without it, and most visits
 * never filter.
 */
export function FiltersButton<Q>(props: FiltersButtonProps<Q>) {
  const [pressed, setPressed] = useState(false)
  const face = (
    <FiltersFace
      active={props.active}
      aria-expanded={false}
      onClick={() => setPressed(true)}
      onPointerEnter={() => prefetchChunk(importPopover)}
      onFocus={() => prefetchChunk(importPopover)}
    />
  )
  if (!pressed) return face
  return (
    <Suspense fallback={face}>
      <FiltersPopover {...(props as unknown as FiltersButtonProps<unknown>)} />
    </Suspense>
  )
}
