import { inArray, lt, sql } from 'drizzle-orm'
import type { Role } from '../../contract'
import { sha256 } from '../auth/tokens'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { auditLog } from '../db/schema'
import { clientAddress } from './client-address'
import type { AppContext, SignedIn } from './env'

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
  /**
   * An event anyone can cause without signing in, as often as they like (a wrong password, a
   * refused attempt): repeats within AGGREGATE_WINDOW_MS add to one row's `count` instead of a
   * row each, so a flood cannot grow the log without bound. Repeats are the same action from the
   * same address, for the same email ('email-and-address'), or for any email ('address': where
   * the email says nothing, such as a refusal by the address's own limit or a code asked for an
   * address that has no account, so that trying new emails does not add rows; the row keeps the
   * first email and counts the others).
   */
  aggregate?: 'email-and-address' | 'address'
}

/** The window repeats of an aggregated event share a row in: one row per hour at most. */
export const AGGREGATE_WINDOW_MS = 60 * 60 * 1000

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
  const { db } = c.get('deps')
  const row = auditRow(c, event)
  const now = row.at
  const address = row.address
  if (!event.aggregate) {
    await db.insert(auditLog).values(row)
    return
  }
  // The first event of the window keeps its time, request id and detail; later ones count up
  // and note when the last came. One statement, so parallel requests count exactly.
  const window = Math.floor(now.getTime() / AGGREGATE_WINDOW_MS)
  const email = event.aggregate === 'address' ? null : row.actorEmail
  const windowKey = sha256(JSON.stringify([event.action, event.aggregate, email, address, window]))
  await db
    .insert(auditLog)
    .values({ ...row, windowKey, detail: { ...row.detail, ...(email === null ? { sameAddressAnyEmail: true } : {}) } })
    .onConflictDoUpdate({
      target: auditLog.windowKey,
      set: {
        count: sql`${auditLog.count} + 1`,
        detail: sql`coalesce(${auditLog.detail}, '{}'::jsonb) || jsonb_build_object('lastAt', ${now.toISOString()}::text)`,
      },
    })
}

/**
 * Rows per insert of `recordAudits`: each row binds 12 values, and a statement may bind at most
 * 65,535 (PostgreSQL's and PGlite's protocol limit), so a 10,000-row bulk action takes several.
 */
const AUDIT_INSERT_ROWS = 1000

/**
 * Records many events of the request in multi-row inserts (a bulk action's rows and its group
 * entry), on `db`: a transaction's, so they commit or roll back with the change they describe.
 * `group` (a bulk action's, one for all its calls) marks them as one action's entries.
 */
export async function recordAudits(c: AppContext, events: AuditEvent[], db: Db, group?: string): Promise<void> {
  const rows = events.map((event) => ({ ...auditRow(c, event), groupId: group ?? null }))
  for (let start = 0; start < rows.length; start += AUDIT_INSERT_ROWS) {
    await db.insert(auditLog).values(rows.slice(start, start + AUDIT_INSERT_ROWS))
  }
}

/** The row of one (not aggregated) event of the request `c`. */
function auditRow(c: AppContext, event: AuditEvent) {
  const { clock, config } = c.get('deps')
  // Unset before the auth middleware ran (a sign-in, an unauthenticated request).
  const signedIn = c.get('signedIn') as SignedIn | undefined
  const admin = event.actor ?? signedIn?.admin
  const now = clock.now()
  const address = clientAddress(c, config.trustProxy)
  return {
    at: now,
    actorId: admin?.id ?? null,
    actorEmail: admin?.email ?? null,
    actorRole: admin?.role ?? null,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    targetLabel: event.target?.label?.slice(0, LABEL_MAX) ?? null,
    address,
    requestId: (c.get('requestId') as string | undefined) ?? null,
    detail: event.detail ? withoutSecrets(event.detail) : null,
  }
}

/** Rows deleted per statement by the retention prune, so that no single delete holds locks for long. */
const PRUNE_BATCH = 5000

/** Deletes the audit rows older than `retentionMs`, in batches; returns how many went. */
export async function pruneAuditLog(deps: { db: Db; clock: Clock }, retentionMs: number): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - retentionMs)
  let deleted = 0
  for (;;) {
    const batch = deps.db.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.at, cutoff)).limit(PRUNE_BATCH)
    const rows = await deps.db.delete(auditLog).where(inArray(auditLog.id, batch)).returning({ id: auditLog.id })
    deleted += rows.length
    if (rows.length < PRUNE_BATCH) return deleted
  }
}
