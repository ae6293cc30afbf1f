import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { idParam, partner, partnerDetails, PARTNERS_MSG, type PartnerDetails, type PartnerListQuery } from '@contract'
import { CallError, http, notifyIfUnseen, withData } from '@/lib/http'
import { notify } from '@/lib/toast'
import { partnerKeys } from './keys'

export { partnerKeys } from './keys'

/** GET admin/partners: one page of partner requests (businesses asking to join). */
export const partnersListQuery = (q: PartnerListQuery) =>
  queryOptions({ queryKey: partnerKeys.list(q), queryFn: () => http.list('admin/partners', q, partner) })

/** GET admin/partners/{id}: a request and its history. An id that cannot be one is a 404 without asking. */
export const partnerDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: partnerKeys.detail(id),
    queryFn: async () => {
      if (!idParam.safeParse({ id }).success) throw new CallError(PARTNERS_MSG.notFound, 404)
      return (await http.get(`admin/partners/${id}`, withData(partnerDetails))).data
    },
  })

export type PartnerDecision = { approve: true } | { approve: false; reason: string }

/**
 * POST admin/partners/{id}/approve | decline. The answer is the decided request: the details
 * show it at once; the lists and the details are fetched again either way (its status moved, or a
 * 409, toasted by the client, says another admin decided first: the page shows that decision).
 */
export function useDecidePartner(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    // An approval adds a draft pet shop or hospital; either decision moves the dashboard's counts.
    meta: { changes: ['partners', 'places'] },
    mutationFn: (decision: PartnerDecision) =>
      decision.approve
        ? http.post(`admin/partners/${id}/approve`, withData(partnerDetails))
        : http.post(`admin/partners/${id}/decline`, withData(partnerDetails), { reason: decision.reason }),
    onSuccess: ({ message, data }) => {
      queryClient.setQueryData<PartnerDetails>(partnerKeys.detail(id), data)
      notify.success(message)
    },
    onError: notifyIfUnseen,
  })
}
