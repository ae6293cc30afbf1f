/**
 * A per-key request rate limit held in this process's memory (the integration API's per-token
 * limit: server/http/token-auth.ts). It is the generic cell rate algorithm: a bucket of `perMinute`
 * requests that refills evenly (one every 60,000 / perMinute ms), so a burst of a minute's worth
 * is let through at once and then the steady rate. Each key costs one number.
 *
 * In memory, not in the database (unlike server/auth/throttle.ts): at 20 requests a second per
 * token a row per request would double the writes of the calls it limits. With several server
 * processes behind a balancer each counts its own share, so a token may make up to `perMinute`
 * per process (docs/DECISIONS.md, API tokens).
 */
export interface RateLimit {
  /** Counts one request of `key` at `now`: 0 when let through, else the seconds to wait (at least 1). */
  take(key: string, now: Date): number
}

const MINUTE_MS = 60_000
/** Beyond this many keys, those whose bucket is full again are dropped. */
const KEYS_MAX = 10_000

export function rateLimit(perMinute: number): RateLimit {
  const interval = MINUTE_MS / perMinute
  const tolerance = MINUTE_MS - interval
  /** Per key: the theoretical arrival time of its next request (ms since the epoch). */
  const next = new Map<string, number>()
  return {
    take(key, now) {
      const at = now.getTime()
      if (next.size >= KEYS_MAX) for (const [k, tat] of next) if (tat <= at) next.delete(k)
      const tat = Math.max(next.get(key) ?? at, at)
      if (tat - at > tolerance) return Math.max(1, Math.ceil((tat - tolerance - at) / 1000))
      next.set(key, tat + interval)
      return 0
    },
  }
}
