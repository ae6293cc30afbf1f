import type { TrashKind } from '@contract'
import type { BulkList } from '@contract/bulk'
import type { LiveTable } from '@contract/live-events'

/**
 * What a change names: the tables it writes, by the server's names (the live stream's, and the
 * ones only this panel's own calls change). A mutation says them in `meta: { changes: [...] }`, the
 * live stream in its events; `src/table-queries.ts` is the one map from a table to the queries
 * that show it, and refreshes them. A feature never refreshes another's queries by hand: it cannot
 * import their keys, and it should not have to know who shows its rows.
 */
export type Table = LiveTable | 'cities' | 'sites' | 'faqs' | 'admins' | 'api_tokens' | 'webhooks' | 'saved_views' | 'trash'

/** Where each kind of trashed row lives: a delete and its restore change that table and the trash. */
export const TABLES_OF_KIND: Record<TrashKind, readonly Table[]> = {
  petShop: ['places'],
  hospital: ['places'],
  // A city's page counts its sites.
  site: ['sites', 'cities'],
  city: ['cities'],
  notification: ['notifications'],
  faq: ['faqs'],
  feedback: ['feedback'],
}

/** What a delete of a `kind` row, and its restore, change: its tables and the trash. */
export const trashChanges = (kind: TrashKind): readonly Table[] => [...TABLES_OF_KIND[kind], 'trash']

/** The table each list's bulk actions change. */
export const TABLES_OF_LIST: Record<BulkList, readonly Table[]> = {
  users: ['app_users'],
  petShops: ['places'],
  hospitals: ['places'],
  sites: TABLES_OF_KIND.site,
  notifications: ['notifications'],
  feedback: ['feedback'],
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { changes?: readonly Table[] }
  }
}
