import type { MiddlewareHandler } from 'hono'
import { API_MSG, API_TOKEN_PREFIX, API_TOKENS_MSG, can, type AuditActionName, type AuditTargetType, type Permission } from '../../contract'
import { recordAudit } from './audit'
import { touchSession } from '../auth/sessions'
import { forbidden, unauthorized } from '../api-error'
import type { AppContext, AppEnv, AuditNote, SignedIn } from './env'

const BEARER = /^Bearer\s+(\S+)$/i
// Writing last_used_at on every call would turn each read into a write; a coarse value is enough.
const TOUCH_EVERY_MS = 60_000

/** The request's `Authorization: Bearer` token, if it has one. */
export const bearerToken = (c: AppContext): string | undefined => BEARER.exec(c.req.header('Authorization') ?? '')?.[1]

/** Finds the signed-in admin of the request from its `Authorization: Bearer` token, or throws 401. */
async function authenticate(c: AppContext): Promise<SignedIn> {
  const token = bearerToken(c)
  if (!token) throw unauthorized(API_MSG.signIn)
  // An API token (server/http/token-auth.ts) never opens the admin API: told by its prefix, so
  // it is neither hashed nor looked up here.
  if (token.startsWith(API_TOKEN_PREFIX)) throw unauthorized(API_TOKENS_MSG.notForAdmin)
  const { db, clock, sessions } = c.get('deps')
  const now = clock.now()
  // Through a short in-process cache: see server/auth/sessions.ts for how stale it may be.
  const session = await sessions.lookUp(token, now)
  if (!session) throw unauthorized(API_MSG.sessionExpired)
  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    session.lastUsedAt = now // the kept session too: one touch a minute, not one per request
    await touchSession(db, session.id, now)
  }
  const { id, name, email, role, profileImage } = session.admin
  return { sessionId: session.id, admin: { id, name, email, role, profileImage } }
}

/** An audit event a route declares beside its permission, recorded after a 2xx answer. */
export interface AuditSpec {
  action: AuditActionName
  /**
   * The kind of thing acted on ('petShop', 'user'...). Its id is the path's `:id` unless the
   * route notes another with `auditNote` (a created row's), and its label what the route notes.
   */
  target?: AuditTargetType
  /** Keep the request's query (an export's search, filter and order; not page or limit) as the detail. */
  query?: boolean
}

const queryDetail = (query: Record<string, string>) =>
  Object.fromEntries(Object.entries(query).filter(([key, value]) => key !== 'page' && key !== 'limit' && value !== ''))

// Which permission each `permit` middleware checks: the route sweep test reads it back.
const declared = new WeakMap<object, Permission>()

/** The permission a route handler (as listed in Hono's `app.routes`) checks, if it is a `permit`. */
export const permissionOf = (handler: unknown): Permission | undefined =>
  typeof handler === 'function' ? declared.get(handler) : undefined

/**
 * The one access check of the API (the role matrix of contract/permissions.ts): every
 * signed-in route declares exactly one, first. 401 without a valid session; 403 when the
 * admin's role lacks `permission`, recorded in the audit log as 'authz.denied'. With `audit`,
 * a successful answer (2xx) records that event, with what the route added by `auditNote`.
 * Read the admin with `c.get('signedIn')`.
 */
export function permit(permission: Permission, audit?: AuditSpec): MiddlewareHandler<AppEnv> {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const signedIn = await authenticate(c)
    c.set('signedIn', signedIn)
    const pathId = c.req.param('id') as string | undefined
    await ensurePermitted(c, permission, audit && { ...audit, id: pathId ?? null })
    await next()
    if (!audit || c.error || c.res.status < 200 || c.res.status >= 300) return
    const note = c.get('auditNote') as AuditNote | undefined
    await recordAudit(c, {
      action: note?.action ?? audit.action,
      ...(audit.target || note?.type
        ? { target: { type: note?.type ?? audit.target!, id: note?.id ?? pathId ?? null, label: note?.label ?? null } }
        : {}),
      ...(note?.detail || audit.query ? { detail: { ...(audit.query ? queryDetail(c.req.query()) : {}), ...note?.detail } } : {}),
    })
  }
  declared.set(middleware, permission)
  return middleware
}

/**
 * The refusal of `permit`, for a route whose permission depends on its body (a bulk action's
 * action): 403, recorded as 'authz.denied', unless the signed-in admin's role holds `permission`.
 */
export async function ensurePermitted(
  c: AppContext,
  permission: Permission,
  attempted?: { action: AuditActionName; target?: AuditTargetType; id?: string | null },
): Promise<void> {
  if (can(c.get('signedIn').admin.role, permission)) return
  await recordAudit(c, {
    action: 'authz.denied',
    ...(attempted?.target ? { target: { type: attempted.target, id: attempted.id ?? null } } : {}),
    detail: { permission, method: c.req.method, path: c.req.path, ...(attempted ? { attempted: attempted.action } : {}) },
  })
  throw forbidden()
}

/** Adds to the audit event the route's `permit` declares (see AuditNote); later calls add to earlier ones. */
export function auditNote(c: AppContext, note: AuditNote): void {
  const before = c.get('auditNote') as AuditNote | undefined
  c.set('auditNote', { ...before, ...note, ...(before?.detail || note.detail ? { detail: { ...before?.detail, ...note.detail } } : {}) })
}

/**
 * Any signed-in admin acting on their own account: kept for the sign-out and password-change
 * routes (auth.ts, password.ts); other routes declare `permit(...)`.
 */
export const requireAuth = permit('profile.self')
