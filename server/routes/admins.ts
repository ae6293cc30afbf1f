import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  acceptInviteSchema,
  adminListQuery,
  ADMINS_MSG,
  adminStatusSchema,
  createAdminSchema,
  idParam,
  USER_STATUS,
  type AdminListQuery,
  type Role,
} from '../../contract'
import { recordAudit } from '../http/audit'
import { accountColumns, acceptInvite, checkInvite, createAccount, reinvite, setAccountStatus, toAdminAccount } from '../auth/admin-accounts'
import { inviteLink, inviteMail } from '../auth/invites'
import { hashPassword } from '../auth/passwords'
import { like, listPage, type ListSource, type PageQuery } from '../db/list'
import { adminInvites, admins, lowerOf } from '../db/schema'
import type { Db } from '../db/client'
import type { Deps } from '../deps'
import { ApiError, badRequest, conflict, notFound } from '../api-error'
import { auditNote, permit } from '../http/auth'
import type { AppContext, AppEnv } from '../http/env'
import { passwordLinkAttempt } from '../http/password-links'
import { listOk, ok } from '../http/respond'
import { validate } from '../http/validate'
import { logError } from '../log'

type AdminSort = NonNullable<AdminListQuery['sortBy']>

// A handful of rows: searched without an index.
const adminListSource: ListSource<AdminSort, Role> = {
  table: admins,
  id: admins.id,
  createdAt: admins.createdAt,
  sortBy: {
    name: { expr: lowerOf(admins.name), type: 'text' },
    email: { expr: admins.email, type: 'text' },
    role: { expr: admins.role, type: 'smallint' },
    status: { expr: admins.status, type: 'smallint' },
    createdAt: { expr: admins.createdAt, type: 'timestamptz' },
  },
  search: (pattern) => like(sql`lower(${admins.name} || E'\\n' || ${admins.email})`, pattern),
  filter: (role) => eq(admins.role, role),
}

const accountRows = (db: Db) => (p: PageQuery) =>
  db
    .select(accountColumns)
    .from(admins)
    .leftJoin(adminInvites, eq(adminInvites.adminId, admins.id))
    .where(p.where)
    .orderBy(...p.orderBy)
    .limit(p.limit)
    .offset(p.offset)

const INVITE_REASON_MSG = {
  invalid: ADMINS_MSG.inviteInvalid,
  expired: ADMINS_MSG.inviteExpired,
  used: ADMINS_MSG.inviteUsed,
} as const

/** Admin accounts: admins only ('admin.manage'), but the public accept-invite call. */
export const adminsRoutes = (deps: Deps) => {
  /** Where invitation links point: PUBLIC_URL, else the origin the request came to. */
  const baseUrl = (c: AppContext) => deps.config.publicUrl ?? new URL(c.req.url).origin

  /** Sends an invitation; false when the mail could not be handed over (logged). */
  const sendInvite = async (c: AppContext, to: { name: string; email: string }, invite: { token: string; expiresAt: Date }) => {
    try {
      await deps.mailer.send({ to: to.email, ...inviteMail(to.name, inviteLink(baseUrl(c), invite.token), invite.expiresAt) })
      return true
    } catch (err) {
      logError('sending an invitation mail', err)
      return false
    }
  }

  return new Hono<AppEnv>()
    .get('/admin/admins', permit('admin.manage'), validate('query', adminListQuery), async (c) => {
      const q = c.req.valid('query')
      const page = await listPage(deps, adminListSource, q, accountRows(deps.db))
      return c.json(listOk(ADMINS_MSG.listed, { ...page, rows: page.rows.map(toAdminAccount) }, q))
    })

    .post('/admin/admins', permit('admin.manage', { action: 'admin.create', target: 'admin' }), validate('json', createAdminSchema), async (c) => {
      const body = c.req.valid('json')
      const created = await createAccount(deps.db, body, deps.clock.now())
      if (!created.ok) throw new ApiError(409, 'CONFLICT', ADMINS_MSG.emailTaken, { email: ADMINS_MSG.emailTaken })
      const { account, invite } = created
      const mailed = await sendInvite(c, account, invite!)
      auditNote(c, { id: account.id, label: account.email, detail: { role: account.role, mailed } })
      return c.json(ok(mailed ? ADMINS_MSG.created : ADMINS_MSG.createdMailFailed, toAdminAccount(account)), 201)
    })

    .patch(
      '/admin/admins/:id/status',
      permit('admin.manage', { action: 'admin.block', target: 'admin' }),
      validate('param', idParam),
      validate('json', adminStatusSchema),
      async (c) => {
        const { status } = c.req.valid('json')
        const outcome = await setAccountStatus(
          deps.db,
          { id: c.req.valid('param').id, status, actorId: c.get('signedIn').admin.id, sessions: deps.sessions },
          deps.clock.now(),
        )
        if (!outcome.ok) {
          if (outcome.reason === 'notFound') throw notFound(ADMINS_MSG.notFound)
          throw conflict(outcome.reason === 'self' ? ADMINS_MSG.selfBlock : ADMINS_MSG.lastAdmin)
        }
        const blocked = status === USER_STATUS.BLOCKED
        auditNote(c, { action: blocked ? 'admin.block' : 'admin.unblock', label: outcome.account.email })
        return c.json(ok(blocked ? ADMINS_MSG.blocked : ADMINS_MSG.unblocked, toAdminAccount(outcome.account)))
      },
    )

    .post(
      '/admin/admins/:id/invite',
      permit('admin.manage', { action: 'admin.invite_resent', target: 'admin' }),
      validate('param', idParam),
      async (c) => {
        const outcome = await reinvite(deps.db, c.req.valid('param').id, deps.clock.now())
        if (!outcome.ok) {
          if (outcome.reason === 'notFound') throw notFound(ADMINS_MSG.notFound)
          throw conflict(outcome.reason === 'alreadyAccepted' ? ADMINS_MSG.alreadyAccepted : ADMINS_MSG.inviteBlocked)
        }
        // The new link replaced the old one: an undelivered mail is an error to retry.
        if (!(await sendInvite(c, outcome.account, outcome.invite))) throw new ApiError(500, 'INTERNAL', ADMINS_MSG.inviteMailFailed)
        auditNote(c, { label: outcome.account.email })
        return c.json(ok(ADMINS_MSG.inviteResent, toAdminAccount(outcome.account)))
      },
    )

    .post('/admin/accept-invite', validate('json', acceptInviteSchema), async (c) => {
      const { token, password } = c.req.valid('json')
      const attempt = await passwordLinkAttempt(c, deps)
      const now = deps.clock.now()
      // The token first: a made-up one costs a query, never a hash. The hash is made before the
      // transaction, which stays short, and the transaction checks the invitation again.
      const checked = await checkInvite(deps.db, token, now)
      const outcome = checked.ok ? await acceptInvite(deps.db, token, await hashPassword(password), now) : checked
      if (!outcome.ok) {
        if (outcome.reason === 'blocked') throw new ApiError(403, 'FORBIDDEN', ADMINS_MSG.inviteAccountBlocked)
        throw badRequest(INVITE_REASON_MSG[outcome.reason])
      }
      await attempt.succeeded()
      const { admin } = outcome
      await recordAudit(c, {
        action: 'auth.invite_accepted',
        actor: { id: admin.id, email: admin.email, role: admin.role },
        target: { type: 'admin', id: admin.id, label: admin.email },
      })
      return c.json(ok(ADMINS_MSG.inviteAccepted, null))
    })
}
