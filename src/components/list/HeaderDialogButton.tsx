import { Suspense, useState, type ReactNode } from 'react'

/**
 * A list header's button that opens a dialog (Columns, Views). `dialog` renders it with its close
 * callback; a lazy dialog's code loads when it is first opened.
 */
export function HeaderDialogButton({ label, dialog }: { label: string; dialog: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        {label}
      </button>
      {open && <Suspense fallback={null}>{dialog(() => setOpen(false))}</Suspense>}
    </>
  )
}
