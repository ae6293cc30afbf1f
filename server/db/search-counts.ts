import type { Clock } from '../clock'

/**
 * The searches found lately to match more rows than a list counts (LIST_COUNT_BOUND), so that
 * paging through one, or many admins running it, does not count it again: over a million users
 * counting "smith" to the bound costs many times its page (docs/DECISIONS.md). Only "more than the
 * bound" is kept, never an exact total, and only while the table's own number of rows is what it
 * was (listPage checks: a delete or an insert, whoever made it, means a fresh count) and for
 * `ttlMs` at most (a change that keeps that number, such as a rename, is seen after that).
 */
export interface SearchCounts {
  /**
   * When this count query (its SQL and parameters) matched more than the bound lately: the
   * table's number of rows then (undefined for a table whose rows are not counted).
   */
  overBoundAt(query: string): { tableTotal: number | undefined } | undefined
  /** It did, with the table at `tableTotal` rows. */
  rememberOverBound(query: string, tableTotal: number | undefined): void
  /** It no longer does. */
  forget(query: string): void
}

export interface SearchCountsOptions {
  ttlMs?: number
  /** The searches kept at most; the oldest goes first. */
  maxEntries?: number
}

export function searchCounts(clock: Clock, { ttlMs = 30_000, maxEntries = 500 }: SearchCountsOptions = {}): SearchCounts {
  const known = new Map<string, { until: number; tableTotal: number | undefined }>()
  return {
    overBoundAt(query) {
      const entry = known.get(query)
      if (entry && entry.until > clock.now().getTime()) return { tableTotal: entry.tableTotal }
      known.delete(query)
      return undefined
    },
    rememberOverBound(query, tableTotal) {
      known.delete(query) // a Map keeps insertion order: the renewed entry goes last
      known.set(query, { until: clock.now().getTime() + ttlMs, tableTotal })
      if (known.size > maxEntries) known.delete(known.keys().next().value!)
    },
    forget: (query) => void known.delete(query),
  }
}
