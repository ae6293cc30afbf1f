import { useState } from 'react'
import { USER_STATUS, type UserListItem } from '@contract'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { oppositeStatus, useBlockUser } from './api'

/** How a user is named in a question or a button: username, else name, else email. */
export const userLabel = (user: Pick<UserListItem, 'username' | 'name' | 'email'>) =>
  user.username?.trim() || user.name?.trim() || user.email?.trim() || 'this user'

/**
 * Block or Unblock, after a confirm dialog. Confirming sends the opposite of the current status
 * (1 becomes 2, otherwise 1) and closes the dialog at once: the change shows optimistically.
 * `compact` is the table's small button; the details page uses the full one.
 */
export function BlockUserButton({ user, compact = false }: { user: UserListItem; compact?: boolean }) {
  const [open, setOpen] = useState(false)
  const block = useBlockUser()
  const blocked = user.status === USER_STATUS.BLOCKED
  const action = blocked ? 'Unblock' : 'Block'
  const who = userLabel(user)
  return (
    <>
      <Button
        variant={blocked ? 'secondary' : 'danger'}
        onClick={() => setOpen(true)}
        aria-label={compact ? `${action} ${who}` : undefined}
        className={compact ? 'min-h-8 px-3 py-1 text-xs' : ''}
      >
        {action}
      </Button>
      <ConfirmDialog
        open={open}
        title={`${action} user?`}
        confirmLabel={action}
        tone={blocked ? 'primary' : 'danger'}
        onClose={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false)
          block.mutate({ id: user._id, status: oppositeStatus(user.status) })
        }}
      >
        {blocked
          ? `${who} will be able to use the app again.`
          : `${who} will not be able to use the app until unblocked.`}
      </ConfirmDialog>
    </>
  )
}
