import * as zm from 'zod/mini'
import type { Role } from './enums'
import { PERMISSIONS, type Permission } from './permissions'

/**
 * Bulk actions (POST /admin/{list}/bulk): one action on chosen rows (`ids`) or on every row the
 * list's search and filters match (`query`, resolved by the server), at most BULK_MAX rows. The
 * answer says how many rows changed and why each of the others was left (`skipped`).
 */

export const BULK_MAX = 10_000

/**
 * The actions of each list. Each needs the permission of the same single-row action (BULK_PERMISSION).
 * `restore` is the Undo of a bulk delete (the trash's restore, for many rows): by ids only, as
 * "all matching" reads live rows.
 */
export const BULK_ACTIONS = {
  users: ['block', 'unblock'],
  petShops: ['activate', 'deactivate', 'delete', 'restore'],
  hospitals: ['activate', 'deactivate', 'delete', 'restore'],
  sites: ['activate', 'deactivate', 'delete', 'restore'],
  notifications: ['delete', 'restore'],
  feedback: ['resolve', 'delete', 'restore'],
} as const
export type BulkList = keyof typeof BULK_ACTIONS
export type BulkAction<L extends BulkList = BulkList> = (typeof BULK_ACTIONS)[L][number]

/** The path under the API prefix, beside no other route of the list (those use other spellings). */
export const BULK_PATH = {
  users: 'admin/users/bulk',
  petShops: 'admin/pet-shops/bulk',
  hospitals: 'admin/hospitals/bulk',
  sites: 'admin/sites/bulk',
  notifications: 'admin/notifications/bulk',
  feedback: 'admin/feedback/bulk',
} as const satisfies Record<BulkList, string>

/** The role matrix's permission of each action: the single-row action's own. */
export const BULK_PERMISSION = {
  users: { block: 'user.block', unblock: 'user.block' },
  petShops: { activate: 'place.status', deactivate: 'place.status', delete: 'place.delete', restore: 'trash.manage' },
  hospitals: { activate: 'place.status', deactivate: 'place.status', delete: 'place.delete', restore: 'trash.manage' },
  sites: { activate: 'site.status', deactivate: 'site.status', delete: 'site.delete', restore: 'trash.manage' },
  notifications: { delete: 'notification.delete', restore: 'trash.manage' },
  feedback: { resolve: 'feedback.handle', delete: 'feedback.delete', restore: 'trash.manage' },
} as const satisfies { [L in BulkList]: Record<BulkAction<L>, Permission> }

/**
 * The permission the route itself declares: the list's widest, held by every role that holds any
 * of its actions (a status change's, for both roles), so that each action's own is checked after
 * the body is read. Shared by the server and the web tests' mock.
 */
export function bulkRoutePermission(list: BulkList): Permission {
  const all = Object.values(BULK_PERMISSION[list]) as Permission[]
  const holders = (p: Permission): readonly Role[] => PERMISSIONS[p]
  return all.find((p) => all.every((q) => holders(q).every((role) => holders(p).includes(role)))) ?? all[0]!
}

export const BULK_MSG = {
  done: 'Bulk action done',
  badAction: 'Choose an action of this list',
  idsOrQuery: 'Send either ids or query',
  noIds: 'Choose at least one row',
  tooMany: 'At most 10,000 rows at once',
  duplicateIds: 'Each id once',
  tooManyMatching: 'More than 10,000 rows match: narrow the search or filters',
  restoreByIds: 'Restore takes the ids of the deleted rows, not a query',
  stopped: 'Bulk action stopped by an error: the rows it did not reach are listed as not changed',
} as const

/** Why a row was left as it was. */
export const BULK_REASON = {
  notFound: 'Not found',
  deleted: 'Already deleted',
  already: 'Already in that state',
  draft: 'A draft cannot be activated until its form is saved',
  noImage: 'A place without an image cannot be activated',
  notInTrash: 'Not in the trash',
  /** Not reached: an error stopped the action after some rows had changed (server/routes/bulk.ts). */
  stopped: 'Not changed: an error stopped the action, try again',
} as const

/** What a bulk action's group audit entry counts: rows changed, skipped, and not reached when an error stopped it. */
export interface BulkGroupCounts {
  changed: number
  skipped: number
  stopped?: number
}

/**
 * The target label of a bulk action's group audit entry, which has no single target: what it came
 * to, '3 changed, 1 skipped' ('..., 500 not done' when an error stopped it). The log, its CSV and
 * the entry's link to its rows (the audit list's `group`) read it.
 */
export const bulkGroupLabel = ({ changed, skipped, stopped }: BulkGroupCounts): string =>
  [`${changed} changed`, `${skipped} skipped`, ...(stopped ? [`${stopped} not done`] : [])].join(', ')

export const bulkSkipped = zm.object({ _id: zm.string(), reason: zm.string() })
export type BulkSkipped = zm.infer<typeof bulkSkipped>

/**
 * `stopped`: an error stopped the action after some rows had changed (server/routes/bulk.ts): the
 * rows it did not reach are in `skipped` with BULK_REASON.stopped, and the message is
 * BULK_MSG.stopped. A flag rather than the message compared, so the screen tells a partial
 * action from a done one by the answer's data.
 *
 * `ids`: a delete's answer names the rows it moved to the trash, for its Undo (a `restore` of
 * them). The client cannot know them for "all matching" (the server resolved the query), and one
 * rule for both kinds of choice is simpler than working out "sent less skipped" beside it; at most
 * BULK_MAX, as many as the request could name.
 */
export const bulkResult = zm.object({
  changed: zm.int().check(zm.gte(0)),
  skipped: zm.array(bulkSkipped),
  stopped: zm.boolean(),
  ids: zm.optional(zm.array(zm.string()).check(zm.maxLength(BULK_MAX))),
})
export type BulkResult = zm.infer<typeof bulkResult>
