import type { TrashListQuery } from '@contract'
import { TRASH_ROOT } from '@/lib/trash-keys'

/**
 * The trash's query keys, apart from the calls: src/table-queries.ts refreshes them after a change
 * without loading the feature's code.
 */
export const trashKeys = {
  all: TRASH_ROOT,
  lists: () => [...trashKeys.all, 'list'] as const,
  /** `q` already parsed: defaults applied, so equal lists share one key. */
  list: (q: TrashListQuery) => [...trashKeys.lists(), q] as const,
}
