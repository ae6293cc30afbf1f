import { and, asc, eq } from 'drizzle-orm'
import { ROLE, USER_STATUS, type AdminAccount, type Role, type UserStatus } from '../../contract'
import type { Db } from '../db/client'
import { adminInvites, admins } from '../db/schema'
import { normaliseEmail, type AdminRow } from './admins'
import { issueInvite } from './invites'
import { revokeSessionsOf, type SessionCache } from './sessions'
import { sha256 } from './tokens'

/**
 * Admin accounts: what the API (server/routes/admins.ts) and the CLI (scripts/admin.ts)
 * both do, as functions over the database that answer with an outcome rather than an HTTP error.
 */

export type AccountRow = Pick<AdminRow, 'id' | 'name' | 'email' | 'role' | 'status' | 'passwordHash' | 'createdAt'> & {
  inviteExpiresAt: Date | null
}

export const accountColumns = {
  id: admins.id,
  name: admins.name,
  email: admins.email,
  role: admins.role,
  status: admins.status,
  passwordHash: admins.passwordHash,
  createdAt: admins.createdAt,
  inviteExpiresAt: adminInvites.expiresAt,
}

export const toAdminAccount = (a: AccountRow): AdminAccount => ({
  _id: a.id,
  name: a.name,
  email: a.email,
  role: a.role,
  status: a.status,
  invitePending: a.passwordHash === null,
  inviteExpiresAt: a.passwordHash === null && a.inviteExpiresAt ? a.inviteExpiresAt.toISOString() : null,
  createdAt: a.createdAt.toISOString(),
})

/** One account with its invitation, for answers. */
export async function findAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select(accountColumns).from(admins).leftJoin(adminInvites, eq(adminInvites.adminId, admins.id)).where(eq(admins.id, id))
  return row
}

/** Every account, oldest first (the CLI's list). */
export function listAccounts(db: Db): Promise<AccountRow[]> {
  return db
    .select(accountColumns)
    .from(admins)
    .leftJoin(adminInvites, eq(adminInvites.adminId, admins.id))
    .orderBy(asc(admins.createdAt), asc(admins.id))
}

export interface NewAccount {
  name: string
  email: string
  role: Role
  /** An argon2 hash (the CLI's --password); without it the account is invited. */
  passwordHash?: string | null
}

export type CreateOutcome =
  | { ok: true; account: AccountRow; invite: { token: string; expiresAt: Date } | null }
  | { ok: false; reason: 'emailTaken' }

/** Creates an account; without a password hash it gets an invitation (whose token only the caller sees). */
export async function createAccount(db: Db, input: NewAccount, now: Date): Promise<CreateOutcome> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(admins)
      .values({
        name: input.name.trim(),
        email: normaliseEmail(input.email),
        role: input.role,
        status: USER_STATUS.ACTIVE,
        passwordHash: input.passwordHash ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: admins.email })
      .returning({ id: admins.id })
    if (!created) return { ok: false as const, reason: 'emailTaken' as const }
    const invite = input.passwordHash ? null : await issueInvite(tx, created.id, now)
    const account = (await findAccount(tx, created.id))!
    return { ok: true as const, account, invite }
  })
}

export type StatusOutcome = { ok: true; account: AccountRow } | { ok: false; reason: 'notFound' | 'self' | 'lastAdmin' }

/**
 * Blocks (status 2) or unblocks (1) an account. Blocking ends every session of the account at
 * once (and drops them from `sessions`, the calling app's session cache, if it has one: see
 * server/auth/sessions.ts); an admin cannot
 * block themself (`actorId`), and the last active admin (role 1) cannot be blocked, even by two
 * admins blocking each other at the same moment: the active admins' rows are locked first.
 */
export async function setAccountStatus(
  db: Db,
  { id, status, actorId, sessions }: { id: string; status: UserStatus; actorId?: string; sessions?: SessionCache },
  now: Date,
): Promise<StatusOutcome> {
  if (status === USER_STATUS.BLOCKED && actorId === id) return { ok: false, reason: 'self' }
  return db.transaction(async (tx) => {
    const activeAdmins =
      status === USER_STATUS.BLOCKED
        ? await tx
            .select({ id: admins.id })
            .from(admins)
            .where(and(eq(admins.role, ROLE.ADMIN), eq(admins.status, USER_STATUS.ACTIVE)))
            .orderBy(asc(admins.id))
            .for('update')
        : []
    const [target] = await tx.select().from(admins).where(eq(admins.id, id)).for('update')
    if (!target) return { ok: false as const, reason: 'notFound' as const }
    if (status === USER_STATUS.BLOCKED) {
      const isActiveAdmin = activeAdmins.some((a) => a.id === id)
      if (isActiveAdmin && activeAdmins.length <= 1) return { ok: false as const, reason: 'lastAdmin' as const }
    }
    if (target.status !== status) await tx.update(admins).set({ status, updatedAt: now }).where(eq(admins.id, id))
    if (status === USER_STATUS.BLOCKED) await revokeSessionsOf(tx, sessions, id, now)
    return { ok: true as const, account: (await findAccount(tx, id))! }
  })
}

export type ResendOutcome =
  | { ok: true; account: AccountRow; invite: { token: string; expiresAt: Date } }
  | { ok: false; reason: 'notFound' | 'alreadyAccepted' | 'blocked' }

/** A new invitation (the old link stops working) for an account that has not set a password. */
export async function reinvite(db: Db, id: string, now: Date): Promise<ResendOutcome> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(admins).where(eq(admins.id, id)).for('update')
    if (!target) return { ok: false as const, reason: 'notFound' as const }
    if (target.passwordHash !== null) return { ok: false as const, reason: 'alreadyAccepted' as const }
    if (target.status !== USER_STATUS.ACTIVE) return { ok: false as const, reason: 'blocked' as const }
    const invite = await issueInvite(tx, id, now)
    return { ok: true as const, account: (await findAccount(tx, id))!, invite }
  })
}

export type AcceptOutcome = { ok: true; admin: AdminRow } | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'blocked' }
type AcceptRefusal = Extract<AcceptOutcome, { ok: false }>['reason']

/** The invitation of `token` with its account (`forUpdate`: locked until the transaction ends). */
async function inviteOf(db: Db, token: string, forUpdate: boolean) {
  const query = db
    .select({ id: adminInvites.id, usedAt: adminInvites.usedAt, expiresAt: adminInvites.expiresAt, admin: admins })
    .from(adminInvites)
    .innerJoin(admins, eq(admins.id, adminInvites.adminId))
    .where(eq(adminInvites.tokenHash, sha256(token)))
  const [invite] = forUpdate ? await query.for('update') : await query
  return invite
}

/** Why an invitation cannot be accepted now, if it cannot. */
function refusalOf(invite: Awaited<ReturnType<typeof inviteOf>>, now: Date): AcceptRefusal | undefined {
  if (!invite) return 'invalid'
  if (invite.usedAt) return 'used'
  if (invite.expiresAt.getTime() <= now.getTime()) return 'expired'
  if (invite.admin.status !== USER_STATUS.ACTIVE) return 'blocked'
  return undefined
}

/**
 * Whether an invitation could be accepted now, without spending it: checked before the new
 * password is hashed, so a made-up token costs a query and never a hash.
 */
export async function checkInvite(db: Db, token: string, now: Date): Promise<{ ok: true } | { ok: false; reason: AcceptRefusal }> {
  const reason = refusalOf(await inviteOf(db, token, false), now)
  return reason ? { ok: false, reason } : { ok: true }
}

/**
 * Spends an invitation and sets the account's password (atomically: the link works once). A
 * blocked account's invitation is refused without being spent.
 */
export async function acceptInvite(db: Db, token: string, passwordHash: string, now: Date): Promise<AcceptOutcome> {
  return db.transaction(async (tx) => {
    const invite = await inviteOf(tx, token, true)
    const reason = refusalOf(invite, now)
    if (reason || !invite) return { ok: false as const, reason: reason ?? 'invalid' }
    await tx.update(adminInvites).set({ usedAt: now }).where(eq(adminInvites.id, invite.id))
    await tx.update(admins).set({ passwordHash, updatedAt: now }).where(eq(admins.id, invite.admin.id))
    return { ok: true as const, admin: { ...invite.admin, passwordHash } }
  })
}
