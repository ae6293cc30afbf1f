import { Suspense, useState, type ComponentProps } from 'react'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { lazyChunk } from '@/lib/lazy-chunk'
import { prefetchChunk } from '@/lib/prefetch'
import { FilterIcon } from './icons'
import type { ListFilter } from './search'

export type FiltersButtonProps<F> = {
  filter: ListFilter<F>
  value: F | undefined
  onChange: (value: F | undefined) => void
}

const importListbox = () => import('./FiltersListbox')
const FiltersListbox = lazyChunk(importListbox, ChunkLoadFailed)

/**
 * The Filters button as it looks: a dot marks it while a filter is active, and its name then reads
 * "Filters (active)" (the dot is seen; its meaning is read out). The listbox's button renders as
 * this too (`as`), with what Headless UI adds to it.
 */
export function FiltersFace({ active, ...button }: ComponentProps<'button'> & { active: boolean }) {
  return (
    <button
      type="button"
      aria-label={active ? 'Filters (active)' : 'Filters'}
      className="relative inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 data-[open]:bg-slate-50"
      {...button}
    >
      <FilterIcon className="h-5 w-5 text-slate-500" />
      Filters
      {active && <span aria-hidden="true" className="absolute -right-1 -top-1 h-3 w-3 rounded-full border-2 border-white bg-secondary-600" />}
    </button>
  )
}

/**
 * The Filters button of a list. Its listbox (Headless UI's, with its positioning code) loads on
 * the first press, or as soon as a pointer or the focus comes near, and opens at once: a list's
 * first visit does without it, and most visits never filter.
 */
export function FiltersButton<F extends string | number>(props: FiltersButtonProps<F>) {
  const [pressed, setPressed] = useState(false)
  const face = (
    <FiltersFace
      active={props.value !== undefined}
      aria-haspopup="listbox"
      aria-expanded={false}
      onClick={() => setPressed(true)}
      onPointerEnter={() => prefetchChunk(importListbox)}
      onFocus={() => prefetchChunk(importListbox)}
    />
  )
  if (!pressed) return face
  return (
    <Suspense fallback={face}>
      <FiltersListbox {...(props as unknown as FiltersButtonProps<string | number>)} />
    </Suspense>
  )
}
