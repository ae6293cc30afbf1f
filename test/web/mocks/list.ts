import { HttpResponse, type HttpHandler } from 'msw'
import type { z } from 'zod'
import { CSV_BOM, csvFileName, csvLine, LIST_COUNT_BOUND, listEnvelopeOf, type CsvValue, type Permission, type SortOrder } from '@contract'
import { exportSelectedBody } from '@contract/input/bulk'
import { route } from './db'

/**
 * Answer list calls from an in-memory array the way the API does (server/db/list.ts), given the
 * query the call's route parsed (db.ts, route): search over the given fields (case-insensitive,
 * contains), the filter, sortBy/sortOrder (0: the list's default, newest first), then the page,
 * in the flat list envelope.
 */
type ListQueryShape = { page: number; limit: number; search: string; sortBy?: string; sortOrder: SortOrder; filter?: unknown }

export type ListRules<T> = {
  /** The texts the search looks in. */
  searchIn: (item: T) => (string | null | undefined)[]
  /** Whether an item passes the filter; absent: the list has no filter. */
  filter?: (item: T, filter: never) => boolean
}

function compare(a: unknown, b: unknown): number {
  const missing = (v: unknown) => v === null || v === undefined || v === ''
  if (missing(a) || missing(b)) return missing(a) === missing(b) ? 0 : missing(a) ? 1 : -1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return String(a).localeCompare(String(b), 'en', { sensitivity: 'base' })
}

/** Every item that matches the query, in the query's order (no paging). */
export function selectItems<T extends object>(items: readonly T[], query: Omit<ListQueryShape, 'page' | 'limit'>, rules: ListRules<T>): T[] {
  const needle = query.search.toLowerCase()
  let rows = items.filter((item) => !needle || rules.searchIn(item).some((text) => text?.toLowerCase().includes(needle)))
  if (query.filter !== undefined && rules.filter) rows = rows.filter((item) => rules.filter!(item, query.filter as never))
  const by = (key: string) => (item: T) => (item as Record<string, unknown>)[key]
  if (query.sortBy && query.sortOrder !== 0) {
    const value = by(query.sortBy)
    const direction = query.sortOrder
    rows = [...rows].sort((a, b) => {
      const order = compare(value(a), value(b))
      // Missing values last whichever way.
      const aMissing = value(a) === null || value(a) === undefined
      const bMissing = value(b) === null || value(b) === undefined
      return aMissing || bMissing ? order : order * direction
    })
  } else {
    const created = by('createdAt')
    rows = [...rows].sort((a, b) => compare(created(b), created(a)))
  }
  return rows
}

/** The list call's answer: `items` searched, filtered, sorted and paged by the call's parsed query. */
export function listAnswer<T extends object>(
  query: ListQueryShape,
  items: readonly T[],
  rules: ListRules<T>,
  { message, map = (item: T) => item as unknown }: { message: string; map?: (item: T) => unknown },
) {
  const rows = selectItems(items, query, rules)
  const start = (query.page - 1) * query.limit
  const page = rows.slice(start, start + query.limit)
  // A search's count stops at the bound unless its page proves the total, as the API's does.
  const bounded = query.search !== '' && rows.length > LIST_COUNT_BOUND && page.length === query.limit
  const total = bounded ? Math.max(LIST_COUNT_BOUND, start + page.length) : rows.length
  return HttpResponse.json(listEnvelopeOf(message, { rows: page.map(map), total, ...(bounded ? { totalIsLowerBound: true as const } : {}) }, query))
}

/** The export call's answer: the same selection as a CSV attachment named like the API's, `users-2025-06-30.csv`. */
export function csvAnswer<T extends object>(
  query: ListQueryShape,
  items: readonly T[],
  rules: ListRules<T>,
  { stem, columns }: { stem: string; columns: [header: string, value: (item: T) => CsvValue][] },
) {
  const lines = [columns.map(([header]) => header), ...selectItems(items, query, rules).map((item) => columns.map(([, value]) => value(item)))]
  return new HttpResponse(CSV_BOM + lines.map(csvLine).join(''), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${csvFileName(stem, new Date())}"` },
  })
}

/**
 * Both calls of a list's export, as the server has them: GET for the list query, and POST with
 * chosen ids (exportSelectedBody), which keeps only those rows; `answer` gets the query and
 * whether an id was chosen.
 */
export function exportRoutes<Q extends z.core.$ZodType>(
  path: string,
  declared: { permission: Permission; query: Q },
  answer: (query: z.infer<Q>, chosen: (id: string) => boolean) => Response,
): HttpHandler[] {
  return [
    route('get', path, declared, ({ query }) => answer(query, () => true)),
    route('post', path, { ...declared, body: exportSelectedBody }, ({ query, body }) => {
      const ids = new Set(body.ids)
      return answer(query, (id) => ids.has(id))
    }),
  ]
}
