import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { USER_STATUS } from '../../contract'
import { addMs } from '../clock'
import type { Db } from '../db/client'
import { listen, notify, type Listening } from '../db/notify'
import { admins, sessions } from '../db/schema'
import type { AdminRow } from './admins'
import { newSecret, sha256 } from './tokens'

/** Opens a session and returns its bearer token; only the token's hash is stored. */
export async function startSession(db: Db, adminId: string, now: Date, ttlMs: number): Promise<string> {
  const token = newSecret()
  await db.insert(sessions).values({
    adminId,
    tokenHash: sha256(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: addMs(now, ttlMs),
  })
  return token
}

export interface LiveSession {
  id: string
  lastUsedAt: Date
  expiresAt: Date
  admin: AdminRow
}

function liveSessionQuery(db: Db) {
  return db
    .select({ id: sessions.id, lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt, admin: admins })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(admins.status, USER_STATUS.ACTIVE),
      ),
    )
    .limit(1)
    .prepare('live_session')
}

// ---------------------------------------------------------------------------------------------
// The per-request lookup, through a short cache of each app's own (deps.sessions).
//
// On the embedded database every statement waits for every other one, so a lookup saved is time
// given back to all requests; on PostgreSQL it is a round trip saved. A found session is kept by
// its token's hash for SESSION_CACHE_MS of this process's time (unknown tokens are never kept),
// and concurrent requests with one token share one lookup.
//
// How stale it may be:
// - Expiry is exact: a kept session's expiresAt is checked against the clock on every request.
// - Revoking through this module (logout: revokeSession; password change or reset, an admin
//   blocked: revokeSessionsOf) drops the sessions concerned from the revoking app's own cache
//   (the caller passes it; no cache is reachable from the module) before and after the change, and for SESSION_CACHE_MS afterwards they are looked up every
//   time, never kept (a lookup that ran before the revoking transaction committed cannot bring
//   them back).
// - Every other app on the same database (another server process, or a second app in this one)
//   is told by a notification (NOTIFY on REVOCATIONS_CHANNEL, sent in the revoking transaction,
//   so only once it has committed); the server listens (followRevocations) and drops the same
//   sessions within milliseconds. While its listening connection is down (or an app does not
//   listen, as in tests), an app may keep a revoked session for up to SESSION_CACHE_MS, and it
//   empties its cache when it listens again (notices may have been lost).
// - Anything else (an admin blocked or changed in the database directly) is seen within
//   SESSION_CACHE_MS.

/** How long a found session is trusted without asking the database again (at most 5 s). */
export const SESSION_CACHE_MS = 2_000
/** Beyond this many kept sessions, the expired ones go (and all of them, if that is not enough). */
const SESSION_CACHE_MAX = 1_000

/** Where revocations are announced; each notice's payload is a revoked session's id or an admin's (all their sessions). */
export const REVOCATIONS_CHANNEL = 'petcare_sessions_revoked'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface Kept {
  lookup: Promise<LiveSession | undefined>
  /** The lookup's answer, once it has one. */
  session?: LiveSession
  /** performance.now() after which the database is asked again. */
  until: number
}

/** One app's cache of found sessions. */
export interface SessionCache {
  /**
   * The session a bearer token opens (not revoked, not expired, and its admin still active), for
   * the auth middleware: from the cache when the same token was looked up less than
   * SESSION_CACHE_MS ago. The answer may be
   * shared with concurrent requests: treat it as read-only (but for lastUsedAt, see auth.ts).
   */
  lookUp(token: string, now: Date): Promise<LiveSession | undefined>
  /** Drops the sessions `id` names (a session's id, or an admin's), and keeps them out for SESSION_CACHE_MS. */
  forget(id: string): void
  /** Drops every kept session. */
  clear(): void
}

/** A session cache over `db`, for one app. */
export function sessionCache(db: Db): SessionCache {
  // Every request looks its session up: the statement is built once per app, on first use (an app
  // built only to read its route table never touches the database), and node-postgres prepares it
  // once per connection.
  let liveSession: ReturnType<typeof liveSessionQuery> | undefined
  const querySession = async (tokenHash: string, now: Date): Promise<LiveSession | undefined> => {
    liveSession ??= liveSessionQuery(db)
    // A placeholder's value reaches the driver as it is: the timestamp goes as ISO text.
    const [row] = await liveSession.execute({ tokenHash, now: now.toISOString() })
    return row
  }
  const kept = new Map<string, Kept>()
  /** Ids of sessions and admins revoked lately, until when (performance.now()): never kept meanwhile. */
  const revokedLately = new Map<string, number>()

  const isRevokedLately = (session: LiveSession) => {
    const at = performance.now()
    return (revokedLately.get(session.id) ?? 0) > at || (revokedLately.get(session.admin.id) ?? 0) > at
  }

  const makeRoom = (at: number) => {
    if (kept.size < SESSION_CACHE_MAX) return
    for (const [hash, entry] of kept) if (entry.until <= at) kept.delete(hash)
    if (kept.size >= SESSION_CACHE_MAX) kept.clear()
  }

  const cache: SessionCache = {
    async lookUp(token, now) {
      const tokenHash = sha256(token)
      const at = performance.now()
      let entry = kept.get(tokenHash)
      if (!entry || entry.until <= at) {
        makeRoom(at)
        const fresh: Kept = { lookup: querySession(tokenHash, now), until: at + SESSION_CACHE_MS }
        kept.set(tokenHash, fresh)
        const drop = () => {
          if (kept.get(tokenHash) === fresh) kept.delete(tokenHash)
        }
        fresh.lookup.then((session) => {
          if (!session || isRevokedLately(session)) drop()
          else fresh.session = session
        }, drop)
        entry = fresh
      }
      const session = await entry.lookup
      // Lately revoked: the answer may predate the revocation's commit, so ask again.
      if (session && isRevokedLately(session)) return querySession(tokenHash, now)
      return session && session.expiresAt.getTime() > now.getTime() ? session : undefined
    },

    forget(id) {
      const at = performance.now()
      for (const [key, until] of revokedLately) if (until <= at) revokedLately.delete(key)
      revokedLately.set(id, at + SESSION_CACHE_MS)
      // A lookup still running is not kept when it ends (isRevokedLately), so only answers go here.
      for (const [hash, entry] of kept) if (entry.session?.id === id || entry.session?.admin.id === id) kept.delete(hash)
    },

    clear() {
      kept.clear()
    },
  }
  return cache
}

/**
 * Keeps `cache` in step with the revocations of every server process on the database of `db`
 * (LISTEN on REVOCATIONS_CHANNEL), until stopped. The cache is emptied each time listening
 * starts, since a notice sent while not listening is lost.
 */
export function followRevocations(db: Db, cache: SessionCache): Promise<Listening> {
  return listen(db, REVOCATIONS_CHANNEL, {
    // Not ours, or garbled: forget everything rather than guess.
    onNotice: (payload) => (UUID.test(payload) ? cache.forget(payload) : cache.clear()),
    onConnect: () => cache.clear(),
  })
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId))
}

/** Ends one session (a logout): in `cache`, the revoking app's own, at once, and by notice in every app on the same database. */
export async function revokeSession(db: Db, cache: SessionCache, sessionId: string, now: Date): Promise<void> {
  cache.forget(sessionId) // before and after: no lookup in between stays cached
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
  // After the update: when `db` is no transaction, the update has committed by now.
  await notify(db, REVOCATIONS_CHANNEL, sessionId)
  cache.forget(sessionId)
}

/**
 * Ends every session of an admin, but `keep` (the caller's own, on a password change): in
 * `cache`, the revoking app's own, at once (none from a process that serves no requests, such as
 * the admin command line), and by notice in every app on the same database. Called in a
 * transaction, the others hear of it when it commits.
 */
export async function revokeSessionsOf(
  db: Db,
  cache: SessionCache | undefined,
  adminId: string,
  now: Date,
  keep?: string,
): Promise<void> {
  cache?.forget(adminId) // before and after: no lookup in between stays cached
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.adminId, adminId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
  await notify(db, REVOCATIONS_CHANNEL, adminId)
  cache?.forget(adminId)
}
