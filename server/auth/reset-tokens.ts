import { and, eq, gt, isNull } from 'drizzle-orm'
import { addMs } from '../clock'
import type { Db } from '../db/client'
import { passwordResetTokens } from '../db/schema'
import { newSecret, sha256 } from './tokens'

/** What a verified OTP gives: a token that sets a new password once, replacing earlier ones. */
export async function issueResetToken(db: Db, adminId: string, now: Date, ttlMs: number): Promise<string> {
  const token = newSecret()
  const fresh = { tokenHash: sha256(token), createdAt: now, expiresAt: addMs(now, ttlMs), usedAt: null }
  await db
    .insert(passwordResetTokens)
    .values({ adminId, ...fresh })
    .onConflictDoUpdate({ target: passwordResetTokens.adminId, set: fresh })
  return token
}

const liveToken = (token: string, now: Date) =>
  and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now))

/** Whether a reset token is live, without spending it: checked before the new password is hashed. */
export async function isLiveResetToken(db: Db, token: string, now: Date): Promise<boolean> {
  const [row] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(liveToken(token, now)).limit(1)
  return row !== undefined
}

/** Spends a live reset token (atomically: it works once) and returns whose it was. */
export async function consumeResetToken(db: Db, token: string, now: Date): Promise<string | undefined> {
  const [spent] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(liveToken(token, now))
    .returning({ adminId: passwordResetTokens.adminId })
  return spent?.adminId
}
