import type { MiddlewareHandler } from 'hono'
import { ROLE, type Role } from '../../contract'
import { lookUpSession, touchSession } from '../auth/sessions'
import { forbidden, unauthorized } from './api-error'
import type { AppContext, AppEnv, SignedIn } from './env'

export type RoleName = 'admin' | 'subAdmin'
const ROLE_OF: Record<RoleName, Role> = { admin: ROLE.ADMIN, subAdmin: ROLE.SUB_ADMIN }

const BEARER = /^Bearer\s+(\S+)$/i
// Writing last_used_at on every call would turn each read into a write; a coarse value is enough.
const TOUCH_EVERY_MS = 60_000

/** Finds the signed-in admin of the request from its `Authorization: Bearer` token, or throws 401. */
async function authenticate(c: AppContext): Promise<SignedIn> {
  const token = BEARER.exec(c.req.header('Authorization') ?? '')?.[1]
  if (!token) throw unauthorized('Please sign in to continue')
  const { db, clock } = c.get('deps')
  const now = clock.now()
  // Through a short in-process cache: see server/auth/sessions.ts for how stale it may be.
  const session = await lookUpSession(db, token, now)
  if (!session) throw unauthorized('Your session has expired. Please sign in again.')
  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    session.lastUsedAt = now // the kept session too: one touch a minute, not one per request
    await touchSession(db, session.id, now)
  }
  const { id, name, email, role, profileImage } = session.admin
  return { sessionId: session.id, admin: { id, name, email, role, profileImage } }
}

/**
 * Lets the request through only for a signed-in admin holding one of `roles` (DESIGN.md
 * section 3): 401 without a valid session, 403 for another role. Read the admin with
 * `c.get('signedIn')`.
 */
export const requireRole =
  (...roles: [RoleName, ...RoleName[]]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const signedIn = await authenticate(c)
    if (!roles.some((name) => ROLE_OF[name] === signedIn.admin.role)) throw forbidden()
    c.set('signedIn', signedIn)
    await next()
  }

/** Any signed-in admin or sub admin. */
export const requireAuth = requireRole('admin', 'subAdmin')
