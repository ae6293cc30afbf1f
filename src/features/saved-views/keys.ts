import type { ListName } from '@contract/preferences'

/**
 * The saved views' query keys, apart from the calls: src/table-queries.ts refreshes them after a change
 * without loading the feature's code.
 */
export const savedViewKeys = {
  all: ['saved-views'] as const,
  list: (list: ListName) => [...savedViewKeys.all, list] as const,
}
