import { Suspense, useState } from 'react'
import { ChunkLoadFailed } from '@/components/ChunkLoadFailed'
import { lazyChunk } from '@/lib/lazy-chunk'
import type { ColumnChoice } from './columnChoice'

// The dialog's code loads when it is first opened, not with the list.
const ColumnsDialog = lazyChunk(() => import('./ColumnsDialog'), ChunkLoadFailed)

/** The list header's Columns button: opens the dialog that shows, hides and reorders the list's columns. */
export function ColumnsButton({ name, choice }: { name: string; choice: ColumnChoice }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        Columns
      </button>
      {open && (
        <Suspense fallback={null}>
          <ColumnsDialog name={name} choice={choice} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
