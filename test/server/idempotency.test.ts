import { count, eq } from 'drizzle-orm'
import { cities, faqs, idempotencyKeys, notifications, places, sites, auditLog } from '../../server/db/schema'
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
    await send(t, await tokenOf(t, 'subAdmin'), '/admin/city', { name: 'Perth' }, key)
    const res = await send(t, await tokenOf(t, 'subAdmin'), '/admin/city', { name: 'Perth' }, key)
    expect(res.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await rowCount(t, faqs)).toBe(1)
    expect(await rowCount(t, cities)).toBe(1)
  })

  it('remembers an answer for 24 hours; after that the key is new, and old keys are pruned', async () => {
    const t = await testApp()
    const key = 'e0b1c2d3-5555-4000-8000-000000000006'
    await send(t, await tokenOf(t), '/admin/faq', { title: 'One?', description: 'Yes.' }, key)
    t.clock.advance(DAY - 1000)
    expect((await send(t, await tokenOf(t), '/admin/faq', { title: 'One?', description: 'Yes.' }, key)).headers.get('Idempotent-Replayed')).toBe('true')
    t.clock.advance(1000)
    expect((await send(t, await tokenOf(t), '/admin/faq', { title: 'One?', description: 'Yes.' }, key)).headers.get('Idempotent-Replayed')).toBeNull()
    expect(await rowCount(t, faqs)).toBe(2)
    await send(t, await tokenOf(t), '/admin/city', { name: 'Perth' }, 'e0b1c2d3-5555-4000-8000-000000000007')
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
