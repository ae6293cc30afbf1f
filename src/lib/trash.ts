import { MutationObserver, type QueryClient } from '@tanstack/react-query'
import { TRASH_DAYS } from '@contract'
import { http, messageOnly, notifyIfUnseen } from './http'
import { removeCachedRows } from './list-cache'
import { notify } from './toast'
import { TRASH_ROOT, type Undoable } from './trash-keys'

/** A delete's confirmation: what happens now that a delete goes to the trash rather than erasing. */
export const movesToTrash = (name: string) => `${name} moves to the trash. Undo, or Settings > Trash within ${TRASH_DAYS} days, brings it back.`

/**
 * POST admin/trash/{kind}/{id}/restore: the one call that brings a row back, from a toast's Undo
 * (lib/undo.ts) and from Settings > Trash. Run as a mutation of the cache (not a hook: a toast
 * outlives the screen that deleted) so `meta.changes` reaches the signed-in layout's refresh like
 * any other. A refusal (the site's city is gone, the row was purged) was toasted by the HTTP
 * client with the server's message. Resolves to whether it was restored.
 */
export function restoreFromTrash(queryClient: QueryClient, { kind, id, refresh, changes }: Undoable) {
  return new MutationObserver(queryClient, {
    mutationFn: () => http.post(`admin/trash/${kind}/${id}/restore`, messageOnly),
    meta: { changes },
    onSuccess: ({ message }) => {
      notify.success(message)
      removeCachedRows(queryClient, TRASH_ROOT, id)
      return Promise.all([refresh?.(), queryClient.invalidateQueries({ queryKey: TRASH_ROOT })])
    },
    onError: notifyIfUnseen,
  })
    .mutate()
    .then(
      () => true,
      () => false,
    )
}
