import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { cmsPage, faq, type CmsPage, type CmsUpdateBody, type Faq, type FaqInput } from '@contract'
import * as zm from 'zod/mini'
import { trashChanges } from '@/lib/changes'
import { http, messageOnly, notifyIfUnseen, withData } from '@/lib/http'
import { patchCachedRows, removeCachedRows } from '@/lib/list-cache'
import { useSubmissionKey } from '@/lib/submission-key'
import { notify } from '@/lib/toast'
import { notifyDeleted } from '@/lib/undo'
import { cmsKeys } from './keys'

export { cmsKeys }

/** GET admin/cms/list: every CMS page (both roles), the unwritten ones empty. */
export const cmsPagesQuery = queryOptions({
  queryKey: cmsKeys.pages(),
  queryFn: async () => (await http.get('admin/cms/list', withData(zm.array(cmsPage)))).data,
})

/**
 * PUT admin/cms {type, content, version} (admin only; a sub admin gets 403, which the client
 * toasts). The server's sanitised page replaces the cached one, for settings and for the public
 * page alike; the server's message is shown. A 409 (saved meanwhile by someone else) is not
 * toasted: the editor shows it, with Reload.
 */
export function useSaveCmsPage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CmsUpdateBody) => http.put('admin/cms', withData(cmsPage), body, { shownByCaller: [409] }),
    onSuccess: ({ message, data }) => {
      queryClient.setQueryData<CmsPage[]>(cmsKeys.pages(), (pages) =>
        pages?.some((p) => p.type === data.type) ? pages.map((p) => (p.type === data.type ? data : p)) : [...(pages ?? []), data],
      )
      queryClient.setQueryData(cmsKeys.publicPage(data.type), data)
      notify.success(message)
    },
    onError: notifyIfUnseen,
  })
}

/** GET admin/faq: the FAQ in its order (both roles). */
export const faqsQuery = queryOptions({
  queryKey: cmsKeys.faqs(),
  queryFn: async () => (await http.get('admin/faq', withData(zm.array(faq)))).data,
})

/** POST admin/faq (admin only): 'FAQ added successfully'; the new FAQ goes last. */
export function useAddFaq() {
  const submission = useSubmissionKey()
  return useMutation({
    meta: { changes: ['faqs'] },
    mutationFn: (input: FaqInput) => http.post('admin/faq', withData(faq), input, { idempotencyKey: submission.keyFor(input) }),
    onSuccess: ({ message }) => {
      submission.reset()
      notify.success(message)
    },
    onError: notifyIfUnseen,
  })
}

/** PUT admin/faq/{id} (admin only): 'FAQ updated successfully'. */
export function useEditFaq() {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { changes: ['faqs'] },
    mutationFn: ({ id, ...input }: FaqInput & { id: string }) => http.put(`admin/faq/${id}`, withData(faq), input),
    onSuccess: ({ message, data }) => {
      patchCachedRows<Faq>(queryClient, cmsKeys.faqs(), data._id, data)
      notify.success(message)
    },
    onError: notifyIfUnseen,
  })
}

/** DELETE admin/faq/{id} (admin only): 'FAQ deleted successfully', with Undo (the FAQ is in the trash). */
export function useDeleteFaq() {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { changes: trashChanges('faq') },
    mutationFn: (id: string) => http.delete(`admin/faq/${id}`, messageOnly),
    onSuccess: ({ message }, id) => {
      removeCachedRows(queryClient, cmsKeys.faqs(), id)
      notifyDeleted(queryClient, message, { kind: 'faq', id })
    },
    onError: notifyIfUnseen,
  })
}

const orderKey = [...cmsKeys.faqs(), 'order'] as const

/**
 * PUT admin/faq/order {ids: every id in the new order} (admin only): optimistic. The list shows
 * the new order at once; a failure puts the previous order back (the client has said why).
 * Moves made in quick succession each send the whole order; the list is fetched again only when
 * the last of them has settled (the mutation key: router.tsx), so an earlier answer never undoes
 * a later move on screen.
 */
export function useReorderFaqs() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: orderKey,
    meta: { changes: ['faqs'] },
    mutationFn: (ordered: Faq[]) => http.put('admin/faq/order', withData(zm.array(faq)), { ids: ordered.map((f) => f._id) }),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: cmsKeys.faqs(), exact: true })
      const previous = queryClient.getQueryData<Faq[]>(cmsKeys.faqs())
      queryClient.setQueryData<Faq[]>(cmsKeys.faqs(), ordered)
      return { previous }
    },
    onError: (error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(cmsKeys.faqs(), context.previous)
      notifyIfUnseen(error)
    },
    onSuccess: ({ message }) => notify.success(message),
  })
}
