import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { can, trashItem, type TrashItem, type TrashListQuery } from '@contract'
import type { LiveTable } from '@contract/live-events'
import { prefetchList } from '@/components/list/search'
import type { AuthStore } from '@/lib/auth'
import { http, messageOnly, notifyIfUnseen } from '@/lib/http'
import { removeCachedRows } from '@/lib/list-cache'
import { notify } from '@/lib/toast'
import { restoreFromTrash } from '@/lib/trash'
import { TRASH_ROOT } from '@/lib/trash-keys'

/**
 * Settings > Trash, admins only ('trash.manage'): GET admin/trash (what was deleted in the last
 * 30 days), POST admin/trash/{kind}/{id}/restore, DELETE admin/trash/{kind}/{id} (delete forever).
 */
export const trashKeys = {
  all: TRASH_ROOT,
  lists: () => [...trashKeys.all, 'list'] as const,
  /** `q` already parsed: defaults applied, so equal lists share one key. */
  list: (q: TrashListQuery) => [...trashKeys.lists(), q] as const,
}

/** GET admin/trash: one page of the trash, newest deletions first by default. */
export const trashQuery = (q: TrashListQuery) =>
  queryOptions({ queryKey: trashKeys.list(q), queryFn: () => http.list('admin/trash', q, trashItem) })

/** The route loader's part: only an admin's list is asked for (a sub admin sees the not-allowed note). */
export function prefetchTrash({ queryClient, auth }: { queryClient: QueryClient; auth: AuthStore }, q: TrashListQuery) {
  if (can(auth.get().userDetails?.role, 'trash.manage')) prefetchList(queryClient, trashQuery(q))
}

/** The tables of the dashboard and the live lists a kind's row counts in. */
const CHANGES: Partial<Record<TrashItem['kind'], LiveTable[]>> = {
  petShop: ['places'],
  hospital: ['places'],
  notification: ['notifications'],
  feedback: ['feedback'],
}

/**
 * Every other cached query is marked stale (none is fetched now): the restored row belongs to a
 * list of another feature, whose keys this one does not know, and it shows when that list is
 * next opened. The dashboard and the live lists on screen are refreshed through `changes`.
 */
const staleElsewhere = (queryClient: QueryClient) => queryClient.invalidateQueries({ refetchType: 'none' })

/** Restore: the row is back where it was; the server's message, or its refusal, is shown. */
export function useRestore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (item: Pick<TrashItem, '_id' | 'kind'>) =>
      restoreFromTrash(queryClient, { kind: item.kind, id: item._id, refresh: () => staleElsewhere(queryClient), changes: CHANGES[item.kind] }),
  })
}

/** Delete forever: the row (and its images no other row uses) is erased; the trash shows it gone at once. */
export function useDeleteForever() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (item: Pick<TrashItem, '_id' | 'kind'>) => http.delete(`admin/trash/${item.kind}/${item._id}`, messageOnly),
    onSuccess: ({ message }, item) => {
      notify.success(message)
      removeCachedRows(queryClient, trashKeys.lists(), item._id)
    },
    onError: notifyIfUnseen,
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashKeys.lists() }),
  })
}
