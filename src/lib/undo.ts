import { MutationObserver, type QueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { TRASH_DAYS, type TrashKind } from '@contract'
import type { LiveTable } from '@contract/live-events'
import { http, messageOnly, notifyIfUnseen } from './http'
import { removeCachedRows } from './list-cache'
import { closing, keep, notify } from './toast'

/** How long a delete's toast offers Undo (issue 15: 10 seconds). */
export const UNDO_MS = 10_000

/**
 * The trash's query keys' root. Here rather than in features/trash: a delete in any feature
 * restores through this module and refreshes the trash list, and features do not import each
 * other's keys. features/trash/api.ts builds its key factory on it.
 */
export const TRASH_ROOT = ['trash'] as const

/** A delete's confirmation: what happens now that a delete goes to the trash rather than erasing. */
export const movesToTrash = (name: string) => `${name} moves to the trash. Undo, or Settings > Trash within ${TRASH_DAYS} days, brings it back.`

/** What a delete put in the trash, and how its feature shows it again. */
export interface Undoable {
  kind: TrashKind
  id: string
  /** Refetches what the feature shows of the row (its lists) when `changes` does not name them. */
  refresh?: () => unknown
  /** The tables the restore changes beyond the feature (the dashboard's totals), as `meta.changes`. */
  changes?: LiveTable[]
}

/**
 * POST admin/trash/{kind}/{id}/restore: the one call that brings a row back, from a toast's Undo
 * and from Settings > Trash. Run as a mutation of the cache (not a hook: a toast outlives the
 * screen that deleted) so `meta.changes` reaches the signed-in layout's refresh like any other.
 * A refusal (the site's city is gone, the row was purged) was toasted by the HTTP client with
 * the server's message.
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

/**
 * A delete's success toast: the server's (the spec's) message, with an Undo button for 10
 * seconds. The button is sonner's action, a real <button> in the toast (Tab, or Alt+T to reach
 * the toasts); pressing it closes the toast and restores the row.
 */
export function notifyDeleted(queryClient: QueryClient, message: string, undoable: Undoable) {
  return keep(
    toast.success(message, {
      duration: UNDO_MS,
      action: { label: 'Undo', onClick: () => void restoreFromTrash(queryClient, undoable) },
      ...closing,
    }),
  )
}
