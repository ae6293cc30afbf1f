import { and, eq } from 'drizzle-orm'
import { adminAccount, ADMINS_MSG, INVITE_TTL_MS, loginResult, ROLE } from '../../contract'
import { findAdminByEmail } from '../../server/auth/admins'
import { setAccountStatus } from '../../server/auth/admin-accounts'
import { hashPassword } from '../../server/auth/passwords'
import { auditLog, admins } from '../../server/db/schema'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { tokenOf, UNKNOWN_ID } from './helpers/fixtures'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { nothing, testApp, type TestApp } from './helpers/test-app'

const NEW_PASSWORD = 'Welcome@123'

const patch = (t: TestApp, path: string, json: Record<string, unknown>, token: string) => t.call('PATCH', path, json, { token })

/** The invitation token of the newest mail to `email`. */
function inviteTokenOf(t: TestApp, email: string): string {
  const mail = t.mailer.messages.findLast((m) => m.to === email)
  const token = mail?.text.match(/\/accept-invite\?token=([^\s]+)/)?.[1]
  if (!token) throw new Error(`No invitation was mailed to ${email}`)
  return decodeURIComponent(token)
}

async function invite(t: TestApp, body: Record<string, unknown>, token?: string) {
  const res = await t.post('/admin/admins', body, { token: token ?? (await tokenOf(t)) })
  return okBody(res, adminAccount, 201)
}

const accept = (t: TestApp, token: string, password = NEW_PASSWORD) =>
  t.post('/admin/accept-invite', { token, password, confirmPassword: password })

async function idOf(t: TestApp, email: string) {
  return (await findAdminByEmail(t.db, email))!.id
}

describe('GET /admin/admins', () => {
  it('lists the accounts, newest first, with role, status and invitation state', async () => {
    const t = await testApp()
    const created = await invite(t, { name: 'Nia Park', email: 'Nia@Example.com', role: ROLE.SUB_ADMIN })
    const body = await listBody(await t.get('/admin/admins', { token: await tokenOf(t) }), adminAccount)
    expect(body.message).toBe(ADMINS_MSG.listed)
    expect(body.total).toBe(3)
    const nia = body.data.find((a) => a._id === created.data._id)
    expect(nia).toEqual(created.data)
    expect(nia).toMatchObject({
      name: 'Nia Park',
      email: 'nia@example.com',
      role: ROLE.SUB_ADMIN,
      status: 1,
      invitePending: true,
      inviteExpiresAt: new Date(t.clock.now().getTime() + INVITE_TTL_MS).toISOString(),
    })
    const admin = body.data.find((a) => a.email === TEST_ADMIN.email)
    expect(admin).toMatchObject({ role: ROLE.ADMIN, invitePending: false, inviteExpiresAt: null })
  })

  it('searches name and email, filters by role and sorts', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    await invite(t, { name: 'Zed Quinn', email: 'zed@corp.test', role: ROLE.ADMIN }, token)
    t.clock.advance(1000)
    await invite(t, { name: 'amy Ray', email: 'amy@corp.test', role: ROLE.SUB_ADMIN }, token)
    const emails = async (query: string) =>
      (await listBody(await t.get(`/admin/admins?${query}`, { token }), adminAccount)).data.map((a) => a.email)

    expect(await emails('search=CORP.T')).toEqual(['amy@corp.test', 'zed@corp.test'])
    expect(await emails('search=zed%20q')).toEqual(['zed@corp.test'])
    expect(await emails('filter=2&sortBy=email&sortOrder=1')).toEqual(['amy@corp.test', TEST_SUB_ADMIN.email])
    expect(await emails('sortBy=name&sortOrder=1&search=corp')).toEqual(['amy@corp.test', 'zed@corp.test'])
    expect(await emails('sortBy=role&sortOrder=-1&search=corp')).toEqual(['amy@corp.test', 'zed@corp.test'])
  })

  it('refuses an unknown sort or filter with 400', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    await errorOf(await t.get('/admin/admins?sortBy=password', { token }), 400)
    await errorOf(await t.get('/admin/admins?filter=3', { token }), 400)
  })
})

describe('POST /admin/admins', () => {
  it('creates an account without a password and mails a single-use invitation link', async () => {
    const t = await testApp()
    const body = await invite(t, { name: ' Nia Park ', email: 'nia@example.com', role: ROLE.ADMIN })
    expect(body.message).toBe(ADMINS_MSG.created)
    expect(body.data).toMatchObject({ name: 'Nia Park', email: 'nia@example.com', role: ROLE.ADMIN, status: 1, invitePending: true })
    const row = await findAdminByEmail(t.db, 'nia@example.com')
    expect(row?.passwordHash).toBeNull()

    const mail = t.mailer.messages.at(-1)!
    expect(mail.to).toBe('nia@example.com')
    expect(mail.subject).toBe('You are invited to Petcare Admin')
    expect(mail.text).toContain('Hello Nia Park,')
    expect(mail.text).toMatch(/http:\/\/localhost\/accept-invite\?token=\S+/)
    expect(mail.text).toContain('72 hours')
    // No password, so no sign-in yet.
    await errorOf(await t.post('/admin/login', { email: 'nia@example.com', password: NEW_PASSWORD }), 401)
  })

  it('links to PUBLIC_URL when it is set', async () => {
    const t = await testApp({ config: { publicUrl: 'https://admin.petcare.example' } })
    await invite(t, { name: 'Nia Park', email: 'nia@example.com', role: ROLE.ADMIN })
    expect(t.mailer.messages.at(-1)!.text).toMatch(/^https:\/\/admin\.petcare\.example\/accept-invite\?token=/m)
  })

  it('answers 409 on the email field for an email already taken, whatever its case', async () => {
    const t = await testApp()
    const error = await errorOf(
      await t.post('/admin/admins', { name: 'Again', email: TEST_SUB_ADMIN.email.toUpperCase(), role: 2 }, { token: await tokenOf(t) }),
      409,
    )
    expect(error.message).toBe(ADMINS_MSG.emailTaken)
    expect(error.error.fields).toEqual({ email: ADMINS_MSG.emailTaken })
  })

  it.each([
    ['no role', { name: 'Nia Park', email: 'nia@example.com' }, 'role', ADMINS_MSG.roleRequired],
    ['a role of 3', { name: 'Nia Park', email: 'nia@example.com', role: 3 }, 'role', ADMINS_MSG.roleRequired],
    ['a bad email', { name: 'Nia Park', email: 'nia@', role: 1 }, 'email', 'Please enter valid Email'],
    ['a one-letter name', { name: 'N', email: 'nia@example.com', role: 1 }, 'name', 'Name should be minimum of 2 characters'],
    ['an extra field', { name: 'Nia Park', email: 'nia@example.com', role: 1, status: 2 }, 'status', 'This field is not allowed'],
  ])('answers 400 for %s', async (_case, body, field, message) => {
    const t = await testApp()
    const error = await errorOf(await t.post('/admin/admins', body, { token: await tokenOf(t) }), 400)
    expect(error.error.fields?.[field]).toBe(message)
    expect(t.mailer.messages).toHaveLength(0)
  })

  it('tells when the account was made but the mail could not be sent', async () => {
    const t = await testApp()
    t.mailer.send = () => Promise.reject(new Error('SMTP down'))
    const body = await invite(t, { name: 'Nia Park', email: 'nia@example.com', role: ROLE.ADMIN })
    expect(body.message).toBe(ADMINS_MSG.createdMailFailed)
  })
})

describe('POST /admin/accept-invite', () => {
  it('sets the password once, after which the new admin signs in', async () => {
    const t = await testApp()
    await invite(t, { name: 'Nia Park', email: 'nia@example.com', role: ROLE.SUB_ADMIN })
    const token = inviteTokenOf(t, 'nia@example.com')
    const body = await okBody(await accept(t, token), nothing)
    expect(body.message).toBe(ADMINS_MSG.inviteAccepted)

    const signedIn = await okBody(await t.post('/admin/login', { email: 'nia@example.com', password: NEW_PASSWORD }), loginResult)
    expect(signedIn.data.role).toBe(ROLE.SUB_ADMIN)

    const again = await errorOf(await accept(t, token, 'Other@1234'), 400)
    expect(again.message).toBe(ADMINS_MSG.inviteUsed)
    const list = await listBody(await t.get('/admin/admins?search=nia', { token: await tokenOf(t) }), adminAccount)
    expect(list.data[0]).toMatchObject({ invitePending: false, inviteExpiresAt: null })
  })

  it('refuses an expired invitation, and an unknown token', async () => {
    const t = await testApp()
    await invite(t, { name: 'Nia Park', email: 'nia@example.com', role: ROLE.SUB_ADMIN })
    t.clock.advance(INVITE_TTL_MS)
    expect((await errorOf(await accept(t, inviteTokenOf(t, 'nia@example.com')), 400)).message).toBe(ADMINS_MSG.inviteExpired)
    expect((await errorOf(await accept(t, 'not-a-token'), 400)).message).toBe(ADMINS_MSG.inviteInvalid)
  })

  it('applies the password rules', async () => {
    const t = await testApp()
    await invite(t, { name: 'Nia Park', email: 'nia@example.com', role: ROLE.SUB_ADMIN })
    const token = inviteTokenOf(t, 'nia@example.com')
    const weak = await errorOf(await t.post('/admin/accept-invite', { token, password: 'weak', confirmPassword: 'weak' }), 400)
    expect(weak.error.fields?.password).toBe('Password should be minimum of 8 characters')
    const mismatch = await errorOf(await t.post('/admin/accept-invite', { token, password: NEW_PASSWORD, confirmPassword: 'Other@1234' }), 400)
    expect(mismatch.error.fields?.confirmPassword).toBe('Password and Confirm Password must match')
    await okBody(await accept(t, token), nothing) // still unspent
  })

  it('refuses a blocked account without spending the invitation', async () => {
    const t = await testApp()
    const { data } = await invite(t, { name: 'Nia Park', email: 'nia@example.com', role: ROLE.SUB_ADMIN })
    const token = inviteTokenOf(t, 'nia@example.com')
    const adminToken = await tokenOf(t)
    await okBody(await patch(t, `/admin/admins/${data._id}/status`, { status: 2 }, adminToken), adminAccount)
    expect((await errorOf(await accept(t, token), 403)).message).toBe(ADMINS_MSG.inviteAccountBlocked)
    await okBody(await patch(t, `/admin/admins/${data._id}/status`, { status: 1 }, adminToken), adminAccount)
    await okBody(await accept(t, token), nothing)
  })
})

describe('POST /admin/admins/{id}/invite', () => {
  it('mails a new link and retires the old one', async () => {
    const t = await testApp()
    const { data } = await invite(t, { name: 'Nia Park', email: 'nia@example.com', role: ROLE.ADMIN })
    const first = inviteTokenOf(t, 'nia@example.com')
    t.clock.advance(INVITE_TTL_MS) // the first has expired
    const body = await okBody(await t.post(`/admin/admins/${data._id}/invite`, undefined, { token: await tokenOf(t) }), adminAccount)
    expect(body.message).toBe(ADMINS_MSG.inviteResent)
    const second = inviteTokenOf(t, 'nia@example.com')
    expect(second).not.toBe(first)
    expect((await errorOf(await accept(t, first), 400)).message).toBe(ADMINS_MSG.inviteInvalid)
    await okBody(await accept(t, second), nothing)
  })

  it('answers 409 for an account that has a password, and 404 for an unknown one', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const subId = await idOf(t, TEST_SUB_ADMIN.email)
    expect((await errorOf(await t.post(`/admin/admins/${subId}/invite`, undefined, { token }), 409)).message).toBe(ADMINS_MSG.alreadyAccepted)
    await errorOf(await t.post(`/admin/admins/${UNKNOWN_ID}/invite`, undefined, { token }), 404)
  })
})

describe('PATCH /admin/admins/{id}/status', () => {
  it('blocks an admin and ends their sessions at once, even one just used', async () => {
    const t = await testApp()
    const subToken = await tokenOf(t, 'subAdmin')
    // Used once, so the session is in the in-process cache.
    expect((await t.get('/admin/profile', { token: subToken })).status).toBe(200)
    const subId = await idOf(t, TEST_SUB_ADMIN.email)

    const body = await okBody(await patch(t, `/admin/admins/${subId}/status`, { status: 2 }, await tokenOf(t)), adminAccount)
    expect(body.message).toBe(ADMINS_MSG.blocked)
    expect(body.data.status).toBe(2)
    expect((await t.get('/admin/profile', { token: subToken })).status).toBe(401)
    expect((await t.post('/admin/login', { email: TEST_SUB_ADMIN.email, password: TEST_SUB_ADMIN.password })).status).toBe(403)
  })

  it('unblocks, after which the admin signs in again', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const subId = await idOf(t, TEST_SUB_ADMIN.email)
    await okBody(await patch(t, `/admin/admins/${subId}/status`, { status: 2 }, token), adminAccount)
    const body = await okBody(await patch(t, `/admin/admins/${subId}/status`, { status: 1 }, token), adminAccount)
    expect(body.message).toBe(ADMINS_MSG.unblocked)
    await okBody(await t.post('/admin/login', { email: TEST_SUB_ADMIN.email, password: TEST_SUB_ADMIN.password }), loginResult)
  })

  it('refuses to let an admin block themself', async () => {
    const t = await testApp()
    const error = await errorOf(await patch(t, `/admin/admins/${await idOf(t, TEST_ADMIN.email)}/status`, { status: 2 }, await tokenOf(t)), 409)
    expect(error.message).toBe(ADMINS_MSG.selfBlock)
  })

  it('never blocks the last active admin, even when two admins block each other at once', async () => {
    const t = await testApp()
    const [second] = await t.db
      .insert(admins)
      .values({ name: 'Second', email: 'second@petcare.test', role: ROLE.ADMIN, passwordHash: await hashPassword('Second@123') })
      .returning()
    const firstId = await idOf(t, TEST_ADMIN.email)
    const now = t.clock.now()
    const outcomes = await Promise.all([
      setAccountStatus(t.db, { id: second!.id, status: 2, actorId: firstId }, now),
      setAccountStatus(t.db, { id: firstId, status: 2, actorId: second!.id }, now),
    ])
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.reason)).sort()).toEqual(['lastAdmin', 'ok'])
    const active = await t.db.select().from(admins).where(and(eq(admins.role, ROLE.ADMIN), eq(admins.status, 1)))
    expect(active).toHaveLength(1)
    // Nor without an actor (the CLI).
    expect(await setAccountStatus(t.db, { id: active[0]!.id, status: 2 }, now)).toEqual({ ok: false, reason: 'lastAdmin' })
  })

  it('answers 400 for a bad status or id, and 404 for an unknown admin', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const subId = await idOf(t, TEST_SUB_ADMIN.email)
    await errorOf(await patch(t, `/admin/admins/${subId}/status`, { status: 3 }, token), 400)
    await errorOf(await patch(t, `/admin/admins/${subId}/status`, { status: 2, role: 1 }, token), 400)
    await errorOf(await patch(t, '/admin/admins/nope/status', { status: 2 }, token), 400)
    await errorOf(await patch(t, `/admin/admins/${UNKNOWN_ID}/status`, { status: 2 }, token), 404)
  })
})

describe('a sub admin', () => {
  it('gets 403 from every admin account call, and changes nothing', async () => {
    const t = await testApp()
    const token = await tokenOf(t, 'subAdmin')
    const adminId = await idOf(t, TEST_ADMIN.email)
    await errorOf(await t.get('/admin/admins', { token }), 403)
    await errorOf(await t.post('/admin/admins', { name: 'Sneaky', email: 'sneaky@example.com', role: 1 }, { token }), 403)
    await errorOf(await patch(t, `/admin/admins/${adminId}/status`, { status: 2 }, token), 403)
    await errorOf(await t.post(`/admin/admins/${adminId}/invite`, undefined, { token }), 403)
    expect(await findAdminByEmail(t.db, 'sneaky@example.com')).toBeUndefined()
    expect((await findAdminByEmail(t.db, TEST_ADMIN.email))?.status).toBe(1)
  })
})

describe('the audit log', () => {
  it('records creating, blocking, unblocking, resending and accepting', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const { data } = await invite(t, { name: 'Nia Park', email: 'nia@example.com', role: ROLE.SUB_ADMIN }, token)
    t.clock.advance(1000)
    await okBody(await t.post(`/admin/admins/${data._id}/invite`, undefined, { token }), adminAccount)
    t.clock.advance(1000)
    await okBody(await accept(t, inviteTokenOf(t, 'nia@example.com')), nothing)
    t.clock.advance(1000)
    await okBody(await patch(t, `/admin/admins/${data._id}/status`, { status: 2 }, token), adminAccount)
    t.clock.advance(1000)
    await okBody(await patch(t, `/admin/admins/${data._id}/status`, { status: 1 }, token), adminAccount)

    const rows = await t.db.select().from(auditLog).where(eq(auditLog.targetId, data._id)).orderBy(auditLog.at)
    expect(rows.map((r) => [r.action, r.actorEmail, r.targetType, r.targetLabel])).toEqual([
      ['admin.create', TEST_ADMIN.email, 'admin', 'nia@example.com'],
      ['admin.invite_resent', TEST_ADMIN.email, 'admin', 'nia@example.com'],
      ['auth.invite_accepted', 'nia@example.com', 'admin', 'nia@example.com'],
      ['admin.block', TEST_ADMIN.email, 'admin', 'nia@example.com'],
      ['admin.unblock', TEST_ADMIN.email, 'admin', 'nia@example.com'],
    ])
    expect(rows[0]!.detail).toEqual({ role: ROLE.SUB_ADMIN, mailed: true })
    // No secret reaches the log.
    expect(JSON.stringify(rows)).not.toContain(inviteTokenOf(t, 'nia@example.com'))
  })
})
