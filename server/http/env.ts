import type { Context } from 'hono'
import type { ApiTokenScope, AuditActionName, AuditTargetType, Role } from '../../contract'
import type { Deps } from '../deps'

/** The signed-in admin of a request, as the auth middleware found it. */
export interface SignedIn {
  sessionId: string
  admin: { id: string; name: string; email: string; role: Role; profileImage: string | null }
}

/** The API token of an integration API request, as permitToken found it (server/http/token-auth.ts). */
export interface ApiTokenCaller {
  id: string
  name: string
  scopes: ApiTokenScope[]
  expiresAt: Date | null
}

/**
 * What a route adds to the audit event its `permit` declares (server/http/auth.ts), set with
 * `auditNote(c, ...)`: the target's id (when not the path's `:id`, e.g. a created row's) and
 * label, small facts, or another action of the same kind ('user.unblock' for 'user.block').
 */
export interface AuditNote {
  action?: AuditActionName
  /** The target's kind, when the route's AuditSpec cannot know it (the trash's routes: the path's kind). */
  type?: AuditTargetType
  id?: string
  label?: string | null
  detail?: Record<string, unknown>
}

/** Hono's environment for every router: the app's deps and, behind auth, the signed-in admin. */
export type AppEnv = {
  Variables: {
    deps: Deps
    signedIn: SignedIn
    /** Behind permitToken (the integration API) instead of signedIn. */
    apiToken: ApiTokenCaller
    auditNote: AuditNote
  }
}

export type AppContext = Context<AppEnv>
