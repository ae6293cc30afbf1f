import { MutationObserver, type QueryClient } from '@tanstack/react-query'
import { TRASH_DAYS } from '@contract'
import { trashChanges } from './changes'
import { http, messageOnly, notifyIfUnseen } from './http'
import { removeCachedRows } from './list-cache'
import { notify } from './toast'
import { TRASH_ROOT, type Undoable } from './trash-keys'

/** A delete's confirmation: what happens now that a delete goes to the trash rather than erasing. */
export const movesToTrash = (name: string) => `${name} moves to the trash. Undo, or Settings > Trash within ${TRASH_DAYS} days, brings it back.`

/**
 * POST admin/trash/{kind}/{id}/restore: the one call that brings a row back, from a toast's Undo
 * (lib/undo.ts) and from Settings > Trash. Run as a mutation of the cache (not a hook: a toast
 * outlives the screen that deleted); its `meta.changes` refresh what shows the row's table and
 * the trash, like any mutation's. A refusal (the site's city is gone, the row was purged) was toasted by the HTTP
 * client with the server's message. Resolves to whether it was restored.
 */
export function restoreFromTrash(queryClient: QueryClient, { kind, id }: Undoable) {
  return new MutationObserver(queryClient, {
    mutationFn: () => http.post(`admin/trash/${kind}/${id}/restore`, messageOnly),
    meta: { changes: trashChanges(kind) },
    onSuccess: ({ message }) => {
      notify.success(message)
      removeCachedRows(queryClient, TRASH_ROOT, id)
    },
    onError: notifyIfUnseen,
  })
    .mutate()
    .then(
      () => true,
      () => false,
    )
}
