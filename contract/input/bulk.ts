import { z } from 'zod'
import { BULK_ACTIONS, BULK_MAX, BULK_MSG, type BulkAction, type BulkList } from '../bulk'
import { API_MSG } from '../messages'
import { cap } from '../validation'
import { feedbackListQuery, type FeedbackListQuery } from './feedback'
import { notificationListQuery, type NotificationListQuery } from './notifications'
import { placeListQuery, type PlaceListQuery } from './places'
import { siteListQuery, type SiteListQuery } from './sites'
import { userListQuery, type UserListQuery } from './users'

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
