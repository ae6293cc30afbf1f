import { z } from 'zod'
import { LIST_LIMIT_MAX, PAGE_SIZE_DEFAULT } from './limits'
import { LIST_SEARCH_MAX, PAGE_MAX, SORT_ORDERS } from './list-params'
import { cap } from './validation'

export { isUuid, listDefaults, type SortOrder } from './list-params'

/** 1 ascending, -1 descending, 0 the list's own default order (newest first). */
export const sortOrder = z.union(SORT_ORDERS.map((order) => z.literal(order)))

/**
 * The list query every list shares (page, limit, search, sortBy, sortOrder, filter), for one list: its sortable columns and its filter.
 * Numbers are coerced so the same schema reads a URL's query string on the server and the
 * router's parsed search params in the SPA.
 */
export function listQuery<const S extends readonly [string, ...string[]], F extends z.core.SomeType = z.ZodNever>(opts: {
  sortBy: S
  filter?: F
}) {
  return z.strictObject({
    page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
    limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(PAGE_SIZE_DEFAULT),
    search: z.string().trim().max(LIST_SEARCH_MAX, cap()).default(''),
    sortBy: z.enum(opts.sortBy).optional(),
    sortOrder: z.coerce.number().pipe(sortOrder).default(0),
    filter: z.optional(opts.filter ?? z.never()),
  })
}
