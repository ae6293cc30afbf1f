import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { USER_STATUS } from '../../contract'
import { addMs } from '../clock'
import type { Db } from '../db/client'
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

// Every request looks its session up: the statement is built once per database handle (and
// node-postgres prepares it once per connection).
const liveSessionQueries = new WeakMap<Db, ReturnType<typeof liveSessionQuery>>()

async function querySession(db: Db, tokenHash: string, now: Date): Promise<LiveSession | undefined> {
  let query = liveSessionQueries.get(db)
  if (!query) liveSessionQueries.set(db, (query = liveSessionQuery(db)))
  // A placeholder's value reaches the driver as it is: the timestamp goes as ISO text.
  const [row] = await query.execute({ tokenHash, now: now.toISOString() })
  return row
}

/** The session a bearer token opens: not revoked, not expired, and its admin still active. Always asks the database. */
export function findLiveSession(db: Db, token: string, now: Date): Promise<LiveSession | undefined> {
  return querySession(db, sha256(token), now)
}

// ---------------------------------------------------------------------------------------------
// The per-request lookup, through a short in-process cache.
//
// On the embedded database every statement waits for every other one, so a lookup saved is time
// given back to all requests; on PostgreSQL it is a round trip saved. A found session is kept by
// its token's hash for SESSION_CACHE_MS of this process's time (unknown tokens are never kept),
// and concurrent requests with one token share one lookup.
//
// How stale it may be:
// - Expiry is exact: a kept session's expiresAt is checked against the clock on every request.
// - Revoking through this module (logout: revokeSession; password change or reset:
//   revokeSessionsOf) empties this process's cache, and for SESSION_CACHE_MS afterwards the
//   sessions of that admin are looked up every time, never kept (a lookup that ran before the
//   revoking transaction committed cannot bring them back).
// - Anything else is seen within SESSION_CACHE_MS. With PostgreSQL and several server
//   processes, a session revoked in one process may still open requests in the others for up
//   to SESSION_CACHE_MS; so may, in any process, the sessions of an admin blocked or changed
//   in the database directly.

/** How long a found session is trusted without asking the database again (at most 5 s). */
export const SESSION_CACHE_MS = 2_000
/** Beyond this many kept sessions, the expired ones go (and all of them, if that is not enough). */
const SESSION_CACHE_MAX = 1_000

interface Kept {
  db: Db
  lookup: Promise<LiveSession | undefined>
  /** performance.now() after which the database is asked again. */
  until: number
}

const kept = new Map<string, Kept>()
/** Ids of sessions and admins revoked lately, until when (performance.now()): never kept meanwhile. */
const revokedLately = new Map<string, number>()

const isRevokedLately = (session: LiveSession) => {
  const at = performance.now()
  return (revokedLately.get(session.id) ?? 0) > at || (revokedLately.get(session.admin.id) ?? 0) > at
}

/** Drops every kept session, and keeps `id`'s (a session's or an admin's) out for SESSION_CACHE_MS. */
function noteRevoked(id: string) {
  const at = performance.now()
  for (const [key, until] of revokedLately) if (until <= at) revokedLately.delete(key)
  revokedLately.set(id, at + SESSION_CACHE_MS)
  kept.clear()
}

function makeRoom(at: number) {
  if (kept.size < SESSION_CACHE_MAX) return
  for (const [hash, entry] of kept) if (entry.until <= at) kept.delete(hash)
  if (kept.size >= SESSION_CACHE_MAX) kept.clear()
}

/**
 * The session a bearer token opens, as findLiveSession, for the auth middleware: from the cache
 * above when the same token was looked up less than SESSION_CACHE_MS ago. The answer may be
 * shared with concurrent requests: treat it as read-only (but for lastUsedAt, see auth.ts).
 */
export async function lookUpSession(db: Db, token: string, now: Date): Promise<LiveSession | undefined> {
  const tokenHash = sha256(token)
  const at = performance.now()
  let entry = kept.get(tokenHash)
  if (!entry || entry.db !== db || entry.until <= at) {
    makeRoom(at)
    const fresh: Kept = { db, lookup: querySession(db, tokenHash, now), until: at + SESSION_CACHE_MS }
    kept.set(tokenHash, fresh)
    const drop = () => {
      if (kept.get(tokenHash) === fresh) kept.delete(tokenHash)
    }
    fresh.lookup.then((session) => (!session || isRevokedLately(session) ? drop() : undefined), drop)
    entry = fresh
  }
  const session = await entry.lookup
  // Lately revoked: the answer may predate the revocation's commit, so ask again.
  if (session && isRevokedLately(session)) return querySession(db, tokenHash, now)
  return session && session.expiresAt.getTime() > now.getTime() ? session : undefined
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId))
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  noteRevoked(sessionId) // before and after: no lookup in between stays cached
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
  noteRevoked(sessionId)
}

/** Ends every session of an admin, but `keep` (the caller's own, on a password change). */
export async function revokeSessionsOf(db: Db, adminId: string, now: Date, keep?: string): Promise<void> {
  noteRevoked(adminId) // before and after: no lookup in between stays cached
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.adminId, adminId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
  noteRevoked(adminId)
}
