import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import type { SearchSchemaInput } from '@tanstack/react-router'
import { LIST_LIMIT_MAX } from '@contract/limits'
import {
  LIST_SEARCH_MAX,
  isUuid,
  PAGE_MAX,
  SORT_ORDERS,
  listDefaults,
  type ListParamRule,
  type ListQuerySpec,
  type SortOrder,
} from '@contract/list-params'

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

type RuleValue<R extends ListParamRule> = R extends readonly (infer V)[] ? V : string

/** A list's search as `listSearch(spec)` reads it: the same fields and types as the contract's list query of `spec`. */
export type ListSearchOf<S extends ListQuerySpec> = {
  page: number
  limit: number
  search: string
  sortBy?: S['sortBy'][number] | undefined
  sortOrder: SortOrder
  filter?: S['filter'] extends readonly (infer F)[] ? F | undefined : undefined
} & { [K in keyof S['params']]?: S['params'][K] extends ListParamRule ? RuleValue<S['params'][K]> | undefined : never }

/**
 * A route's `validateSearch` for a list whose query allows `spec` (`LIST_PARAMS.users`...): the
 * contract's list query, read forgivingly, because a URL is typed by people: a value that does not
 * fit (`?page=abc`, `?limit=5000`, an unknown sortBy) falls back to its default instead of failing
 * the page. Plain code rather than the contract's zod schema, which would load zod with every
 * first visit (route files are in the entry chunk); test/web/list-search.test.ts holds the two to
 * the same reading. The server still gets only valid queries. A link may leave out any field.
 * An object with `parse` rather than a function: the router infers a route's search types from it
 * where a function made by a call here left them unknown.
 */
export function listSearch<const S extends ListQuerySpec>(spec: S) {
  return {
    parse: (input: Partial<ListSearchOf<S>> & SearchSchemaInput): ListSearchOf<S> => {
      const url: Record<string, unknown> = input
      const params = Object.entries(spec.params ?? {}).map(([name, rule]) => [name, paramValue(url[name], rule)])
      return {
        page: wholeNumber(url.page, PAGE_MAX) ?? listDefaults.page,
        limit: wholeNumber(url.limit, LIST_LIMIT_MAX) ?? listDefaults.limit,
        search: trimmedText(url.search, 0, LIST_SEARCH_MAX) ?? listDefaults.search,
        sortBy: oneOf(url.sortBy, spec.sortBy),
        sortOrder: oneOf(url.sortOrder, SORT_ORDERS) ?? listDefaults.sortOrder,
        filter: oneOf(url.filter, spec.filter ?? []),
        ...Object.fromEntries(params),
      } as ListSearchOf<S>
    },
  }
}

/** A whole number from 1 to `max`; numbers are read from text as the schema's `z.coerce.number()` does. */
function wholeNumber(value: unknown, max: number) {
  const number = Number(value)
  return Number.isInteger(number) && number >= 1 && number <= max ? number : undefined
}

/** Text of `min` to `max` characters once trimmed, trimmed. */
function trimmedText(value: unknown, min: number, max: number) {
  const text = typeof value === 'string' ? value.trim() : undefined
  return text !== undefined && text.length >= min && text.length <= max ? text : undefined
}

/** One of `allowed`; a number may come as text (`?filter="1"`), as the schemas coerce it. */
function oneOf<V extends string | number>(value: unknown, allowed: readonly V[]): V | undefined {
  return allowed.find((v) => v === value || (typeof v === 'number' && v === Number(value)))
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real day written YYYY-MM-DD (no 2025-02-30), as `z.iso.date()` takes it. */
function isDay(text: string) {
  const [, year, month, day] = DAY.exec(text) ?? []
  if (day === undefined) return false
  const date = new Date(0)
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day))
  return date.toISOString().slice(0, 10) === text
}

/** A further parameter's value as its rule reads it, or undefined when it does not fit. */
function paramValue(value: unknown, rule: ListParamRule) {
  if (rule === 'uuid') return isUuid(value) ? value : undefined
  if (rule === 'day') return typeof value === 'string' && isDay(value) ? value : undefined
  if ('maxLength' in rule) return trimmedText(value, 1, rule.maxLength)
  return oneOf(value, rule)
}

/**
 * Only the list's own parameters of a route's search. The router keeps parameters no schema knows
 * (`?utm_source=...`) beside the validated ones; the API's list query is strict and would refuse
 * them. Use it for `loaderDeps`; the screen does the same, so both ask for the same query key.
 * `params`: the list query's further fields beyond the kit's (`LIST_PARAMS.audit.params`: the
 * audit log's action, actorId, from, to), kept too; pass the same to the screen (`ListScreen params`).
 */
export function listDeps<Q extends ListSearch>(search: Q, params: ListParams<Q> = {}): Q {
  const { page, limit, search: text, sortBy, sortOrder, filter } = search
  const more = Object.fromEntries(Object.keys(params).map((key) => [key, search[key as keyof Q]]))
  return { page, limit, search: text, sortBy, sortOrder, filter, ...more } as Q
}

/** A list query's field beyond the kit's own (page, limit, search, sortBy, sortOrder, filter). */
export type ListParam<Q extends ListSearch> = Exclude<keyof Q, keyof ListSearch> & string
/** A list's further parameters by name, as `LIST_PARAMS[list].params` gives them. */
export type ListParams<Q extends ListSearch> = { readonly [K in ListParam<Q>]?: ListParamRule }

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
