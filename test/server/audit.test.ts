import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { AUDIT_CSV_HEADER, AUDIT_MSG, auditActor, auditEntry, ROLE, USER_STATUS, type Role } from '../../contract'
import { bulkResult } from '../../contract/bulk'
import { findAdminByEmail } from '../../server/auth/admins'
import { auditLog, faqs } from '../../server/db/schema'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { addCities, addNotification, addPlaces, addSites, addUsers, minutesAgo, parseCsv, tokenOf, uploadedUrl, placeFields, UNKNOWN_ID } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const ADDRESS = '203.0.113.9'

/** A call from ADDRESS (behind the trusted proxy of these tests) as `who`, and the audit rows of its request id. */
async function act(t: TestApp, who: 'admin' | 'subAdmin', method: string, path: string, json?: Record<string, unknown> | unknown[]) {
  const res = await t.call(method, path, json, { token: await tokenOf(t, who), headers: { 'X-Forwarded-For': `${ADDRESS}, 10.0.0.1` } })
  expect(res.status, await res.clone().text()).toBeLessThan(300)
  const requestId = res.headers.get('X-Request-Id')
  expect(requestId).toBeTruthy()
  const rows = await t.db.select().from(auditLog).where(eq(auditLog.requestId, requestId!))
  return { res, rows, requestId: requestId! }
}

async function accounts(t: TestApp) {
  const admin = (await findAdminByEmail(t.db, TEST_ADMIN.email))!
  const subAdmin = (await findAdminByEmail(t.db, TEST_SUB_ADMIN.email))!
  return { admin, subAdmin }
}

/** Behind two proxies of ours: X-Forwarded-For is `client, first proxy`. */
const proxied = () => testApp({ config: { trustProxy: 2 } })

describe('recording admin actions', () => {
  it('records each kind of action once, with actor, role, target, address and request id', async () => {
    const t = await proxied()
    const { admin, subAdmin } = await accounts(t)
    const [user] = await addUsers(t, [{ username: 'rex_owner' }])
    const [shop, doomedShop] = await addPlaces(t, 'petShop', [{ name: 'Happy Paws' }, { name: 'Old Paws' }])
    const [hospital] = await addPlaces(t, 'hospital', [{ name: 'Vet Point' }])
    const [city, emptyCity] = await addCities(t, [{ name: 'Sydney' }, { name: 'Ghost Town' }])
    const [site] = await addSites(t, city!.id, [{ name: 'Sirius Cove' }])
    const notification = await addNotification(t, { title: 'Old notice' })
    const [faq, faq2] = await t.db
      .insert(faqs)
      .values([
        { title: 'Is it free?', description: 'Yes.', sortOrder: 0 },
        { title: 'Who runs it?', description: 'We do.', sortOrder: 1 },
      ])
      .returning()

    const place = placeFields
    const siteText = { name: 'Bondi Beach', description: 'Dogs welcome', address: 'Bondi', latitude: -33.89, longitude: 151.27 }
    type Case = [who: 'admin' | 'subAdmin', method: string, path: string, body: Record<string, unknown> | unknown[] | undefined, expected: {
      action: string
      target?: { type: string; id?: string; label: string | null }
      detail?: Record<string, unknown>
    }]
    const cases: Case[] = [
      ['subAdmin', 'PATCH', `/admin/user/block-unblock/${user!.id}?status=2`, undefined, { action: 'user.block', target: { type: 'user', id: user!.id, label: 'rex_owner' } }],
      ['subAdmin', 'PATCH', `/admin/user/block-unblock/${user!.id}?status=1`, undefined, { action: 'user.unblock', target: { type: 'user', id: user!.id, label: 'rex_owner' } }],
      ['subAdmin', 'POST', '/place/pet-shop', { ...place, images: [uploadedUrl()] }, { action: 'petShop.create', target: { type: 'petShop', label: 'New Paws' } }],
      ['subAdmin', 'PUT', `/place/pet-shop/${shop!.id}`, { ...place, name: 'Happier Paws', previousImages: [], images: [uploadedUrl()], version: 1 }, { action: 'petShop.update', target: { type: 'petShop', id: shop!.id, label: 'Happier Paws' } }],
      ['subAdmin', 'PATCH', `/place/hospital/${hospital!.id}`, undefined, { action: 'hospital.status', target: { type: 'hospital', id: hospital!.id, label: 'Vet Point' }, detail: { status: 2 } }],
      ['admin', 'DELETE', `/place/pet-shop/${doomedShop!.id}`, undefined, { action: 'petShop.delete', target: { type: 'petShop', id: doomedShop!.id, label: 'Old Paws' } }],
      ['subAdmin', 'POST', '/admin/city', { name: 'Perth' }, { action: 'city.create', target: { type: 'city', label: 'Perth' } }],
      ['subAdmin', 'PUT', `/admin/city/${city!.id}`, { name: 'Sydney NSW' }, { action: 'city.update', target: { type: 'city', id: city!.id, label: 'Sydney NSW' } }],
      ['admin', 'DELETE', `/admin/city/${emptyCity!.id}`, undefined, { action: 'city.delete', target: { type: 'city', id: emptyCity!.id, label: 'Ghost Town' } }],
      ['subAdmin', 'POST', '/admin/site', { ...siteText, cityId: city!.id, images: [uploadedUrl('site')] }, { action: 'site.create', target: { type: 'site', label: 'Bondi Beach' } }],
      ['subAdmin', 'PUT', `/admin/site/${site!.id}`, { ...siteText, name: 'Sirius Cove Reserve', previousImages: [], images: [uploadedUrl('site')], version: 1 }, { action: 'site.update', target: { type: 'site', id: site!.id, label: 'Sirius Cove Reserve' } }],
      ['subAdmin', 'PATCH', `/admin/site/status/${site!.id}`, undefined, { action: 'site.status', target: { type: 'site', id: site!.id, label: 'Sirius Cove Reserve' }, detail: { status: 2 } }],
      ['admin', 'DELETE', `/admin/site/${site!.id}`, undefined, { action: 'site.delete', target: { type: 'site', id: site!.id, label: 'Sirius Cove Reserve' } }],
      ['admin', 'PUT', '/admin/cms', { type: 2, content: '<p>Terms</p>', version: 0 }, { action: 'cms.update', target: { type: 'cmsPage', id: '2', label: 'Terms and conditions' } }],
      ['admin', 'POST', '/admin/faq', { title: 'Can I bring a cat?', description: 'Yes.' }, { action: 'faq.create', target: { type: 'faq', label: 'Can I bring a cat?' } }],
      ['admin', 'PUT', `/admin/faq/${faq!.id}`, { title: 'Is it really free?', description: 'Yes.' }, { action: 'faq.update', target: { type: 'faq', id: faq!.id, label: 'Is it really free?' } }],
      ['admin', 'DELETE', `/admin/faq/${faq2!.id}`, undefined, { action: 'faq.delete', target: { type: 'faq', id: faq2!.id, label: 'Who runs it?' } }],
      ['subAdmin', 'POST', '/admin/notification', { title: 'Sale', description: '30% off', sendToAllUsers: true, userIds: [] }, { action: 'notification.send', target: { type: 'notification', label: 'Sale' }, detail: { sendTo: 'ALL_USERS', recipientCount: 1 } }],
      ['admin', 'DELETE', `/admin/notification/${notification.id}`, undefined, { action: 'notification.delete', target: { type: 'notification', id: notification.id, label: 'Old notice' } }],
      ['subAdmin', 'PUT', '/admin/edit', { name: 'Sub Admin Two' }, { action: 'profile.update', target: { type: 'admin', id: subAdmin.id, label: TEST_SUB_ADMIN.email }, detail: { fields: ['name'] } }],
      ['subAdmin', 'GET', '/admin/users/export?search=rex&sortBy=username&sortOrder=1&page=2', undefined, { action: 'user.export', detail: { search: 'rex', sortBy: 'username', sortOrder: '1' } }],
    ]

    for (const [who, method, path, body, expected] of cases) {
      const { rows, requestId, res } = await act(t, who, method, path, body)
      const actor = who === 'admin' ? admin : subAdmin
      expect(rows, `${method} ${path}`).toHaveLength(1)
      const row = rows[0]!
      expect(row, `${method} ${path}`).toMatchObject({
        action: expected.action,
        actorId: actor.id,
        actorEmail: actor.email,
        actorRole: actor.role,
        address: ADDRESS,
        requestId,
        at: t.clock.now(),
      })
      expect({ type: row.targetType, label: row.targetLabel }).toEqual(
        expected.target ? { type: expected.target.type, label: expected.target.label } : { type: null, label: null },
      )
      if (expected.target?.id) expect(row.targetId).toBe(expected.target.id)
      // A created row's own id: the one the answer carries.
      if (expected.target && !expected.target.id) {
        const { data } = (await res.json()) as { data: { _id: string } }
        expect(row.targetId).toBe(data._id)
      }
      if (expected.detail) expect(row.detail).toEqual(expected.detail)
    }
  })

  it('records the reorder of the FAQ with the new order', async () => {
    const t = await proxied()
    const rows = await t.db
      .insert(faqs)
      .values([
        { title: 'A', description: 'a', sortOrder: 0 },
        { title: 'B', description: 'b', sortOrder: 1 },
      ])
      .returning()
    const ids = [rows[1]!.id, rows[0]!.id]
    const { rows: audit } = await act(t, 'admin', 'PUT', '/admin/faq/order', { ids })
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ action: 'faq.reorder', targetType: null, detail: { ids } })
  })

  it('records nothing for a failed action or a read', async () => {
    const t = await proxied()
    const token = await tokenOf(t)
    await errorOf(await t.put('/admin/city/00000000-0000-4000-8000-000000000000', { name: 'Nowhere' }, { token }), 404)
    await errorOf(await t.post('/admin/city', { name: 'x' }, { token }), 400)
    await t.get('/admin/users', { token })
    await t.get('/admin/audit-log', { token })
    expect(await t.db.select().from(auditLog)).toEqual([])
  })

  it('records a refused action as authz.denied, with the permission, the path and the target', async () => {
    const t = await proxied()
    const { subAdmin } = await accounts(t)
    const [shop] = await addPlaces(t, 'petShop', [{ name: 'Happy Paws' }])
    const res = await t.call('DELETE', `/place/pet-shop/${shop!.id}`, undefined, {
      token: await tokenOf(t, 'subAdmin'),
      headers: { 'X-Forwarded-For': ADDRESS },
    })
    await errorOf(res, 403)
    const rows = await t.db.select().from(auditLog)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      action: 'authz.denied',
      actorId: subAdmin.id,
      actorEmail: TEST_SUB_ADMIN.email,
      actorRole: ROLE.SUB_ADMIN,
      targetType: 'petShop',
      targetId: shop!.id,
      address: ADDRESS,
      requestId: res.headers.get('X-Request-Id'),
      detail: { permission: 'place.delete', method: 'DELETE', path: `/api/v1/place/pet-shop/${shop!.id}`, attempted: 'petShop.delete' },
    })
  })

  it('never keeps a password, a code or a token', async () => {
    const t = await proxied()
    const newPassword = 'Changed@456'
    const resetPassword = 'Reset@789'
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    await t.post('/admin/login', { email: TEST_ADMIN.email, password: 'Wrong@Password1' })
    await okBody(await t.post('/admin/change-password', { oldPassword: TEST_ADMIN.password, newPassword, confirmPassword: newPassword }, { token }), z.null())
    await okBody(await t.post('/admin/send-otp', { email: TEST_ADMIN.email }), z.null())
    const otp = t.mailer.lastCodeTo(TEST_ADMIN.email)
    const verified = await okBody(await t.post('/admin/verify-otp', { email: TEST_ADMIN.email, otp }), z.object({ resetToken: z.string() }))
    const { resetToken } = verified.data
    await okBody(await t.post('/admin/reset-password', { resetToken, password: resetPassword, confirmPassword: resetPassword }), z.null())
    const { token: laterToken } = await t.login(TEST_ADMIN.email, resetPassword)
    await act(t, 'admin', 'PUT', '/admin/edit', { name: 'Test Admin' })

    const rows = await t.db.select().from(auditLog)
    const text = JSON.stringify(rows)
    for (const secret of [TEST_ADMIN.password, 'Wrong@Password1', newPassword, resetPassword, otp, resetToken, token, laterToken]) {
      expect(text, 'a secret in the audit log').not.toContain(secret)
    }
  })
})

/** Audit rows written straight to the table, for the list tests. */
async function addAudit(t: TestApp, rows: Partial<typeof auditLog.$inferInsert>[]) {
  return t.db
    .insert(auditLog)
    .values(rows.map((row) => ({ action: 'city.create', at: t.clock.now(), ...row })))
    .returning()
}

const auditList = async (t: TestApp, query = '') => listBody(await t.get(`/admin/audit-log${query}`, { token: await tokenOf(t) }), auditEntry)

describe('GET /admin/audit-log', () => {
  /** Four events over three days, by the two admins and a failed sign-in. */
  async function seeded(t: TestApp) {
    const { admin, subAdmin } = await accounts(t)
    const by = (a: { id: string; email: string; role: Role }) => ({ actorId: a.id, actorEmail: a.email, actorRole: a.role })
    const day = (iso: string) => new Date(iso)
    const [signIn, block, shopDelete, denied] = await addAudit(t, [
      { action: 'auth.sign_in_failed', actorEmail: 'mallory@example.com', at: day('2025-02-26T23:59:59.000Z'), address: '198.51.100.1', requestId: 'req-1' },
      { ...by(subAdmin), action: 'user.block', targetType: 'user', targetId: 'u1', targetLabel: 'rex_owner', at: day('2025-02-27T00:00:00.000Z'), detail: { status: 2 } },
      { ...by(admin), action: 'petShop.delete', targetType: 'petShop', targetId: 's1', targetLabel: 'Happy Paws', at: day('2025-02-28T12:00:00.000Z') },
      { ...by(subAdmin), action: 'authz.denied', at: day('2025-02-28T23:59:59.999Z'), detail: { permission: 'place.delete' } },
    ])
    return { admin, subAdmin, signIn: signIn!, block: block!, shopDelete: shopDelete!, denied: denied! }
  }

  it('lists newest first in the flat envelope, with actor and target', async () => {
    const t = await testApp()
    const { subAdmin, block, signIn, denied } = await seeded(t)
    const body = await auditList(t)
    expect(body).toMatchObject({ isSuccess: true, message: AUDIT_MSG.listed, page: 1, limit: 10, total: 4, totalPages: 1 })
    expect(body.data.map((e) => e._id)).toEqual([denied.id, (await t.db.select().from(auditLog).where(eq(auditLog.action, 'petShop.delete')))[0]!.id, block.id, signIn.id])
    expect(body.data[2]).toEqual({
      _id: block.id,
      at: '2025-02-27T00:00:00.000Z',
      actor: { id: subAdmin.id, email: TEST_SUB_ADMIN.email, role: ROLE.SUB_ADMIN },
      action: 'user.block',
      target: { type: 'user', id: 'u1', label: 'rex_owner' },
      address: null,
      requestId: null,
      detail: { status: 2 },
      count: 1,
      group: null,
    })
    expect(body.data[3]).toMatchObject({ actor: { id: null, email: 'mallory@example.com', role: null }, target: null, address: '198.51.100.1', requestId: 'req-1' })
  })

  it('filters by action and actor, searches actor email, action and target label', async () => {
    const t = await testApp()
    const { admin, subAdmin, block, shopDelete, denied, signIn } = await seeded(t)
    const ids = async (query: string) => (await auditList(t, query)).data.map((e) => e._id)
    expect(await ids('?action=user.block')).toEqual([block.id])
    expect(await auditList(t, '?action=user.block')).toMatchObject({ total: 1 })
    expect(await ids('?action=nothing.here')).toEqual([])
    expect(await ids(`?actorId=${subAdmin.id}`)).toEqual([denied.id, block.id])
    expect(await ids(`?actorId=${admin.id}&action=user.block`)).toEqual([])
    expect(await ids('?search=HAPPY')).toEqual([shopDelete.id])
    expect(await ids('?search=mallory')).toEqual([signIn.id])
    expect(await ids('?search=authz')).toEqual([denied.id])
    expect(await ids('?search=100%25')).toEqual([])
  })

  it('narrows to whole days, both ends included (UTC)', async () => {
    const t = await testApp()
    const { block, shopDelete, denied, signIn } = await seeded(t)
    const ids = async (query: string) => (await auditList(t, query)).data.map((e) => e._id)
    expect(await ids('?from=2025-02-27')).toEqual([denied.id, shopDelete.id, block.id])
    expect(await ids('?to=2025-02-27')).toEqual([block.id, signIn.id])
    expect(await ids('?from=2025-02-28&to=2025-02-28')).toEqual([denied.id, shopDelete.id])
    expect(await ids('?from=2025-03-01')).toEqual([])
  })

  it('sorts by time, action and actor email, and pages', async () => {
    const t = await testApp()
    const { block, shopDelete, denied, signIn } = await seeded(t)
    const ids = async (query: string) => (await auditList(t, query)).data.map((e) => e._id)
    expect(await ids('?sortBy=at&sortOrder=1')).toEqual([signIn.id, block.id, shopDelete.id, denied.id])
    expect(await ids('?sortBy=action&sortOrder=1')).toEqual([signIn.id, denied.id, shopDelete.id, block.id])
    // admin@ < mallory@ < subadmin@ (twice, newest id order breaks the tie the same way each time)
    const byEmail = await ids('?sortBy=actorEmail&sortOrder=1')
    expect(byEmail.slice(0, 2)).toEqual([shopDelete.id, signIn.id])
    expect(new Set(byEmail.slice(2))).toEqual(new Set([block.id, denied.id]))
    const page2 = await auditList(t, '?limit=3&page=2&sortBy=at&sortOrder=1')
    expect(page2).toMatchObject({ page: 2, limit: 3, total: 4, totalPages: 2 })
    expect(page2.data.map((e) => e._id)).toEqual([denied.id])
  })

  it.each([
    ['?from=2025-13-01', 'from', AUDIT_MSG.badDate],
    ['?to=2025-02-30', 'to', AUDIT_MSG.badDate],
    ['?from=yesterday', 'from', AUDIT_MSG.badDate],
    ['?from=2025-03-02&to=2025-03-01', 'to', AUDIT_MSG.fromAfterTo],
    ['?actorId=42', 'actorId', AUDIT_MSG.badActor],
    ['?sortBy=address', 'sortBy', undefined],
    ['?limit=1000', 'limit', undefined],
    ['?page=0', 'page', undefined],
    ['?filter=1', 'filter', undefined],
    ['?color=red', 'color', undefined],
  ])('answers 400 for %s', async (query, field, message) => {
    const t = await testApp()
    const error = await errorOf(await t.get(`/admin/audit-log${query}`, { token: await tokenOf(t) }), 400)
    expect(Object.keys(error.error.fields ?? {})).toContain(field)
    if (message) expect(error.error.fields?.[field]).toBe(message)
  })

  it('is for admins only: 401 without a token, 403 for a sub admin (the list, its CSV, its actors)', async () => {
    const t = await testApp()
    for (const path of ['/admin/audit-log', '/admin/audit-log/export', '/admin/audit-log/actors']) {
      await errorOf(await t.get(path), 401)
      await errorOf(await t.get(path, { token: await tokenOf(t, 'subAdmin') }), 403)
    }
  })
})

describe('GET /admin/audit-log/actors', () => {
  it('lists every admin account by email, for the actor filter', async () => {
    const t = await testApp()
    const { admin, subAdmin } = await accounts(t)
    const body = await okBody(await t.get('/admin/audit-log/actors', { token: await tokenOf(t) }), z.array(auditActor))
    expect(body.data).toEqual([
      { _id: admin.id, name: admin.name, email: TEST_ADMIN.email, role: ROLE.ADMIN },
      { _id: subAdmin.id, name: subAdmin.name, email: TEST_SUB_ADMIN.email, role: ROLE.SUB_ADMIN },
    ])
  })
})

describe('GET /admin/audit-log/export', () => {
  it('streams the filtered log as CSV, past one batch, and records the export', async () => {
    const t = await proxied()
    const { admin } = await accounts(t)
    await addAudit(
      t,
      Array.from({ length: 1005 }, (_, i) => ({
        action: 'city.create',
        actorId: admin.id,
        actorEmail: i === 0 ? '=cmd@example.com' : admin.email,
        actorRole: ROLE.ADMIN,
        targetType: 'city',
        targetId: `c${i}`,
        targetLabel: `City ${i}`,
        address: '203.0.113.1',
        requestId: `req-${i}`,
        at: minutesAgo(t, i),
      })),
    )
    await addAudit(t, [{ action: 'user.block', at: minutesAgo(t, 2000) }])
    const { res, rows: recorded } = await act(t, 'admin', 'GET', '/admin/audit-log/export?action=city.create&sortBy=at&sortOrder=-1')
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="audit-log-2025-03-01.csv"')
    const csv = parseCsv(await res.text())
    expect(csv[0]).toEqual([...AUDIT_CSV_HEADER])
    expect(csv).toHaveLength(1006)
    expect(csv[1]).toEqual([t.clock.now().toISOString(), "'=cmd@example.com", 'admin', 'city.create', 'city: City 0', '203.0.113.1', 'req-0', '1'])
    expect(csv.at(-1)?.[6]).toBe('req-1004')
    expect(recorded).toHaveLength(1)
    expect(recorded[0]).toMatchObject({ action: 'audit.export', detail: { action: 'city.create', sortBy: 'at', sortOrder: '-1' } })
  })

  it('writes a row with no actor or target as empty cells', async () => {
    const t = await testApp()
    await addAudit(t, [{ action: 'auth.sign_in_failed', actorEmail: 'mallory@example.com', at: minutesAgo(t, 1) }])
    const res = await t.get('/admin/audit-log/export', { token: await tokenOf(t) })
    const csv = parseCsv(await res.text())
    expect(csv.slice(1)).toEqual([[minutesAgo(t, 1).toISOString(), 'mallory@example.com', '', 'auth.sign_in_failed', '', '', '', '1']])
  })
})

describe('a bulk action in the log', () => {
  it('names what the group entry came to, and its group lists that entry and each changed row’s, in the list and the CSV', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const [ann, bob, cara] = await addUsers(t, [{ username: 'ann' }, { username: 'bob' }, { username: 'cara', status: USER_STATUS.BLOCKED }])
    // Another bulk action, not of the group.
    await okBody(await t.post('/admin/users/bulk', { action: 'unblock', ids: [cara!.id] }, { token }), bulkResult)
    await okBody(await t.post('/admin/users/bulk', { action: 'block', ids: [ann!.id, bob!.id, cara!.id, UNKNOWN_ID] }, { token }), bulkResult)

    const [group] = (await listBody(await t.get('/admin/audit-log?action=user.bulk_block', { token }), auditEntry)).data
    expect(group!.target).toEqual({ type: 'user', id: null, label: '3 changed, 1 skipped' })
    expect(group!.group).toMatch(/^[0-9a-f-]{36}$/)
    const entries = (await listBody(await t.get(`/admin/audit-log?group=${group!.group}`, { token }), auditEntry)).data
    expect(entries.map((e) => [e.action, e.target?.label]).sort()).toEqual(
      [
        ['user.block', 'ann'],
        ['user.block', 'bob'],
        ['user.block', 'cara'],
        ['user.bulk_block', '3 changed, 1 skipped'],
      ].sort(),
    )
    expect(entries.every((e) => e.group === group!.group)).toBe(true)
    // A single action's entry is in no group.
    expect((await t.call('PATCH', `/admin/user/block-unblock/${ann!.id}?status=${USER_STATUS.ACTIVE}`, undefined, { token })).status).toBe(200)
    const unblocks = (await listBody(await t.get('/admin/audit-log?action=user.unblock', { token }), auditEntry)).data
    // Both at the test clock's one instant: in no set order.
    expect(unblocks.map((e) => [e.target?.label, e.group === null]).sort()).toEqual([
      ['ann', true],
      ['cara', false],
    ])

    const csv = parseCsv(await (await t.get('/admin/audit-log/export?action=user.bulk_block', { token })).text())
    expect(csv.slice(1).map((row) => row[4])).toEqual(['user: 3 changed, 1 skipped'])
    expect((await errorOf(await t.get('/admin/audit-log?group=nope', { token }), 400)).error.fields?.group).toBe(AUDIT_MSG.badGroup)
  })
})
