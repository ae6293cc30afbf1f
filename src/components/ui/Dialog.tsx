import { useEffect, useState, type ReactNode } from 'react'
import { DialogBackdrop, Dialog as HeadlessDialog } from '@headlessui/react'

const focusLost = () => {
  const active = document.activeElement
  return !active || active === document.body || !active.isConnected
}

/**
 * Headless UI's Dialog, which gives the focus back to its opener on close, also on a visit's first
 * dialog. Headless UI finds the opener in its own record of what was last focused or pressed, kept
 * from when its code loaded; every dialog's code loads when it is first opened, after the opener
 * took the focus, so on that first close it found nothing and the focus fell to the page (the next
 * Tab started at "Skip to content"). So the element focused when the dialog opens is remembered
 * here, and gets the focus back once the dialog has closed if nothing else took it: Headless UI's
 * own return, the list's move to the next row after a delete (useRowFocus.ts) and a page that
 * changed (an opener no longer on the page) all come first. Every dialog of the app dims the page
 * behind it alike, so the backdrop is drawn here.
 */
export function Dialog({
  open,
  onClose,
  className,
  children,
}: {
  open: boolean
  onClose: () => void
  className?: string
  children: ReactNode
}) {
  // Read while rendering the opening: before the dialog (autoFocus, Headless UI) moves the focus in.
  const [opening, setOpening] = useState(() => ({ open, opener: open ? document.activeElement : null }))
  if (opening.open !== open) setOpening({ open, opener: open ? document.activeElement : opening.opener })
  const { opener } = opening
  useEffect(() => {
    if (!open || !(opener instanceof HTMLElement)) return
    // On closing (or unmounting while open): after Headless UI's own return, which runs in a
    // microtask once the dialog has gone and the page is no longer inert.
    return () => {
      setTimeout(() => {
        if (focusLost() && opener.isConnected) opener.focus()
      })
    }
  }, [open, opener])
  return (
    <HeadlessDialog open={open} onClose={onClose} className={className}>
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40 dark:bg-black/60" />
      {children}
    </HeadlessDialog>
  )
}
