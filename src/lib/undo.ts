import type { QueryClient } from '@tanstack/react-query'
import { loadChunk } from './chunk-import'
import { notify } from './toast'
import type { Undoable } from './trash-keys'

/** How long a delete's toast offers Undo (issue 15: 10 seconds). */
export const UNDO_MS = 10_000

/**
 * A delete's success toast: the server's (the spec's) message, with an Undo button for 10
 * seconds. The button is sonner's action, a real <button> in the toast (Tab, or Alt+T to reach
 * the toasts); pressing it closes the toast and restores the row. The restore itself
 * (lib/trash.ts) loads on the press, not with every feature api module that calls this.
 */
export function notifyDeleted(queryClient: QueryClient, message: string, undoable: Undoable) {
  return notify.successWithAction(
    message,
    {
      label: 'Undo',
      onClick: () =>
        void loadChunk(() => import('./trash')).then(
          (trash) => trash.restoreFromTrash(queryClient, undoable),
          (error: Error) => notify.error(error.message),
        ),
    },
    UNDO_MS,
  )
}
