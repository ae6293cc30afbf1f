import { and, eq, gt, isNull, ne } from 'drizzle-orm'
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
  admin: AdminRow
}

/** The session a bearer token opens: not revoked, not expired, and its admin still active. */
export async function findLiveSession(db: Db, token: string, now: Date): Promise<LiveSession | undefined> {
  const [row] = await db
    .select({ id: sessions.id, lastUsedAt: sessions.lastUsedAt, admin: admins })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(admins.status, USER_STATUS.ACTIVE),
      ),
    )
    .limit(1)
  return row
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId))
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

/** Ends every session of an admin, but `keep` (the caller's own, on a password change). */
export async function revokeSessionsOf(db: Db, adminId: string, now: Date, keep?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.adminId, adminId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
}
