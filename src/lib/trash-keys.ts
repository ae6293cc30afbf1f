import type { TrashKind } from '@contract'
import type { LiveTable } from '@contract/live-events'

/**
 * The trash's query keys' root. In lib rather than features/trash: a delete in any feature
 * refreshes the trash list (and restores through lib/trash.ts), and features do not import each
 * other's keys. features/trash/api.ts builds its key factory on it.
 */
export const TRASH_ROOT = ['trash'] as const

/** What a delete put in the trash, and how its feature shows it again. */
export interface Undoable {
  kind: TrashKind
  id: string
  /** Refetches what the feature shows of the row (its lists) when `changes` does not name them. */
  refresh?: () => unknown
  /** The tables the restore changes beyond the feature (the dashboard's totals), as `meta.changes`. */
  changes?: LiveTable[]
}
