import type { TrashKind } from '@contract'

/**
 * The trash's query keys' root. In lib rather than features/trash: a delete in any feature
 * refreshes the trash list (and restores through lib/trash.ts), and features do not import each
 * other's keys. features/trash/api.ts builds its key factory on it.
 */
export const TRASH_ROOT = ['trash'] as const

/** What a delete put in the trash (its kind names the tables a restore changes: lib/changes.ts). */
export interface Undoable {
  kind: TrashKind
  id: string
}
