import { toast, type ToastT } from 'sonner'

/** The product's toast timings: success 2 s, error and blank 4 s, loading until dismissed. */
export const TOAST_DURATION = { success: 2000, error: 4000, blank: 4000 } as const
/** At most this many toasts are kept: a newer one drops the oldest rather than queueing behind it. */
export const TOAST_LIMIT = 20
/** Toasts start below the 64 px top bar (with a small gap), on a phone too, so they never cover its user block and Log out. */
export const TOAST_TOP_OFFSET = { top: 72 } as const

type ToastId = string | number

/** The toasts on screen, oldest first. */
const shown: ToastId[] = []
/** Those an error leaves open: a delete's Undo (lib/undo.ts), its 10 s being the only time to take the delete back. */
const lasting = new Set<ToastId>()

const forget = (id?: ToastId) => {
  if (id === undefined) {
    shown.length = 0
    lasting.clear()
  } else {
    if (shown.includes(id)) shown.splice(shown.indexOf(id), 1)
    lasting.delete(id)
  }
}

/** Counts a new (or replaced) toast, and drops the oldest beyond the limit (a toast of another shape, lib/undo.ts, goes through it too). */
export const keep = (id: ToastId, { outlastsErrors = false } = {}) => {
  forget(id)
  shown.push(id)
  if (outlastsErrors) lasting.add(id)
  while (shown.length > TOAST_LIMIT) toast.dismiss(shown.shift())
  return id
}

export const closing = { onDismiss: (t: ToastT) => forget(t.id), onAutoClose: (t: ToastT) => forget(t.id) }

const dismiss = (id?: ToastId) => {
  forget(id)
  return toast.dismiss(id)
}

export const notify = {
  success: (message: string, id?: ToastId) => keep(toast.success(message, { duration: TOAST_DURATION.success, id, ...closing })),
  /** Each error first dismisses earlier toasts, so only the newest problem shows; an open Undo stays, an unrelated error must not take it away. */
  error: (message: string) => {
    for (const id of shown.filter((id) => !lasting.has(id))) dismiss(id)
    return keep(toast.error(message, { duration: TOAST_DURATION.error, ...closing }))
  },
  message: (message: string) => keep(toast(message, { duration: TOAST_DURATION.blank, ...closing })),
  loading: (message: string) => keep(toast.loading(message, { duration: Infinity, ...closing })),
  dismiss,
}
