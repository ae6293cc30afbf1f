import type { ReactNode } from 'react'
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { CloseIcon } from '@/components/layout/icons'

const WIDTH = { modal: 'max-w-modal', lg: 'max-w-lg' } as const

/**
 * The frame of the app's form dialogs: a Headless UI Dialog (focus moves in, stays trapped and
 * returns to the opener; Escape and the backdrop call `onClose`), a titled header with a Close
 * button (disabled while `busy`), and the caller's body and footer below, scrolling within the
 * viewport. `modal` is the product's 900 px dialog.
 */
export function Modal({
  open,
  onClose,
  title,
  busy = false,
  width = 'modal',
  children,
}: {
  open: boolean
  onClose: () => void
  title: string
  busy?: boolean
  width?: keyof typeof WIDTH
  children: ReactNode
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-2 sm:p-4">
        <DialogPanel
          className={`flex max-h-[calc(100dvh-1rem)] w-full ${WIDTH[width]} flex-col rounded-lg bg-white shadow-xl sm:max-h-[calc(100dvh-2rem)]`}
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
            <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
            <button
              type="button"
              aria-label="Close"
              onClick={onClose}
              disabled={busy}
              className="inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:cursor-not-allowed"
            >
              <CloseIcon className="h-5 w-5" />
            </button>
          </div>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  )
}
