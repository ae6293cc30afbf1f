import { z } from 'zod'
import { listName, type ListName } from '../preferences'
import { SAVED_VIEW_MSG, SAVED_VIEW_NAME_MAX } from '../saved-views'
import { cap } from '../validation'
import { adminListQuery } from './admins'
import { auditListQuery } from './audit'
import { cityListQuery } from './cities'
import { feedbackListQuery } from './feedback'
import { notificationListQuery } from './notifications'
import { partnerListQuery } from './partners'
import { placeListQuery } from './places'
import { userListQuery } from './users'

/** What a client sends about saved views (contract/saved-views.ts): bodies, and each list's query a view's state is checked against. */

/** Each list's query as its URL and the API read it: a view's state is checked against it. */
export const LIST_QUERIES = {
  users: userListQuery,
  petShops: placeListQuery,
  hospitals: placeListQuery,
  partners: partnerListQuery,
  feedback: feedbackListQuery,
  notifications: notificationListQuery,
  cities: cityListQuery,
  admins: adminListQuery,
  audit: auditListQuery,
} as const satisfies Record<ListName, z.ZodType>

const viewName = z
  .string(SAVED_VIEW_MSG.nameRequired)
  .trim()
  .min(1, SAVED_VIEW_MSG.nameRequired)
  .max(SAVED_VIEW_NAME_MAX, cap(SAVED_VIEW_MSG.nameMax))

/** The state as a client sends it: an object of a few short fields (the list's schema says which). */
const rawState = z.record(z.string().max(40, cap()), z.unknown(), {
  error: SAVED_VIEW_MSG.badState,
})

/**
 * A view's state for `list`, as stored and answered: the list query parsed (its defaults filled
 * in), without the page. A page sent is dropped: a view opens on its first page.
 */
export function viewStateOf(list: ListName, state: Record<string, unknown>, ctx: z.RefinementCtx, path: PropertyKey[] = ['state']) {
  const { page: _page, ...rest } = state
  const parsed = LIST_QUERIES[list].safeParse(rest)
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: [...path, ...issue.path],
      })
    return z.NEVER
  }
  const { page: _default, ...saved } = parsed.data as Record<string, unknown>
  return saved
}

/** POST /admin/views. */
export const savedViewCreate = z
  .strictObject({
    list: listName,
    name: viewName,
    shared: z.boolean().default(false),
    state: rawState,
  })
  .transform((body, ctx) => ({
    ...body,
    state: viewStateOf(body.list, body.state, ctx),
  }))
export type SavedViewCreate = z.input<typeof savedViewCreate>

/**
 * PATCH /admin/views/{id}: rename, replace the state, share or unshare; what is not given stays.
 * The state is checked against the view's own list by the server (the body does not name it).
 */
export const savedViewPatch = z
  .strictObject({
    name: viewName.optional(),
    shared: z.boolean().optional(),
    state: rawState.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: 'Nothing to change',
  })
export type SavedViewPatch = z.infer<typeof savedViewPatch>

/** GET /admin/views?list=... */
export const savedViewListQuery = z.strictObject({ list: listName })
