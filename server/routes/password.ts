import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  changePasswordSchema,
  emailSchema,
  OTP_CHECK_MSG,
  OTP_TTL_MS,
  PASSWORD_MSG,
  resetPasswordSchema,
  THROTTLE_MSG,
  USER_STATUS,
  verifyOtpSchema,
  type VerifyOtpResult,
} from '../../contract'
import { recordAudit } from '../http/audit'
import { findAdminByEmail, findAdminById } from '../auth/admins'
import { checkOtp, issueOtp, type OtpCheck } from '../auth/otp'
import { hashPassword, verifyPassword } from '../auth/passwords'
import { consumeResetToken, isLiveResetToken, issueResetToken } from '../auth/reset-tokens'
import { revokeSessionsOf } from '../auth/sessions'
import { accountAddressKey, clear, release, rememberAddress, reserve, THROTTLE } from '../auth/throttle'
import { admins } from '../db/schema'
import type { Deps } from '../deps'
import { badRequest, unauthorized } from '../api-error'
import { requireAuth } from '../http/auth'
import { clientAddressGroup } from '../http/client-address'
import { emailAttempt } from '../http/email-attempt'
import type { AppContext, AppEnv } from '../http/env'
import { TooManyRequests } from '../http/errors'
import { passwordLinkAttempt } from '../http/password-links'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { logError } from '../log'

/** OTP failures name the field, so the form shows them under the code input. */
const otpError = (check: Exclude<OtpCheck, 'ok'>) => badRequest(OTP_CHECK_MSG[check], { otp: OTP_CHECK_MSG[check] })

const otpMail = (code: string) => ({
  subject: 'Your Petcare Admin verification code',
  text: [
    `Your verification code is ${code}.`,
    `It expires in ${OTP_TTL_MS / 60_000} minutes and can be used once.`,
    'If you did not ask to reset your password, you can ignore this email.',
  ].join('\n'),
})

/** Forgot password (send, verify, reset) and change password. */
export const passwordRoutes = (deps: Deps) => {
  /**
   * Send and resend behave alike and always give the same answer, so the call does not tell
   * who has an account. The mail goes out in the background for the same reason (an SMTP
   * round trip would show in the timing); a failure is logged.
   */
  const sendOtp = async (c: AppContext, typed: string) => {
    // Limited per email and address, per address and per email from all addresses (a ceiling
    // that does not apply from an address the account signed in from), whether or not the email
    // has an account, so the 429 says nothing about who has one: see server/auth/throttle.ts.
    const { email, address, emailAddress, attempt } = await emailAttempt(c, deps, typed, {
      emailAddress: THROTTLE.otpEmailAddress,
      address: THROTTLE.otpAddress,
      email: [THROTTLE.otpEmail],
    })
    if (!attempt.ok) {
      await recordAudit(c, {
        action: 'auth.otp_requested',
        actor: { email },
        detail: { outcome: 'throttled', retryAfterS: attempt.retryAfterS },
        aggregate: 'email-and-address',
      })
      throw new TooManyRequests(THROTTLE_MSG.otp(attempt.retryAfterS), attempt.retryAfterS)
    }
    // A new code comes with 5 tries of its own: wrong codes typed for this email from this
    // address start again (for any email, so that this too says nothing about who has an account).
    await clear(deps, THROTTLE.otpVerifyEmailAddress, emailAddress)
    const admin = await findAdminByEmail(deps.db, email)
    const active = admin !== undefined && admin.status === USER_STATUS.ACTIVE
    if (active) {
      const code = await issueOtp(deps.db, admin.id, address, deps.clock.now())
      deps.mailer.send({ to: admin.email, ...otpMail(code) }).catch((err) => logError(`sending the OTP mail`, err))
    }
    await recordAudit(c, {
      action: 'auth.otp_requested',
      actor: { id: admin?.id ?? null, email, role: admin?.role ?? null },
      detail: { outcome: active ? 'sent' : admin ? 'blocked' : 'no_account' },
      // Codes asked for emails nobody has: one row per address and hour, however many emails.
      ...(admin ? {} : { aggregate: 'address' as const }),
    })
    return c.json(ok(PASSWORD_MSG.otpSent, null))
  }

  return new Hono<AppEnv>()
    .post('/admin/send-otp', validate('json', emailSchema), (c) => sendOtp(c, c.req.valid('json').email))
    .post('/admin/resend-otp', validate('json', emailSchema), (c) => sendOtp(c, c.req.valid('json').email))

    /**
     * One answer for every email: an unknown or blocked one runs the same queries as a known
     * one and reads like a wrong code, and after 5 wrong codes for the email typed from one
     * address (counted in the throttle whether or not it has an account) every try from there
     * reads "too many wrong attempts" until a new code is requested from there. Only the right
     * code is told that it expired or was used, and a code works only from the address that
     * asked for it, so wrong codes typed elsewhere never lock out its owner.
     */
    .post('/admin/verify-otp', validate('json', verifyOtpSchema), async (c) => {
      const { otp } = c.req.valid('json')
      // Wrong codes count per email and address and per email from all addresses (ceilings that
      // do not apply from an address the account signed in from): see server/auth/throttle.ts.
      const { email, address, emailAddress, attempt } = await emailAttempt(c, deps, c.req.valid('json').email, {
        emailAddress: THROTTLE.otpVerifyEmailAddress,
        email: [THROTTLE.otpVerifyEmail, THROTTLE.otpVerifyEmailDay],
      })
      if (!attempt.ok) throw otpError('exhausted')
      const now = deps.clock.now()
      const admin = await findAdminByEmail(deps.db, email)
      const active = admin?.status === USER_STATUS.ACTIVE ? admin : undefined
      const check = await checkOtp(deps.db, active?.id, address, otp, now)
      // Only a wrong code is a guess; the right one (even expired or used) is its owner's. A code
      // asked for from another network counts as a wrong try here (server/auth/otp.ts).
      if (check !== 'invalid' && check !== 'otherNetwork') await release(deps, attempt.ids)
      if (check !== 'ok' || !active) throw otpError(check === 'ok' ? 'invalid' : check)
      await clear(deps, THROTTLE.otpVerifyEmailAddress, emailAddress)
      const resetToken = await issueResetToken(deps.db, active.id, now, deps.config.resetTokenTtlMs)
      const data: VerifyOtpResult = { resetToken }
      return c.json(ok(PASSWORD_MSG.otpVerified, data))
    })

    .post('/admin/reset-password', validate('json', resetPasswordSchema), async (c) => {
      const { resetToken, password } = c.req.valid('json')
      const attempt = await passwordLinkAttempt(c, deps)
      const now = deps.clock.now()
      // The token first: a made-up one costs a query, never a hash. The hash is made before the
      // transaction, which stays short, and the transaction spends the token only if still live.
      if (!(await isLiveResetToken(deps.db, resetToken, now))) throw badRequest(PASSWORD_MSG.resetTokenInvalid)
      const passwordHash = await hashPassword(password)
      const adminId = await deps.db.transaction(async (tx) => {
        const adminId = await consumeResetToken(tx, resetToken, now)
        if (!adminId) return undefined
        await tx.update(admins).set({ passwordHash, updatedAt: now }).where(eq(admins.id, adminId))
        await revokeSessionsOf(tx, deps.sessions, adminId, now)
        return adminId
      })
      if (!adminId) throw badRequest(PASSWORD_MSG.resetTokenInvalid)
      await attempt.succeeded()
      const admin = await findAdminById(deps.db, adminId)
      // The owner proved the mailbox and chose a new password: failures against the account from
      // here no longer count, and this address is theirs, out of the account's ceilings that
      // guessers may have filled (server/auth/throttle.ts).
      if (admin) {
        const address = clientAddressGroup(c, deps.config.trustProxy)
        await clear(deps, THROTTLE.signInAccountAddress, accountAddressKey(admin.email, address))
        await rememberAddress(deps, admin.email, address)
      }
      if (admin) await recordAudit(c, { action: 'auth.password_reset', actor: { id: admin.id, email: admin.email, role: admin.role } })
      return c.json(ok(PASSWORD_MSG.passwordReset, null))
    })

    .post('/admin/change-password', requireAuth, validate('json', changePasswordSchema), async (c) => {
      const { oldPassword, newPassword } = c.req.valid('json')
      const { admin: signedIn, sessionId } = c.get('signedIn')
      const admin = await findAdminById(deps.db, signedIn.id)
      if (!admin) throw unauthorized()
      // Limited like sign-in, per account: see server/auth/throttle.ts.
      const attempt = await reserve(deps, [{ rule: THROTTLE.changePassword, key: admin.id }])
      if (!attempt.ok) throw new TooManyRequests(THROTTLE_MSG.changePassword(attempt.retryAfterS), attempt.retryAfterS)
      if (!(await verifyPassword(admin.passwordHash, oldPassword))) {
        throw badRequest(PASSWORD_MSG.oldPasswordWrong, { oldPassword: PASSWORD_MSG.oldPasswordWrong })
      }
      await clear(deps, THROTTLE.changePassword, admin.id)
      if (newPassword === oldPassword) {
        throw badRequest(PASSWORD_MSG.samePassword, { newPassword: PASSWORD_MSG.samePassword })
      }
      const passwordHash = await hashPassword(newPassword)
      const now = deps.clock.now()
      await deps.db.transaction(async (tx) => {
        await tx.update(admins).set({ passwordHash, updatedAt: now }).where(eq(admins.id, admin.id))
        // Other devices must sign in again with the new password; this one stays signed in.
        await revokeSessionsOf(tx, deps.sessions, admin.id, now, sessionId)
      })
      await recordAudit(c, { action: 'auth.password_change' })
      return c.json(ok(PASSWORD_MSG.passwordChanged, null))
    })
}
