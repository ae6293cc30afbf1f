import type { Clock } from '../clock'

/**
 * The searches found lately to match more rows than a list counts (LIST_COUNT_BOUND), so that
 * paging through one, or many admins running it, does not count it again: over a million users
 * "smith" costs about 25 ms to count to the bound and 2 ms for its page. Only "more than the
 * bound" is kept, never an exact total, and only while the table's own total is what it was (a
 * delete or an insert, whoever made it, is a fresh count) and for `ttlMs` at most (a change that
 * keeps the total, such as renames, is seen after that).
 */
export interface SearchCounts {
  /** Whether this count query (its SQL and parameters) matched more than the bound, with the table at `tableTotal` rows. */
  overBound(query: string, tableTotal: number | undefined): boolean
  /** It did. */
  rememberOverBound(query: string, tableTotal: number | undefined): void
}

export interface SearchCountsOptions {
  ttlMs?: number
  /** The searches kept at most; the oldest goes first. */
  maxEntries?: number
}

export function searchCounts(clock: Clock, { ttlMs = 30_000, maxEntries = 500 }: SearchCountsOptions = {}): SearchCounts {
  const known = new Map<string, { until: number; tableTotal: number | undefined }>()
  return {
    overBound(query, tableTotal) {
      const entry = known.get(query)
      if (!entry) return false
      if (entry.until > clock.now().getTime() && entry.tableTotal === tableTotal) return true
      known.delete(query)
      return false
    },
    rememberOverBound(query, tableTotal) {
      known.delete(query) // a Map keeps insertion order: the renewed entry goes last
      known.set(query, { until: clock.now().getTime() + ttlMs, tableTotal })
      if (known.size > maxEntries) known.delete(known.keys().next().value!)
    },
  }
}
