import { z } from 'zod'
import type { Role } from './enums'
import { feedbackListQuery, type FeedbackListQuery } from './feedback'
import { API_MSG } from './messages'
import { notificationListQuery, type NotificationListQuery } from './notifications'
import { PERMISSIONS, type Permission } from './permissions'
import { placeListQuery, type PlaceListQuery } from './places'
import { siteListQuery, type SiteListQuery } from './sites'
import { userListQuery, type UserListQuery } from './users'
import { cap } from './validation'

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
} as const

/** Why a row was left as it was. */
export const BULK_REASON = {
  notFound: 'Not found',
  deleted: 'Already deleted',
  already: 'Already in that state',
  draft: 'A draft cannot be activated until its form is saved',
  notInTrash: 'Not in the trash',
} as const

// Ids are capped before each is checked (a huge array fails on its length, not 10,001 patterns).
const ids = z
  .array(z.string().max(64, cap()))
  .min(1, BULK_MSG.noIds)
  .max(BULK_MAX, BULK_MSG.tooMany)
  .pipe(z.array(z.uuid({ message: API_MSG.invalidId })))
  .refine((list) => new Set(list.map((id) => id.toLowerCase())).size === list.length, BULK_MSG.duplicateIds)

/**
 * POST to a list's CSV export (the GET's path): the chosen rows only, in the order of the
 * query string's sortBy and sortOrder; the query's search and filter still apply.
 */
export const exportSelectedBody = z.strictObject({ ids })
export type ExportSelectedBody = z.infer<typeof exportSelectedBody>

/** The list query of "all matching": the list's own, without its page. */
type WithoutPage<Q> = Omit<Q, 'page' | 'limit'>
export type BulkQueries = {
  users: WithoutPage<UserListQuery>
  petShops: WithoutPage<PlaceListQuery>
  hospitals: WithoutPage<PlaceListQuery>
  sites: WithoutPage<SiteListQuery>
  notifications: WithoutPage<NotificationListQuery>
  feedback: WithoutPage<FeedbackListQuery>
}

/** POST /admin/{list}/bulk: the action, and either the chosen ids or the list's query. */
export type BulkBody<L extends BulkList> = { action: BulkAction<L>; ids?: string[] | undefined; query?: BulkQueries[L] | undefined }

function bulkBody<L extends BulkList>(list: L, query: z.ZodObject) {
  return z
    .strictObject({
      action: z.enum(BULK_ACTIONS[list] as readonly string[] as [string, ...string[]], { error: BULK_MSG.badAction }),
      ids: ids.optional(),
      query: query.omit({ page: true, limit: true }).optional(),
    })
    .refine((body) => (body.ids === undefined) !== (body.query === undefined), {
      message: BULK_MSG.idsOrQuery,
      path: ['ids'],
    })
    // A query picks live rows, never trashed ones: a restore names its rows.
    .refine((body) => body.action !== 'restore' || body.query === undefined, {
      message: BULK_MSG.restoreByIds,
      path: ['query'],
    }) as unknown as z.ZodType<BulkBody<L>>
}

export const bulkBodies: { [L in BulkList]: z.ZodType<BulkBody<L>> } = {
  users: bulkBody('users', userListQuery),
  petShops: bulkBody('petShops', placeListQuery),
  hospitals: bulkBody('hospitals', placeListQuery),
  sites: bulkBody('sites', siteListQuery),
  notifications: bulkBody('notifications', notificationListQuery),
  feedback: bulkBody('feedback', feedbackListQuery),
}

export const bulkSkipped = z.object({ _id: z.string(), reason: z.string() })
export type BulkSkipped = z.infer<typeof bulkSkipped>

/**
 * `ids`: a delete's answer names the rows it moved to the trash, for its Undo (a `restore` of
 * them). The client cannot know them for "all matching" (the server resolved the query), and one
 * rule for both kinds of choice is simpler than working out "sent less skipped" beside it; at most
 * BULK_MAX, as many as the request could name.
 */
export const bulkResult = z.object({
  changed: z.number().int().min(0),
  skipped: z.array(bulkSkipped),
  ids: z.array(z.string()).max(BULK_MAX).optional(),
})
export type BulkResult = z.infer<typeof bulkResult>
