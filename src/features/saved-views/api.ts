import { queryOptions, useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import type { ListName } from '@contract/preferences'
import { savedView, type SavedView } from '@contract/saved-views'
import { type SavedViewCreate, type SavedViewPatch } from '@contract/input/saved-views'
import { http, messageOnly, notifyIfUnseen, withData } from '@/lib/http'
import { notify } from '@/lib/toast'
import { savedViewKeys } from './keys'

export { savedViewKeys }

/** GET admin/views?list=: the admin's personal views of the list and every shared one. */
export const savedViewsQuery = (list: ListName) =>
  queryOptions({
    queryKey: savedViewKeys.list(list),
    queryFn: async () => (await http.get('admin/views', withData(z.array(savedView)), { list })).data,
  })

/**
 * Refetches a list's views after a change, or a refusal: the server orders them (shared first, by
 * name), and a 404 means another admin deleted or unshared the view (shown here: the client only
 * logs a 404; a 409 it toasted).
 */
function useViewsChange<V>(send: (variables: V) => Promise<{ message: string }>) {
  return useMutation({
    meta: { changes: ['saved_views'] },
    mutationFn: send,
    onSuccess: ({ message }) => notify.success(message),
    onError: notifyIfUnseen,
  })
}

/** POST admin/views: the list's current state under a name (shared: admins only). A 409 is toasted by the client. */
export const useSaveView = (list: ListName) =>
  useViewsChange((body: Omit<SavedViewCreate, 'list'>) => http.post('admin/views', withData(savedView), { ...body, list }))

/** PATCH admin/views/{id}: rename, share or unshare (which counts against the admin's 50 personal views: a 409). */
export const useUpdateView = () =>
  useViewsChange(({ view, patch }: { view: SavedView; patch: SavedViewPatch }) =>
    http.patch(`admin/views/${view._id}`, withData(savedView), patch),
  )

/** DELETE admin/views/{id}. */
export const useDeleteView = () =>
  useViewsChange((view: SavedView) => http.delete(`admin/views/${view._id}`, messageOnly))
