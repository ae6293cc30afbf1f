import type { PartnerListQuery } from '@contract'

/**
 * The partners feature's query keys, apart from its calls: the signed-in layout refreshes them on a
 * live change, and should not load the feature's code for that.
 */
export const partnerKeys = {
  all: ['partners'] as const,
  lists: () => [...partnerKeys.all, 'list'] as const,
  /** `q` already parsed: defaults applied, so equal lists share one key. */
  list: (q: PartnerListQuery) => [...partnerKeys.lists(), q] as const,
  details: () => [...partnerKeys.all, 'detail'] as const,
  detail: (id: string) => [...partnerKeys.details(), id] as const,
}
