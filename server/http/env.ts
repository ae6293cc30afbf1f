import type { Context } from 'hono'
import type { Role } from '../../contract'
import type { Deps } from '../deps'

/** The signed-in admin of a request, as the auth middleware found it. */
export interface SignedIn {
  sessionId: string
  admin: { id: string; name: string; email: string; role: Role; profileImage: string | null }
}

/** Hono's environment for every router: the app's deps and, behind auth, the signed-in admin. */
export type AppEnv = {
  Variables: {
    deps: Deps
    signedIn: SignedIn
  }
}

export type AppContext = Context<AppEnv>
