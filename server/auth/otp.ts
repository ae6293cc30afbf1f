import { randomInt } from 'node:crypto'
import { and, eq, gt, isNull, lt, lte, ne, sql } from 'drizzle-orm'
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

/**
 * Creates a new code for the admin, asked for from `address`, and returns it. It replaces the
 * earlier code asked for from that address only: a code asked for elsewhere (the owner's, while
 * someone else asks for codes for their email) stays as it was. The admin's dead codes go.
 */
export async function issueOtp(db: Db, adminId: string, address: string, now: Date): Promise<string> {
  const code = newCode()
  const fresh = {
    codeHash: hashCode(adminId, code),
    attempts: 0,
    createdAt: now,
    expiresAt: addMs(now, OTP_TTL_MS),
    usedAt: null,
  }
  await db.delete(passwordOtps).where(and(eq(passwordOtps.adminId, adminId), lte(passwordOtps.expiresAt, now)))
  await db
    .insert(passwordOtps)
    .values({ adminId, requestedFrom: address, ...fresh })
    .onConflictDoUpdate({ target: [passwordOtps.adminId, passwordOtps.requestedFrom], set: fresh })
  return code
}

export type OtpCheck = 'ok' | 'invalid' | 'expired' | 'used' | 'exhausted' | 'otherNetwork'

/** Stands in for the admin when the email has no active account, so both paths run the same queries. */
const NO_ADMIN_ID = '00000000-0000-0000-0000-000000000000'

/**
 * Checks a code against the admin's current one asked for from `address` (`adminId` undefined:
 * an unknown or blocked email, which can only fail). A code is tried only from the address that
 * asked for it (its address group: server/http/client-address.ts): from anywhere else it does not
 * work and counts against no code, so wrong codes typed elsewhere never use up the tries of the
 * code its owner just asked for.
 *
 * A wrong code is 'invalid', whatever state the admin's code is in, except the admin's live code
 * asked for from another address ('otherNetwork': a phone that moved from Wi-Fi to mobile data).
 * That answer costs the typing address a wrong try like any other and touches the other code's
 * tries not at all; to get it one must type a live code, as hard as guessing one (the same
 * limits), and the code so learnt works only from the network that asked for it.
 *
 * An expired, used or dead code is named only to someone who typed it right (its owner, who has the mail), so a guesser
 * learns nothing about who has an account or a code. Every path reads the code row and runs the
 * counting update, so an unknown email costs the same queries as a known one.
 *
 * Every try at a live code is counted before it is judged (atomically, so parallel guesses
 * cannot exceed the limit); once OTP_MAX_ATTEMPTS tries have failed the code is dead, even for
 * the right digits. A good code is spent at once.
 */
export async function checkOtp(db: Db, adminId: string | undefined, address: string, code: string, now: Date): Promise<OtpCheck> {
  const owner = adminId ?? NO_ADMIN_ID // NO_ADMIN_ID has no rows, so it never matches
  const ofAddress = and(eq(passwordOtps.adminId, owner), eq(passwordOtps.requestedFrom, address))
  const [otp] = await db.select().from(passwordOtps).where(ofAddress).limit(1)
  const typedHash = hashCode(owner, code)
  const matches = adminId !== undefined && otp !== undefined && sameDigest(otp.codeHash, typedHash)

  // The row as read (a code re-issued meanwhile, same row with a new hash, is not touched),
  // while it is live; with no row, an update of nothing.
  const sameCode = and(ofAddress, eq(passwordOtps.codeHash, otp?.codeHash ?? ''))
  const counted = await db
    .update(passwordOtps)
    .set({ attempts: sql`${passwordOtps.attempts} + 1` })
    .where(and(sameCode, isNull(passwordOtps.usedAt), lt(passwordOtps.attempts, OTP_MAX_ATTEMPTS), gt(passwordOtps.expiresAt, now)))
    .returning({ id: passwordOtps.id })
  if (!matches) return (await isLiveCodeElsewhere(db, owner, address, typedHash, now)) ? 'otherNetwork' : 'invalid'
  if (otp.usedAt) return 'used'
  if (otp.attempts >= OTP_MAX_ATTEMPTS) return 'exhausted'
  if (otp.expiresAt <= now) return 'expired'
  if (counted.length === 0) return 'exhausted' // a parallel request used the last try

  const spent = await db
    .update(passwordOtps)
    .set({ usedAt: now })
    .where(and(sameCode, isNull(passwordOtps.usedAt)))
    .returning({ id: passwordOtps.id })
  return spent.length > 0 ? 'ok' : 'used'
}

/** Whether `typedHash` is the admin's live code (unused, unexpired, tries left) asked for from elsewhere. */
async function isLiveCodeElsewhere(db: Db, adminId: string, address: string, typedHash: string, now: Date): Promise<boolean> {
  const elsewhere = await db
    .select({ codeHash: passwordOtps.codeHash })
    .from(passwordOtps)
    .where(
      and(
        eq(passwordOtps.adminId, adminId),
        ne(passwordOtps.requestedFrom, address),
        isNull(passwordOtps.usedAt),
        lt(passwordOtps.attempts, OTP_MAX_ATTEMPTS),
        gt(passwordOtps.expiresAt, now),
      ),
    )
  return elsewhere.some((otp) => sameDigest(otp.codeHash, typedHash))
}
