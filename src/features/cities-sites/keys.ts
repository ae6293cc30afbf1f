import type { CityListQuery, SiteListQuery } from '@contract'

/**
 * The cities and their sites' query keys, apart from the calls: src/table-queries.ts refreshes them after a change
 * without loading the feature's code.
 */
export const cityKeys = {
  all: ['cities'] as const,
  lists: () => [...cityKeys.all, 'list'] as const,
  /** `q` already parsed: defaults applied, so equal lists share one key. */
  list: (q: CityListQuery) => [...cityKeys.lists(), q] as const,
  details: () => [...cityKeys.all, 'detail'] as const,
  detail: (id: string) => [...cityKeys.details(), id] as const,
}

export const siteKeys = {
  all: ['sites'] as const,
  lists: () => [...siteKeys.all, 'list'] as const,
  /** `q` already parsed, with the city it lists (`cityId`). */
  list: (q: SiteListQuery) => [...siteKeys.lists(), q] as const,
  details: () => [...siteKeys.all, 'detail'] as const,
  detail: (id: string) => [...siteKeys.details(), id] as const,
}
