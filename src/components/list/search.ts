import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { z } from 'zod'
import type { SortOrder } from '@contract'

/**
 * The list state every list screen keeps in its URL, so a list view is a link to share and Back works: what the contract's
 * `listQuery(...)` schemas produce once parsed. `page` is 1-based here, as on the wire.
 */
export type ListSearch = {
  page: number
  limit: number
  search: string
  sortBy?: string | undefined
  sortOrder: SortOrder
  filter?: unknown
}

/**
 * A route's `validateSearch` from a contract list query (`userListQuery`...): the same fields,
 * defaults and rules, but forgiving, because a URL is typed by people: a value that does not fit
 * (`?page=abc`, `?limit=5000`, an unknown sortBy) falls back to its default instead of failing the
 * page, and unknown parameters are dropped. The server still gets only valid queries.
 */
export function listSearch<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const defaults = schema.parse({}) as Record<string, unknown>
  const shape: Record<string, z.ZodType> = {}
  for (const [key, field] of Object.entries(schema.shape)) shape[key] = (field as z.ZodType).catch(defaults[key])
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof Shape]: z.ZodCatch<Shape[K]> }>
}

/**
 * Only the list's own parameters of a route's search. The router keeps parameters no schema knows
 * (`?utm_source=...`) beside the validated ones; the API's list query is strict and would refuse
 * them. Use it for `loaderDeps`; the screen does the same, so both ask for the same query key.
 * `params`: the list query's further fields beyond the kit's (the audit log's action, actorId,
 * from, to), kept too; pass the same to the screen (`ListScreen params`).
 */
export function listDeps<Q extends ListSearch>(search: Q, params: readonly ListParam<Q>[] = []): Q {
  const { page, limit, search: text, sortBy, sortOrder, filter } = search
  const more = Object.fromEntries(params.map((key) => [key, search[key]]))
  return { page, limit, search: text, sortBy, sortOrder, filter, ...more } as Q
}

/** A list query's field beyond the kit's own (page, limit, search, sortBy, sortOrder, filter). */
export type ListParam<Q extends ListSearch> = Exclude<keyof Q, keyof ListSearch> & string

/** One choice of a list's Filters menu. */
export type FilterOption<F> = { value: F; label: string }
/** A list's filter: what it filters by (the menu's legend) and its choices ("All" is added). */
export type ListFilter<F> = { label: string; options: readonly FilterOption<F>[] }

/**
 * A route loader's part for a list: start the fetch and return at once (never fails the route).
 * The screen shows skeleton rows for a first load and the previous page while a next one loads.
 */
export function prefetchList<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TKey>,
) {
  queryClient.ensureQueryData(options).catch(() => undefined)
}
