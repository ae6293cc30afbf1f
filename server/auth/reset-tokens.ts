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

/** Spends a live reset token (atomically: it works once) and returns whose it was. */
export async function consumeResetToken(db: Db, token: string, now: Date): Promise<string | undefined> {
  const [spent] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ adminId: passwordResetTokens.adminId })
  return spent?.adminId
}
