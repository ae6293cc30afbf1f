import { searchCounts } from '../../server/db/search-counts'
import { manualClock } from './helpers/manual-clock'

describe('the searches known to match more rows than a list counts', () => {
  it('holds one for its time, while the table keeps its number of rows', () => {
    const clock = manualClock()
    const counts = searchCounts(clock, { ttlMs: 1_000 })
    expect(counts.overBound('smith', 50)).toBe(false)
    counts.rememberOverBound('smith', 50)
    expect(counts.overBound('smith', 50)).toBe(true)
    expect(counts.overBound('smith', 51)).toBe(false)
    // Forgotten once seen with another total, even if the table comes back to 50 rows.
    expect(counts.overBound('smith', 50)).toBe(false)
    counts.rememberOverBound('smith', undefined)
    clock.advance(1_000)
    expect(counts.overBound('smith', undefined)).toBe(false)
  })

  it('keeps the newest searches when it is full', () => {
    const counts = searchCounts(manualClock(), { maxEntries: 2 })
    counts.rememberOverBound('a', 1)
    counts.rememberOverBound('b', 1)
    counts.rememberOverBound('a', 1) // found again: now the newest
    counts.rememberOverBound('c', 1)
    expect(['a', 'b', 'c'].map((query) => counts.overBound(query, 1))).toEqual([true, false, true])
  })
})
