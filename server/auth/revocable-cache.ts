import type { Db } from '../db/client'
import { listen, type Listening } from '../db/notify'
import { sha256 } from './tokens'

// ---------------------------------------------------------------------------------------------
// A short per-app cache of bearer credentials found by their token's hash, that revocations
// reach at once: sessions (server/auth/sessions.ts) and API tokens (server/auth/api-tokens.ts).
//
// On the embedded database every statement waits for every other one, so a lookup saved is time
// given back to all requests; on PostgreSQL it is a round trip saved. A found row is kept by its
// token's hash for `keepMs` of this process's time (unknown tokens are never kept), and
// concurrent requests with one token share one lookup.
//
// How stale it may be:
// - Expiry is exact: a kept row's expiry is checked against the clock on every request.
// - A revoking module drops the rows concerned from the revoking app's own cache (`forget`, by
//   any id the row answers to: a session's, its admin's; a token's) before and after the change,
//   and for `keepMs` afterwards they are looked up every time, never kept (a lookup that ran
//   before the revoking transaction committed cannot bring them back).
// - Every other app on the same database (another server process, or a second app in this one)
//   is told by a notification (NOTIFY on the cache's channel, sent in the revoking transaction,
//   so only once it has committed); the server listens (followRevocations) and drops the same
//   rows within milliseconds. While its listening connection is down (or an app does not
//   listen, as in tests), an app may keep a revoked row for up to `keepMs`, and it empties its
//   cache when it listens again (notices may have been lost).
// - Anything else (a change made in the database directly) is seen within `keepMs`.

/** What a cache keeps: a row found by a token's hash. */
export interface RevocableCacheOptions<T> {
  /** The live row of a token's hash (not revoked, not expired...), or undefined. */
  find(tokenHash: string, now: Date): Promise<T | undefined>
  /** The ids a revocation may name to drop `row` (its own, its owner's...). */
  idsOf(row: T): readonly string[]
  /** When `row` stops working, checked on every request; null: never. */
  expiresAt(row: T): Date | null
  /** How long a found row is trusted without asking the database again. */
  keepMs: number
  /** Beyond this many kept rows, the expired ones go (and all of them, if that is not enough). */
  max?: number
}

export interface RevocableCache<T> {
  /**
   * The row a bearer token opens, from the cache when the same token was looked up less than
   * `keepMs` ago. The answer may be shared with concurrent requests: treat it as read-only (but
   * for a coarse last-use time, which every holder may set).
   */
  lookUp(token: string, now: Date): Promise<T | undefined>
  /** Drops the rows `id` names, and keeps them out for `keepMs`. */
  forget(id: string): void
  /** Drops every kept row. */
  clear(): void
}

interface Kept<T> {
  lookup: Promise<T | undefined>
  /** The lookup's answer, once it has one. */
  row?: T
  /** performance.now() after which the database is asked again. */
  until: number
}

export function revocableCache<T>({ find, idsOf, expiresAt, keepMs, max = 1_000 }: RevocableCacheOptions<T>): RevocableCache<T> {
  const kept = new Map<string, Kept<T>>()
  /** Ids revoked lately, until when (performance.now()): never kept meanwhile. */
  const revokedLately = new Map<string, number>()

  const isRevokedLately = (row: T) => {
    const at = performance.now()
    return idsOf(row).some((id) => (revokedLately.get(id) ?? 0) > at)
  }

  const makeRoom = (at: number) => {
    if (kept.size < max) return
    for (const [hash, entry] of kept) if (entry.until <= at) kept.delete(hash)
    if (kept.size >= max) kept.clear()
  }

  return {
    async lookUp(token, now) {
      const tokenHash = sha256(token)
      const at = performance.now()
      let entry = kept.get(tokenHash)
      if (!entry || entry.until <= at) {
        makeRoom(at)
        const fresh: Kept<T> = { lookup: find(tokenHash, now), until: at + keepMs }
        kept.set(tokenHash, fresh)
        const drop = () => {
          if (kept.get(tokenHash) === fresh) kept.delete(tokenHash)
        }
        fresh.lookup.then((row) => {
          if (!row || isRevokedLately(row)) drop()
          else fresh.row = row
        }, drop)
        entry = fresh
      }
      const row = await entry.lookup
      // Lately revoked: the answer may predate the revocation's commit, so ask again.
      if (row && isRevokedLately(row)) return find(tokenHash, now)
      if (!row) return undefined
      const expiry = expiresAt(row)
      return expiry === null || expiry.getTime() > now.getTime() ? row : undefined
    },

    forget(id) {
      const at = performance.now()
      for (const [key, until] of revokedLately) if (until <= at) revokedLately.delete(key)
      revokedLately.set(id, at + keepMs)
      // A lookup still running is not kept when it ends (isRevokedLately), so only answers go here.
      for (const [hash, entry] of kept) if (entry.row && idsOf(entry.row).includes(id)) kept.delete(hash)
    },

    clear() {
      kept.clear()
    },
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Keeps `cache` in step with the revocations of every server process on the database of `db`
 * (LISTEN on `channel`, whose payloads are ids for `forget`), until stopped. The cache is emptied
 * each time listening starts, since a notice sent while not listening is lost.
 */
export function followChannel(db: Db, channel: string, cache: Pick<RevocableCache<unknown>, 'forget' | 'clear'>): Promise<Listening> {
  return listen(db, channel, {
    // Not ours, or garbled: forget everything rather than guess.
    onNotice: (payload) => (UUID.test(payload) ? cache.forget(payload) : cache.clear()),
    onConnect: () => cache.clear(),
  })
}
