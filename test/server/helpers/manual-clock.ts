import type { Clock } from '../../../server/clock'

/** A clock that only moves when told to. */
export interface ManualClock extends Clock {
  advance(ms: number): void
}

export function manualClock(start = new Date('2025-03-01T09:00:00.000Z')): ManualClock {
  let now = start.getTime()
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms
    },
  }
}
