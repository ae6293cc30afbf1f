import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { can, trashItem, type TrashItem, type TrashListQuery } from '@contract'
import { prefetchList } from '@/components/list/search'
import type { AuthStore } from '@/lib/auth'
import { http, messageOnly, notifyIfUnseen } from '@/lib/http'
import { removeCachedRows } from '@/lib/list-cache'
import { notify } from '@/lib/toast'
import { restoreFromTrash } from '@/lib/trash'
import { trashKeys } from './keys'

export { trashKeys }

/**
 * Settings > Trash, admins only ('trash.manage'): GET admin/trash (what was deleted in the last
 * 30 days), POST admin/trash/{kind}/{id}/restore, DELETE admin/trash/{kind}/{id} (delete forever).
 */

/** GET admin/trash: one page of the trash, newest deletions first by default. */
export const trashQuery = (q: TrashListQuery) =>
  queryOptions({ queryKey: trashKeys.list(q), queryFn: () => http.list('admin/trash', q, trashItem) })

/** The route loader's part: only an admin's list is asked for (a sub admin sees the not-allowed note). */
export function prefetchTrash({ queryClient, auth }: { queryClient: QueryClient; auth: AuthStore }, q: TrashListQuery) {
  if (can(auth.get().userDetails?.role, 'trash.manage')) prefetchList(queryClient, trashQuery(q))
}

/** Restore: the row is back where it was; the server's message, or its refusal, is shown. */
export function useRestore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (item: Pick<TrashItem, '_id' | 'kind'>) =>
      restoreFromTrash(queryClient, { kind: item.kind, id: item._id }),
  })
}

/** Delete forever: the row (and its images no other row uses) is erased; the trash shows it gone at once. */
export function useDeleteForever() {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { changes: ['trash'] },
    mutationFn: (item: Pick<TrashItem, '_id' | 'kind'>) => http.delete(`admin/trash/${item.kind}/${item._id}`, messageOnly),
    onSuccess: ({ message }, item) => {
      notify.success(message)
      removeCachedRows(queryClient, trashKeys.lists(), item._id)
    },
    onError: notifyIfUnseen,
  })
}
