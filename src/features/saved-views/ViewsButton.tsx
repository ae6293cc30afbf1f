import { Suspense, useState } from 'react'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import type { ListViewsProps } from '@/components/list/tools'
import { lazyChunk } from '@/lib/lazy-chunk'

// The views, their list and their forms load when the control is first opened.
const ViewsDialog = lazyChunk(() => import('./ViewsDialog'), ChunkLoadFailed)

/** The list header's Views button: the list's shared and personal views, Save current view, manage. */
export function ViewsButton(props: ListViewsProps) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        Views
      </button>
      {open && (
        <Suspense fallback={null}>
          <ViewsDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
