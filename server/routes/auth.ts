import { Hono } from 'hono'
import { AUTH_MSG, idParam, loginSchema, THROTTLE_MSG, USER_STATUS, type LoginResult } from '../../contract'
import { recordAudit } from '../http/audit'
import { findAdminByEmail, toAdminProfile } from '../auth/admins'
import { spendPasswordCheck, verifyPassword } from '../auth/passwords'
import { revokeSession, startSession } from '../auth/sessions'
import { clear, release, rememberAddress, THROTTLE, type ThrottleRule } from '../auth/throttle'
import type { Deps } from '../deps'
import { emailAttempt } from '../http/email-attempt'
import { ApiError, forbidden, unauthorized } from '../api-error'
import { requireAuth } from '../http/auth'
import type { AppEnv } from '../http/env'
import { TooManyRequests } from '../http/errors'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

/** What the audit log names each sign-in limit. */
const SIGN_IN_LIMIT_NAMES = new Map<ThrottleRule, string>([
  [THROTTLE.signInAccountAddress, 'account_address'],
  [THROTTLE.signInAddress, 'address'],
  [THROTTLE.signInAccount, 'account'],
  [THROTTLE.signInAccountDay, 'account_day'],
])

/** Sign-in and sign-out. */
export const authRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .post('/admin/login', validate('json', loginSchema), async (c) => {
      const { password } = c.req.valid('json')
      // Throttled by the email typed (whether or not it has an account) and the client's address
      // together, by the address, and by the email from all addresses (ceilings over 15 minutes
      // and a day, which do not apply from an address the account signed in from), before any
      // password check: see server/auth/throttle.ts for the limits.
      const { email, address, emailAddress, attempt } = await emailAttempt(c, deps, c.req.valid('json').email, {
        emailAddress: THROTTLE.signInAccountAddress,
        address: THROTTLE.signInAddress,
        email: [THROTTLE.signInAccount, THROTTLE.signInAccountDay],
      })
      if (!attempt.ok) {
        const limit = SIGN_IN_LIMIT_NAMES.get(attempt.rule)!
        await recordAudit(c, {
          action: 'auth.sign_in_throttled',
          actor: { email },
          detail: { limit, retryAfterS: attempt.retryAfterS },
          aggregate: limit === 'address' ? 'address' : 'email-and-address',
        })
        throw new TooManyRequests(THROTTLE_MSG.signIn(attempt.retryAfterS), attempt.retryAfterS)
      }

      const admin = await findAdminByEmail(deps.db, email)
      // An unknown email costs the same hash check as a wrong password: one answer, one timing.
      const passwordOk = admin ? await verifyPassword(admin.passwordHash, password) : await spendPasswordCheck(password)
      if (!admin || !passwordOk) {
        // The attempt's throttle events stay: they are the failure's record.
        await recordAudit(c, {
          action: 'auth.sign_in_failed',
          actor: { id: admin?.id ?? null, email, role: admin?.role ?? null },
          detail: { reason: 'credentials' },
          aggregate: 'email-and-address',
        })
        throw unauthorized(AUTH_MSG.badCredentials)
      }
      // The right password is no failure, for the account or the address.
      await release(deps, attempt.ids)
      // Told only to someone who knows the password, so it reveals nothing to a guesser.
      if (admin.status !== USER_STATUS.ACTIVE) {
        await recordAudit(c, { action: 'auth.sign_in_failed', actor: { id: admin.id, email, role: admin.role }, detail: { reason: 'blocked' } })
        throw new ApiError(403, 'FORBIDDEN', AUTH_MSG.blocked)
      }

      // The owner is back: earlier failures against the account from here no longer count, and
      // this address is theirs, out of the account's ceilings (see throttle.ts). The ceilings
      // themselves stay: clearing them would hand a distributed guess a fresh allowance.
      await clear(deps, THROTTLE.signInAccountAddress, emailAddress)
      await rememberAddress(deps, email, address)
      const token = await startSession(deps.db, admin.id, deps.clock.now(), deps.config.sessionTtlMs)
      await recordAudit(c, { action: 'auth.sign_in', actor: { id: admin.id, email: admin.email, role: admin.role } })
      const data: LoginResult = { ...toAdminProfile(admin), token }
      return c.json(ok(AUTH_MSG.loggedIn, data))
    })

    .post('/admin/logout/:id', requireAuth, validate('param', idParam), async (c) => {
      const { admin, sessionId } = c.get('signedIn')
      if (c.req.valid('param').id !== admin.id) throw forbidden(AUTH_MSG.notYourSession)
      await revokeSession(deps.db, deps.sessions, sessionId, deps.clock.now())
      await recordAudit(c, { action: 'auth.sign_out' })
      return c.json(ok(AUTH_MSG.loggedOut, null))
    })
