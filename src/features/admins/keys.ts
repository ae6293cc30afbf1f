import type { AdminListQuery } from '@contract'

/**
 * The admin accounts' query keys, apart from the calls: src/table-queries.ts refreshes them after a change
 * without loading the feature's code.
 */
export const adminKeys = {
  all: ['admins'] as const,
  lists: () => [...adminKeys.all, 'list'] as const,
  /** `q` already parsed: defaults applied, so equal lists share one key. */
  list: (q: AdminListQuery) => [...adminKeys.lists(), q] as const,
}
