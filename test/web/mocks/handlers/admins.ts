import type { HttpHandler } from 'msw'
import {
  ADMINS_MSG,
  INVITE_TTL_MS,
  ROLE,
  USER_STATUS,
  acceptInviteSchema,
  adminAccount,
  adminListQuery,
  adminStatusSchema,
  createAdminSchema,
  idParam,
  type AdminAccount,
} from '@contract'
import { created, db, fail, ok, route, type MockAdmin } from '../db'
import { listAnswer, type ListRules } from '../list'

/** Admin accounts as server/routes/admins.ts answers them, over the mock db's admins. */

const SEEDED_AT = '2025-01-10T09:00:00.000Z'
let counter = 0

const toAccount = (a: MockAdmin): AdminAccount => {
  const pending = a.password === null
  return adminAccount.parse({
    _id: a._id,
    name: a.name,
    email: a.email,
    role: a.role,
    status: a.status ?? USER_STATUS.ACTIVE,
    invitePending: pending,
    inviteExpiresAt: pending ? new Date(Date.parse(a.createdAt ?? SEEDED_AT) + INVITE_TTL_MS).toISOString() : null,
    createdAt: a.createdAt ?? SEEDED_AT,
  })
}

const rules: ListRules<AdminAccount> = {
  searchIn: (a) => [a.name, a.email],
  filter: (a, role: number) => a.role === role,
}

/** Issues a new invitation for `adminId`, retiring the previous one; the token, as the mail would carry it. */
export function inviteFor(adminId: string): string {
  for (const [token, invite] of db.invites) if (invite.adminId === adminId && invite.state === 'live') db.invites.delete(token)
  const token = `invite-${adminId}-${++counter}`
  db.invites.set(token, { adminId, state: 'live' })
  return token
}

const manage = 'admin.manage'

export const adminHandlers: HttpHandler[] = [
  route('get', '/admin/admins', { permission: manage, query: adminListQuery }, ({ query }) =>
    listAnswer(query, db.admins.map(toAccount), rules, { message: ADMINS_MSG.listed }),
  ),

  route('post', '/admin/admins', { permission: manage, body: createAdminSchema }, ({ body }) => {
    const email = body.email.toLowerCase()
    if (db.admins.some((a) => a.email.toLowerCase() === email)) return fail('CONFLICT', ADMINS_MSG.emailTaken, { email: ADMINS_MSG.emailTaken })
    const added: MockAdmin = {
      _id: `0a1d0000-0000-4000-8000-${String(100 + ++counter).padStart(12, '0')}`,
      name: body.name,
      email,
      role: body.role,
      profileImage: null,
      password: null,
      status: USER_STATUS.ACTIVE,
      createdAt: new Date().toISOString(),
    }
    db.admins.push(added)
    inviteFor(added._id)
    return created(ADMINS_MSG.created, toAccount(added))
  }),

  route('patch', '/admin/admins/:id/status', { permission: manage, params: idParam, body: adminStatusSchema }, ({ admin, params, body }) => {
    const target = db.admins.find((a) => a._id === params.id)
    if (!target) return fail('NOT_FOUND', ADMINS_MSG.notFound)
    const blocking = body.status === USER_STATUS.BLOCKED
    if (blocking && target._id === admin._id) return fail('CONFLICT', ADMINS_MSG.selfBlock)
    const activeAdmins = db.admins.filter((a) => a.role === ROLE.ADMIN && (a.status ?? 1) === USER_STATUS.ACTIVE)
    if (blocking && activeAdmins.length <= 1 && activeAdmins[0] === target) return fail('CONFLICT', ADMINS_MSG.lastAdmin)
    target.status = body.status
    if (blocking) for (const [token, id] of db.sessions) if (id === target._id) db.sessions.delete(token)
    return ok(blocking ? ADMINS_MSG.blocked : ADMINS_MSG.unblocked, toAccount(target))
  }),

  route('post', '/admin/admins/:id/invite', { permission: manage, params: idParam }, ({ params }) => {
    const target = db.admins.find((a) => a._id === params.id)
    if (!target) return fail('NOT_FOUND', ADMINS_MSG.notFound)
    if (target.password !== null) return fail('CONFLICT', ADMINS_MSG.alreadyAccepted)
    if ((target.status ?? 1) !== USER_STATUS.ACTIVE) return fail('CONFLICT', ADMINS_MSG.inviteBlocked)
    inviteFor(target._id)
    return ok(ADMINS_MSG.inviteResent, toAccount(target))
  }),

  route('post', '/admin/accept-invite', { body: acceptInviteSchema }, ({ body }) => {
    const invite = db.invites.get(body.token)
    if (!invite) return fail('BAD_REQUEST', ADMINS_MSG.inviteInvalid)
    if (invite.state === 'used') return fail('BAD_REQUEST', ADMINS_MSG.inviteUsed)
    if (invite.state === 'expired') return fail('BAD_REQUEST', ADMINS_MSG.inviteExpired)
    const target = db.admins.find((a) => a._id === invite.adminId)!
    if ((target.status ?? 1) !== USER_STATUS.ACTIVE) return fail('FORBIDDEN', ADMINS_MSG.inviteAccountBlocked)
    invite.state = 'used'
    target.password = body.password
    return ok(ADMINS_MSG.inviteAccepted)
  }),
]
