import type { ReactNode } from 'react'
import { Button } from '@/components/ui/Button'

/** Ours: why Add / Save is off for a moment (the images field says what to do). */
export const UPLOADING = 'Uploading images…'

interface SaveBarProps {
  cancel: ReactNode
  submitLabel: string
  saving: boolean
  uploading: boolean
}

/**
 * The foot of a form with images: while they upload, a status line says why the submit button is
 * off; then Cancel (a link the caller draws, its route being typed there) and the submit button.
 */
export function SaveBar({ cancel, submitLabel, saving, uploading }: SaveBarProps) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-4">
      <p role="status" className="mr-auto text-xs text-slate-600 empty:hidden">
        {uploading ? UPLOADING : ''}
      </p>
      {cancel}
      <Button type="submit" busy={saving} disabled={uploading}>
        {submitLabel}
      </Button>
    </div>
  )
}
