import { Suspense, useState } from 'react'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { lazyChunk } from '@/lib/lazy-component'
import { prefetchChunk } from '@/lib/prefetch'
import { FiltersFace, type FiltersButtonProps } from './FiltersFace'

const importPopover = () => import('./FiltersPopover')
const FiltersPopover = lazyChunk(importPopover, ChunkLoadFailed)

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
