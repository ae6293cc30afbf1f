import { randomInt } from 'node:crypto'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_MS } from '../../contract'
import { addMs } from '../clock'
import type { Db } from '../db/client'
import { passwordOtps } from '../db/schema'
import { sameDigest, sha256 } from './tokens'

/** A uniformly random code of OTP_LENGTH digits, leading zeros kept. */
const newCode = () => randomInt(0, 10 ** OTP_LENGTH).toString().padStart(OTP_LENGTH, '0')

/**
 * Codes are stored hashed. A 6-digit code is cheap to brute-force offline, so the hash only
 * keeps it out of plain sight; what protects it is its short life and the attempt limit.
 */
const hashCode = (adminId: string, code: string) => sha256(`${adminId}:${code}`)

/** Creates a new code for the admin, replacing any earlier one (an admin has one code at most), and returns it. */
export async function issueOtp(db: Db, adminId: string, now: Date): Promise<string> {
  const code = newCode()
  const fresh = {
    codeHash: hashCode(adminId, code),
    attempts: 0,
    createdAt: now,
    expiresAt: addMs(now, OTP_TTL_MS),
    usedAt: null,
  }
  await db
    .insert(passwordOtps)
    .values({ adminId, ...fresh })
    .onConflictDoUpdate({ target: passwordOtps.adminId, set: fresh })
  return code
}

export type OtpCheck = 'ok' | 'invalid' | 'expired' | 'used' | 'exhausted'

/**
 * Checks a code against the admin's current one. Every try is counted before the comparison
 * (atomically, so parallel guesses cannot exceed the limit); once OTP_MAX_ATTEMPTS tries have
 * failed the code is dead, even for the right digits. A good code is spent at once.
 */
export async function checkOtp(db: Db, adminId: string, code: string, now: Date): Promise<OtpCheck> {
  const [otp] = await db.select().from(passwordOtps).where(eq(passwordOtps.adminId, adminId)).limit(1)
  if (!otp) return 'invalid'
  if (otp.usedAt) return 'used'
  if (otp.attempts >= OTP_MAX_ATTEMPTS) return 'exhausted'
  if (otp.expiresAt <= now) return 'expired'

  // The row as read: a code re-issued meanwhile (same row, new hash) is not touched.
  const sameCode = and(eq(passwordOtps.id, otp.id), eq(passwordOtps.codeHash, otp.codeHash))

  const counted = await db
    .update(passwordOtps)
    .set({ attempts: sql`${passwordOtps.attempts} + 1` })
    .where(
      and(
        sameCode,
        isNull(passwordOtps.usedAt),
        lt(passwordOtps.attempts, OTP_MAX_ATTEMPTS),
        gt(passwordOtps.expiresAt, now),
      ),
    )
    .returning({ id: passwordOtps.id })
  if (counted.length === 0) return 'exhausted' // a parallel request used the last try
  if (!sameDigest(otp.codeHash, hashCode(adminId, code))) return 'invalid'

  const spent = await db
    .update(passwordOtps)
    .set({ usedAt: now })
    .where(and(sameCode, isNull(passwordOtps.usedAt)))
    .returning({ id: passwordOtps.id })
  return spent.length > 0 ? 'ok' : 'used'
}
