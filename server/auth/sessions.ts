import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { USER_STATUS } from '../../contract'
import { addMs } from '../clock'
import type { Db } from '../db/client'
import { notify, type Listening } from '../db/notify'
import { admins, sessions } from '../db/schema'
import type { AdminRow } from './admins'
import { followChannel, revocableCache, type RevocableCache } from './revocable-cache'
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

// The per-request lookup, through a short cache of each app's own (deps.sessions): see
// server/auth/revocable-cache.ts for how stale it may be. Revoking through this module (logout:
// revokeSession; password change or reset, an admin blocked: revokeSessionsOf) drops the sessions
// concerned from the revoking app's own cache (the caller passes it; no cache is reachable from
// the module), and tells every other app by a notice on REVOCATIONS_CHANNEL.

/** How long a found session is trusted without asking the database again (at most 5 s). */
export const SESSION_CACHE_MS = 2_000

/** Where revocations are announced; each notice's payload is a revoked session's id or an admin's (all their sessions). */
export const REVOCATIONS_CHANNEL = 'petcare_sessions_revoked'

/**
 * One app's cache of found sessions: the session a bearer token opens (not revoked, not
 * expired, and its admin still active); `forget` takes a session's id or an admin's.
 */
export type SessionCache = RevocableCache<LiveSession>

/** A session cache over `db`, for one app. */
export function sessionCache(db: Db): SessionCache {
  // Every request looks its session up: the statement is built once per app, on first use (an app
  // built only to read its route table never touches the database), and node-postgres prepares it
  // once per connection.
  let liveSession: ReturnType<typeof liveSessionQuery> | undefined
  return revocableCache<LiveSession>({
    async find(tokenHash, now) {
      liveSession ??= liveSessionQuery(db)
      // A placeholder's value reaches the driver as it is: the timestamp goes as ISO text.
      const [row] = await liveSession.execute({ tokenHash, now: now.toISOString() })
      return row
    },
    idsOf: (session) => [session.id, session.admin.id],
    expiresAt: (session) => session.expiresAt,
    keepMs: SESSION_CACHE_MS,
  })
}

/**
 * Keeps `cache` in step with the session revocations of every server process on the database
 * of `db` (LISTEN on REVOCATIONS_CHANNEL), until stopped.
 */
export const followRevocations = (db: Db, cache: SessionCache): Promise<Listening> => followChannel(db, REVOCATIONS_CHANNEL, cache)

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
