import { queryOptions } from '@tanstack/react-query'
import { partner, type PartnerListQuery } from '@contract'
import { http } from '@/lib/http'

export const partnerKeys = {
  all: ['partners'] as const,
  lists: () => [...partnerKeys.all, 'list'] as const,
  list: (q: PartnerListQuery) => [...partnerKeys.lists(), q] as const,
}

/** GET admin/partners: one page of partner requests (businesses asking to join). */
export const partnersListQuery = (q: PartnerListQuery) =>
  queryOptions({ queryKey: partnerKeys.list(q), queryFn: () => http.list('admin/partners', q, partner) })
