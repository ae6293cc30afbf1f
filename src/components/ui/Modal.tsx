import { useLayoutEffect, useState, type ReactNode } from 'react'
import { DialogPanel, DialogTitle } from '@headlessui/react'
import { Dialog } from './Dialog'
import { CloseIcon } from '@/components/layout/shell-icons'
import { Button } from './Button'

/**
 * `open` once the dialog has been mounted, for a lazily loaded dialog that used to be mounted
 * closed with its page: Headless UI's Dialog hides the rest of the page (aria-hidden, inert) when
 * it opens, but not when it is mounted already open (the first opening of a lazy dialog). Opened in
 * a layout effect right after mounting, before the browser paints, it hides the page as before.
 */
export function useOpenWhenMounted(open: boolean) {
  const [mounted, setMounted] = useState(false)
  // The second render is the point: Headless UI's Dialog must see itself mounted closed first.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useLayoutEffect(() => setMounted(true), [])
  return open && mounted
}

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

/**
 * A form dialog's inside: the form (or whatever the body holds), scrolling between the header and
 * the footer, and the footer's Cancel (disabled while `busy`) and submit button. The submit button
 * sits outside the form and names it by `formId`.
 */
export function ModalForm({
  formId,
  submitLabel,
  busy,
  onCancel,
  className = '',
  children,
}: {
  formId: string
  submitLabel: string
  busy: boolean
  onCancel: () => void
  /** Extra classes for the scrolling body. */
  className?: string
  children: ReactNode
}) {
  return (
    <>
      <div className={`min-h-0 flex-1 overflow-y-auto px-5 py-4 ${className}`}>{children}</div>
      <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form={formId} busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </>
  )
}

type DialogMutation = { isPending: boolean; reset: () => void }

/**
 * The mutations a form dialog runs: `busy` while any is pending; `close` (Escape, the backdrop,
 * Close, Cancel) does nothing while busy; both it and `done` (after a save) clear their state, so
 * the next opening starts afresh.
 */
export function useDialogMutations(onClose: () => void, ...mutations: DialogMutation[]) {
  const busy = mutations.some((m) => m.isPending)
  const done = () => {
    for (const m of mutations) m.reset()
    onClose()
  }
  const close = () => {
    if (!busy) done()
  }
  return { busy, close, done }
}
