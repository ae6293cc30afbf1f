import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import type { UnsavedChangesGuard } from './useUnsavedChangesGuard'

export const UNSAVED_MSG = {
  title: 'Discard changes?',
  body: 'You have unsaved changes. Leave this page and lose them?',
  stay: 'Stay',
  leave: 'Leave',
} as const

/** The question of `useUnsavedChangesGuard`: Stay (the safe choice, focused) or Leave. Escape stays. */
export function UnsavedChangesDialog({ guard }: { guard: UnsavedChangesGuard }) {
  const { blocker } = guard
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      title={UNSAVED_MSG.title}
      confirmLabel={UNSAVED_MSG.leave}
      cancelLabel={UNSAVED_MSG.stay}
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      {UNSAVED_MSG.body}
    </ConfirmDialog>
  )
}
