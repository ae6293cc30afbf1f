import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { useCan } from '@/lib/auth'
import { movesToTrash } from '@/lib/trash'
import { useDeleteFeedback } from './api'

/**
 * Delete (admins only, 'feedback.delete'), after a confirm dialog that stays open (busy) until
 * the server has answered; the toast offers Undo. Renders nothing for a sub admin. `name` says
 * which feedback ("Feedback 3 from anita"); `compact` is the list row's small button, named with
 * it; the details page uses the full one and leaves for the list.
 */
export function DeleteFeedbackButton({
  item,
  name,
  compact = false,
  onDeleted,
}: {
  item: { _id: string }
  name: string
  compact?: boolean
  onDeleted?: () => unknown
}) {
  const [open, setOpen] = useState(false)
  const canDelete = useCan('feedback.delete')
  const remove = useDeleteFeedback({ onDeleted })
  if (!canDelete) return null
  return (
    <>
      <Button
        variant="danger"
        onClick={() => setOpen(true)}
        aria-label={compact ? `Delete ${name}` : undefined}
        className={compact ? 'min-h-8 px-3 py-1 text-xs' : ''}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete feedback?"
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => remove.mutate(item._id, { onSettled: () => setOpen(false) })}
      >
        {movesToTrash(name)}
      </ConfirmDialog>
    </>
  )
}
