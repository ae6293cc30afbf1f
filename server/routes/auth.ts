import { Hono } from 'hono'
import { idParam, loginSchema, USER_STATUS, type LoginResult } from '../../contract'
import { findAdminByEmail, toAdminProfile } from '../auth/admins'
import { spendPasswordCheck, verifyPassword } from '../auth/passwords'
import { revokeSession, startSession } from '../auth/sessions'
import type { Deps } from '../deps'
import { ApiError, forbidden, unauthorized } from '../http/api-error'
import { requireAuth } from '../http/auth'
import type { AppEnv } from '../http/env'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

export const AUTH_MSG = {
  loggedIn: 'Login successfully',
  loggedOut: 'Logout successfully',
  badCredentials: 'Invalid email or password',
  blocked: 'Your account has been blocked. Please contact the administrator.',
  notYourSession: 'You can only log out of your own session',
} as const

/** Sign-in and sign-out. */
export const authRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .post('/admin/login', validate('json', loginSchema), async (c) => {
      const { email, password } = c.req.valid('json')
      const admin = await findAdminByEmail(deps.db, email)
      // An unknown email costs the same hash check as a wrong password: one answer, one timing.
      const passwordOk = admin ? await verifyPassword(admin.passwordHash, password) : await spendPasswordCheck(password)
      if (!admin || !passwordOk) throw unauthorized(AUTH_MSG.badCredentials)
      // Told only to someone who knows the password, so it reveals nothing to a guesser.
      if (admin.status !== USER_STATUS.ACTIVE) throw new ApiError(403, 'FORBIDDEN', AUTH_MSG.blocked)

      const token = await startSession(deps.db, admin.id, deps.clock.now(), deps.config.sessionTtlMs)
      const data: LoginResult = { ...toAdminProfile(admin), token }
      return c.json(ok(AUTH_MSG.loggedIn, data))
    })

    .post('/admin/logout/:id', requireAuth, validate('param', idParam), async (c) => {
      const { admin, sessionId } = c.get('signedIn')
      if (c.req.valid('param').id !== admin.id) throw forbidden(AUTH_MSG.notYourSession)
      await revokeSession(deps.db, sessionId, deps.clock.now())
      return c.json(ok(AUTH_MSG.loggedOut, null))
    })
