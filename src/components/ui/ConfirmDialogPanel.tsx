import type { ReactNode } from 'react'
import { DialogPanel, DialogTitle, Description } from '@headlessui/react'
import { Dialog } from './Dialog'
import { Button } from './Button'

/** What ConfirmDialog takes and hands on (declared here, which the face imports lazily, so the panel never imports back). */
export type ConfirmDialogProps = {
  open: boolean
  title: string
  /** The question's details, read out as the dialog's description. */
  children?: ReactNode
  confirmLabel: string
  cancelLabel?: string
  tone?: 'primary' | 'danger'
  busy?: boolean
  onConfirm: () => void
  onClose: () => void
}

/**
 * The dialog of ConfirmDialog (loaded when one is first opened): a Headless UI Dialog, so focus
 * moves in (to Cancel, the safe choice), stays trapped while open, and returns to the control that
 * opened it on close. Escape and the backdrop cancel.
 */
export default function ConfirmDialogPanel({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? () => {} : onClose} className="relative z-50">
      <div className="fixed inset-0 flex items-center justify-center p-4">
        {/* Within the screen on a phone held sideways too: a long question scrolls inside. */}
        <DialogPanel className="flex max-h-[calc(100dvh-2rem)] w-full max-w-md flex-col gap-3 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          {children && <Description as="div" className="text-sm text-slate-600">{children}</Description>}
          <div className="mt-2 flex justify-end gap-2">
            <Button variant="secondary" autoFocus onClick={onClose} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button variant={tone} busy={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
