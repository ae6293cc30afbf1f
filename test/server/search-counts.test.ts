import { searchCounts } from '../../server/db/search-counts'
import { manualClock } from './helpers/manual-clock'

describe('the searches known to match more rows than a list counts', () => {
  it('holds one with its table’s number of rows, for its time or until forgotten', () => {
    const clock = manualClock()
    const counts = searchCounts(clock, { ttlMs: 1_000 })
    expect(counts.overBoundAt('smith')).toBeUndefined()
    counts.rememberOverBound('smith', 50)
    expect(counts.overBoundAt('smith')).toEqual({ tableTotal: 50 })
    counts.forget('smith')
    expect(counts.overBoundAt('smith')).toBeUndefined()
    counts.rememberOverBound('smith', undefined)
    clock.advance(999)
    expect(counts.overBoundAt('smith')).toEqual({ tableTotal: undefined })
    clock.advance(1)
    expect(counts.overBoundAt('smith')).toBeUndefined()
  })

  it('keeps the newest searches when it is full', () => {
    const counts = searchCounts(manualClock(), { maxEntries: 2 })
    counts.rememberOverBound('a', 1)
    counts.rememberOverBound('b', 1)
    counts.rememberOverBound('a', 1) // found again: now the newest
    counts.rememberOverBound('c', 1)
    expect(['a', 'b', 'c'].map((query) => counts.overBoundAt(query) !== undefined)).toEqual([true, false, true])
  })
})
