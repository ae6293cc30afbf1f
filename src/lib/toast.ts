import { toast } from 'sonner'

/** The product's toast timings: success 2 s, error and blank 4 s, loading until dismissed. */
export const TOAST_DURATION = { success: 2000, error: 4000, blank: 4000 } as const
export const TOAST_LIMIT = 20

export const notify = {
  success: (message: string, id?: string | number) => toast.success(message, { duration: TOAST_DURATION.success, id }),
  /** Each error first dismisses earlier toasts, so only the newest problem shows. */
  error: (message: string) => {
    toast.dismiss()
    return toast.error(message, { duration: TOAST_DURATION.error })
  },
  message: (message: string) => toast(message, { duration: TOAST_DURATION.blank }),
  loading: (message: string) => toast.loading(message, { duration: Infinity }),
  dismiss: (id?: string | number) => toast.dismiss(id),
}
