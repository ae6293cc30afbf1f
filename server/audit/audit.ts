import type { Role } from '../../contract'
import { auditLog } from '../db/schema'
import { clientAddress } from '../http/client-address'
import type { AppContext, SignedIn } from '../http/env'

/**
 * What happened, in `area.verb` form: 'auth.sign_in', 'auth.sign_in_failed', 'user.block',
 * 'place.delete', 'authz.denied'... The audit list filters on it.
 */
export type AuditAction = `${string}.${string}`

export interface AuditEvent {
  action: AuditAction
  /** What the action was done to: its kind ('user', 'petShop', 'site'...), id and a readable label. */
  target?: { type: string; id?: string | null; label?: string | null }
  /** Small facts worth keeping ({ status: 2 }); never a password, OTP or token. */
  detail?: Record<string, unknown>
  /**
   * Who acted when nobody is signed in yet (a sign-in or password reset): the email tried. A
   * signed-in request's admin is taken from the request.
   */
  actor?: { id?: string | null; email: string; role?: Role | null }
}

/** Keys a detail never keeps, whatever a caller passes: secrets stay out of the log. */
const SECRET_KEY = /pass(word)?|token|otp|secret|hash|authorization|cookie/i
/** A label is for reading, not storage: long text (a CMS page, a description) is cut. */
const LABEL_MAX = 200

const withoutSecrets = (detail: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(detail).filter(([key]) => !SECRET_KEY.test(key)))

/**
 * Records one audit event for the request `c`: the actor (the signed-in admin unless given), the
 * client's address and the request id. Awaited in the request, so an action the client saw
 * succeed is in the log.
 */
export async function recordAudit(c: AppContext, event: AuditEvent): Promise<void> {
  const { db, clock, config } = c.get('deps')
  // Unset before the auth middleware ran (a sign-in, an unauthenticated request).
  const signedIn = c.get('signedIn') as SignedIn | undefined
  const admin = event.actor ?? signedIn?.admin
  await db.insert(auditLog).values({
    at: clock.now(),
    actorId: admin?.id ?? null,
    actorEmail: admin?.email ?? null,
    actorRole: admin?.role ?? null,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    targetLabel: event.target?.label?.slice(0, LABEL_MAX) ?? null,
    address: clientAddress(c, config.trustProxy),
    requestId: (c.get('requestId') as string | undefined) ?? null,
    detail: event.detail ? withoutSecrets(event.detail) : null,
  })
}
