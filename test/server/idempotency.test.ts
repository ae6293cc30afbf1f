import { count, eq } from 'drizzle-orm'
import { cities, faqs, idempotencyKeys, notifications, places, sites, auditLog } from '../../server/db/schema'
import { API_OPERATIONS } from '../../contract/api-responses'
import { findAdminByEmail } from '../../server/auth/admins'
import { startSession } from '../../server/auth/sessions'
import { IDEMPOTENT_CREATES } from '../../server/http/idempotency'
import { TEST_ADMIN } from './helpers/accounts'
import { errorOf } from './helpers/bodies'
import { addCities, addUsers, tokenOf, uploadedUrl, placeFields } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const DAY = 24 * 60 * 60 * 1000
const place = placeFields
const notification = { title: 'Sale', description: '30% off', sendToAllUsers: true, userIds: [] }

const send = (t: TestApp, token: string, path: string, body: Record<string, unknown>, key?: string) =>
  t.post(path, body, { token, headers: key ? { 'Idempotency-Key': key } : {} })

const rowCount = async (t: TestApp, table: typeof cities | typeof faqs | typeof notifications | typeof places | typeof sites) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n

describe('creates with an Idempotency-Key', () => {
  const creates = [
    { name: 'pet shop', path: '/place/pet-shop', table: places, body: async () => ({ ...place, images: [uploadedUrl()] }) },
    { name: 'hospital', path: '/place/hospital', table: places, body: async () => ({ ...place, images: [uploadedUrl()] }) },
    {
      name: 'site',
      path: '/admin/site',
      table: sites,
      body: async (t: TestApp) => {
        const [city] = await addCities(t, [{ name: 'Sydney' }])
        return { name: 'Bondi', description: 'Dogs welcome', address: 'Bondi', latitude: -33.89, longitude: 151.27, cityId: city!.id, images: [uploadedUrl('site')] }
      },
    },
    { name: 'city', path: '/admin/city', table: cities, body: async () => ({ name: 'Perth' }) },
    { name: 'FAQ', path: '/admin/faq', table: faqs, body: async () => ({ title: 'Can I bring a cat?', description: 'Yes.' }) },
    { name: 'notification', path: '/admin/notification', table: notifications, body: async () => notification },
  ]

  it.each(creates)('creates a $name once, and answers a repeat with the first answer', async ({ path, table, body }) => {
    const t = await testApp()
    await addUsers(t, [{ username: 'rex_owner' }])
    const token = await tokenOf(t)
    const json = await body(t)
    const before = await rowCount(t, table)
    const first = await send(t, token, path, json, 'f1c2b3a4-0000-4000-8000-000000000001')
    expect(first.status).toBeGreaterThanOrEqual(200)
    expect(first.status).toBeLessThan(300)
    const firstBody = await first.text()
    const again = await send(t, token, path, json, 'f1c2b3a4-0000-4000-8000-000000000001')
    expect(again.status).toBe(first.status)
    expect(await again.text()).toBe(firstBody)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(again.headers.get('Content-Type')).toBe(first.headers.get('Content-Type'))
    expect(await rowCount(t, table)).toBe(before + 1)
  })

  it('sends one notification for two identical requests at once (a double click)', async () => {
    const t = await testApp()
    await addUsers(t, [{ username: 'rex_owner' }])
    const token = await tokenOf(t)
    const key = 'a0b1c2d3-1111-4000-8000-000000000002'
    const answers = await Promise.all([0, 1, 2].map(() => send(t, token, '/admin/notification', notification, key)))
    const bodies = await Promise.all(answers.map((res) => res.text()))
    expect(answers.map((res) => res.status)).toEqual([answers[0]!.status, answers[0]!.status, answers[0]!.status])
    expect(new Set(bodies).size).toBe(1)
    expect(await rowCount(t, notifications)).toBe(1)
    expect(t.delivered).toHaveLength(1)
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'notification.send'))).toHaveLength(1)
  })

  it('refuses the same key with another body (409), and creates nothing', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const key = 'b0b1c2d3-2222-4000-8000-000000000003'
    await send(t, token, '/admin/city', { name: 'Perth' }, key)
    const body = await errorOf(await send(t, token, '/admin/city', { name: 'Darwin' }, key), 409)
    expect(body.message).toBe('This Idempotency-Key was already used for a different request. Send a new key with a new submission.')
    expect(await rowCount(t, cities)).toBe(1)
  })

  it('keeps no refused answer: the corrected form goes through under the same key', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const key = 'c0b1c2d3-3333-4000-8000-000000000004'
    await errorOf(await send(t, token, '/admin/city', { name: '' }, key), 400)
    const res = await send(t, token, '/admin/city', { name: 'Perth' }, key)
    expect(res.status).toBeLessThan(300)
    expect(res.headers.get('Idempotent-Replayed')).toBeNull()
    expect(await rowCount(t, cities)).toBe(1)
  })

  it('keys by admin: another admin with the same key creates their own', async () => {
    const t = await testApp()
    const key = 'd0b1c2d3-4444-4000-8000-000000000005'
    await send(t, await tokenOf(t), '/admin/faq', { title: 'One?', description: 'Yes.' }, key)
    const subAdmin = await tokenOf(t, 'subAdmin')
    await send(t, subAdmin, '/admin/city', { name: 'Perth' }, key)
    const res = await send(t, subAdmin, '/admin/city', { name: 'Perth' }, key)
    expect(res.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await rowCount(t, faqs)).toBe(1)
    expect(await rowCount(t, cities)).toBe(1)
  })

  it('keys by session: the same admin signed in elsewhere, with the same key, creates their own', async () => {
    const t = await testApp()
    const key = 'd0b1c2d3-4444-4000-8000-000000000015'
    const here = await tokenOf(t)
    const elsewhere = await tokenOf(t)
    const faq = { title: 'Can I bring a cat?', description: 'Yes.' }
    await send(t, here, '/admin/faq', faq, key)
    const res = await send(t, elsewhere, '/admin/faq', faq, key)
    expect(res.headers.get('Idempotent-Replayed')).toBeNull()
    expect(res.status).toBe(201)
    expect(await rowCount(t, faqs)).toBe(2)
    expect((await send(t, elsewhere, '/admin/faq', faq, key)).headers.get('Idempotent-Replayed')).toBe('true')
  })

  it('is for creates only: a sign-out sent with a used key by another session is carried out', async () => {
    const t = await testApp()
    const first = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const second = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const key = 'f0b1c2d3-6666-4000-8000-000000000016'
    for (const session of [first, second]) {
      const res = await t.post(`/admin/logout/${session._id}`, undefined, { token: session.token, headers: { 'Idempotency-Key': key } })
      expect(res.status).toBe(200)
      expect(res.headers.get('Idempotent-Replayed')).toBeNull()
    }
    await errorOf(await t.get('/admin/profile', { token: second.token }), 401)
    expect(await t.db.select().from(idempotencyKeys)).toHaveLength(0)
  })

  it('holds the list of creates to the contract: every call answered 201, and nothing else', () => {
    const creates = Object.entries(API_OPERATIONS).filter(([, op]) => op.answer.kind === 'data' && op.answer.status === 201)
    for (const [route] of creates) {
      const [method, path] = route.split(' ') as [string, string]
      const concrete = `/api/v1${path.replaceAll(':id', '11111111-1111-4111-8111-111111111111')}`
      expect(IDEMPOTENT_CREATES.some((c) => c.method === method && c.path.test(concrete)), route).toBe(true)
    }
    for (const path of ['/api/v1/admin/logout/1', '/api/v1/admin/login', '/api/v1/admin/users/bulk', '/api/v1/admin/city/1']) {
      expect(IDEMPOTENT_CREATES.some((c) => c.path.test(path)), path).toBe(false)
    }
    expect(creates.map(([route]) => route)).toEqual(expect.arrayContaining(['POST /admin/city', 'POST /admin/site', 'POST /place/pet-shop', 'POST /place/hospital', 'POST /admin/faq', 'POST /admin/notification']))
  })

  it('remembers an answer for 24 hours; after that the key is new, and old keys are pruned', async () => {
    const t = await testApp()
    const key = 'e0b1c2d3-5555-4000-8000-000000000006'
    // One session, alive for the whole test: a key is the session's.
    const token = await startSession(t.db, (await findAdminByEmail(t.db, TEST_ADMIN.email))!.id, t.clock.now(), 3 * DAY)
    await send(t, token, '/admin/faq', { title: 'One?', description: 'Yes.' }, key)
    t.clock.advance(DAY - 1000)
    expect((await send(t, token, '/admin/faq', { title: 'One?', description: 'Yes.' }, key)).headers.get('Idempotent-Replayed')).toBe('true')
    t.clock.advance(1000)
    expect((await send(t, token, '/admin/faq', { title: 'One?', description: 'Yes.' }, key)).headers.get('Idempotent-Replayed')).toBeNull()
    expect(await rowCount(t, faqs)).toBe(2)
    await send(t, token, '/admin/city', { name: 'Perth' }, 'e0b1c2d3-5555-4000-8000-000000000007')
    t.clock.advance(DAY + 1)
    expect((await t.app.maintenance.runOnce()).idempotencyPruned).toBe(2)
    expect(await t.db.select().from(idempotencyKeys)).toHaveLength(0)
  })

  it('refuses a key that is not a short safe token', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    for (const key of ['short', 'x'.repeat(101), 'has space in it', 'semi;colon-key']) {
      const body = await errorOf(await send(t, token, '/admin/city', { name: 'Perth' }, key), 400)
      expect(body.message).toBe('Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores')
    }
    expect(await rowCount(t, cities)).toBe(0)
  })

  it('changes nothing without a key: each request creates', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    await send(t, token, '/admin/faq', { title: 'One?', description: 'Yes.' })
    await send(t, token, '/admin/faq', { title: 'One?', description: 'Yes.' })
    expect(await rowCount(t, faqs)).toBe(2)
  })
})
