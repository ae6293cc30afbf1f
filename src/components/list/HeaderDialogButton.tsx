import { Suspense, useState, type ComponentType, type ReactNode } from 'react'
import { ToolLabel, useToolButtonClass } from './tools'

/**
 * A list header's button that opens a dialog (Columns, Views). `dialog` renders it with its close
 * callback; a lazy dialog's code loads when it is first opened. On a phone its icon alone is seen.
 */
export function HeaderDialogButton({
  label,
  icon: Icon,
  dialog,
}: {
  label: string
  icon: ComponentType<{ className?: string }>
  dialog: (close: () => void) => ReactNode
}) {
  const [open, setOpen] = useState(false)
  const size = useToolButtonClass()
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className={`inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 ${size}`}
      >
        <Icon className="h-5 w-5 text-slate-500" />
        <ToolLabel>{label}</ToolLabel>
      </button>
      {open && <Suspense fallback={null}>{dialog(() => setOpen(false))}</Suspense>}
    </>
  )
}
