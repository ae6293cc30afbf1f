import { eq } from 'drizzle-orm'
import { API_MSG, MSG, notificationDetails, notificationListItem, NOTIFICATIONS_MSG } from '../../contract'
import { notificationRecipients } from '../../server/db/schema'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { captureLog } from './helpers/captured-log'
import { addUsers, tokenOf, UNKNOWN_ID } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const SENT = NOTIFICATIONS_MSG.sent

const send = async (t: TestApp, body: Record<string, unknown>, who: 'admin' | 'subAdmin' = 'admin') =>
  t.post('/admin/notification', body, { token: await tokenOf(t, who) })

const recipientsOf = async (t: TestApp, notificationId: string) =>
  (await t.db.select().from(notificationRecipients).where(eq(notificationRecipients.notificationId, notificationId)))
    .map((r) => r.userId)
    .sort()

const sorted = (ids: string[]) => [...ids].sort()

describe('POST /admin/notification', () => {
  it('sends to every active user, not the blocked ones, and hands it to delivery once', async () => {
    const t = await testApp()
    const [ann, bob] = await addUsers(t, [{ status: 1 }, { status: 1 }])
    await addUsers(t, [{ status: 2 }])
    const res = await send(t, { title: '  Heatwave  ', description: ' Keep pets inside ' })
    const body = await okBody(res, notificationListItem, 201)
    expect(body.message).toBe(SENT)
    expect(body.data).toEqual({
      _id: expect.any(String),
      title: 'Heatwave',
      body: 'Keep pets inside',
      sendTo: 'ALL_USERS',
      recipientCount: 2,
      createdAt: t.clock.now().toISOString(),
      status: 2,
      scheduledAt: null,
      sentAt: t.clock.now().toISOString(),
    })
    expect(await recipientsOf(t, body.data._id)).toEqual(sorted([ann!.id, bob!.id]))
    expect(t.delivered).toHaveLength(1)
    expect({ ...t.delivered[0], userIds: sorted(t.delivered[0]!.userIds) }).toEqual({
      notificationId: body.data._id,
      title: 'Heatwave',
      body: 'Keep pets inside',
      userIds: sorted([ann!.id, bob!.id]),
      batch: 0,
      total: 2,
    })
  })

  it('sends to all users when told so explicitly, ignoring a selection', async () => {
    const t = await testApp()
    const users = await addUsers(t, [{}, {}, {}])
    const body = await okBody(await send(t, { title: 'Hi', description: 'All', sendToAllUsers: true, userIds: [users[0]!.id] }), notificationListItem, 201)
    expect(body.data).toMatchObject({ sendTo: 'ALL_USERS', recipientCount: 3 })
  })

  it('sends to the selected users only, each once', async () => {
    const t = await testApp()
    const [ann, bob] = await addUsers(t, [{}, {}, {}])
    const res = await send(t, { title: 'Sale', description: '30% off', sendToAllUsers: false, userIds: [ann!.id, bob!.id, ann!.id] })
    const body = await okBody(res, notificationListItem, 201)
    expect(body.data).toMatchObject({ sendTo: 'SELECTED_USERS', recipientCount: 2 })
    expect(await recipientsOf(t, body.data._id)).toEqual(sorted([ann!.id, bob!.id]))
    expect(t.delivered.map((d) => sorted(d.userIds))).toEqual([sorted([ann!.id, bob!.id])])
  })

  it('refuses an unknown or blocked user with 400, and stores and delivers nothing', async () => {
    const t = await testApp()
    const [active, blocked] = await addUsers(t, [{ status: 1 }, { status: 2 }])
    const token = await tokenOf(t)
    const res = await send(t, { title: 'Sale', description: '30% off', sendToAllUsers: false, userIds: [active!.id, blocked!.id, UNKNOWN_ID] })
    const error = await errorOf(res, 400)
    expect(error.message).toBe(NOTIFICATIONS_MSG.recipientsGone)
    expect(error.error.fields).toEqual({
      'userIds.1': NOTIFICATIONS_MSG.recipientGone,
      'userIds.2': NOTIFICATIONS_MSG.recipientGone,
    })
    expect((await listBody(await t.get('/admin/notifications', { token }), notificationListItem)).total).toBe(0)
    expect(t.delivered).toEqual([])
  })

  it('refuses a selection of nobody', async () => {
    const t = await testApp()
    const error = await errorOf(await send(t, { title: 'Sale', description: '30% off', sendToAllUsers: false }), 400)
    expect(error.error.fields).toEqual({ userIds: 'Select at least one user' })
  })

  it.each([
    ['a title of 51 characters', { title: 't'.repeat(51) }, 'title', 'Should be maximum of 50 characters'],
    ['a description of 101 characters', { description: 'd'.repeat(101) }, 'description', 'Should be maximum of 100 characters'],
    ['an empty title', { title: '   ' }, 'title', MSG.required],
    ['no description', { description: undefined }, 'description', MSG.required],
    ['an id that is not a UUID', { sendToAllUsers: false, userIds: ['42'] }, 'userIds.0', API_MSG.invalidId],
    ['a field it does not know', { audience: 'ALL_USERS' }, 'audience', 'This field is not allowed'],
  ])('refuses %s with 400 and its message', async (_what, overrides, field, message) => {
    const t = await testApp()
    const error = await errorOf(await send(t, { title: 'Sale', description: '30% off', ...overrides }), 400)
    expect(error.error.fields).toEqual({ [field]: message })
    expect(t.delivered).toEqual([])
  })

  it('accepts a title of 50 and a description of 100 characters', async () => {
    const t = await testApp()
    await okBody(await send(t, { title: 't'.repeat(50), description: 'd'.repeat(100) }), notificationListItem, 201)
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    await errorOf(await t.post('/admin/notification', { title: 'Sale', description: '30% off' }), 401)
    expect(t.delivered).toEqual([])
  })

  it('lets a sub admin send, and the list and details show it with its recipients', async () => {
    const t = await testApp()
    const [ann] = await addUsers(t, [{ username: 'ann' }, {}])
    const { data: sent } = await okBody(
      await send(t, { title: 'Vaccines', description: 'Book a visit', sendToAllUsers: false, userIds: [ann!.id] }, 'subAdmin'),
      notificationListItem,
      201,
    )
    const token = await tokenOf(t, 'subAdmin')
    const list = await listBody(await t.get('/admin/notifications', { token }), notificationListItem)
    expect(list.data).toEqual([sent])
    expect(list.data[0]?.recipientCount).toBe(1)
    const details = await okBody(await t.get(`/admin/notification/${sent._id}`, { token }), notificationDetails)
    expect(details.data.users.map((u) => u.username)).toEqual(['ann'])
  })

  it('keeps the notification when delivery fails, and logs the failure', async () => {
    let sentId: string | undefined
    const { lines } = await captureLog(async () => {
      const t = await testApp({
        delivery: {
          deliver: async () => {
            throw new Error('push service unavailable')
          },
        },
      })
      await addUsers(t, [{}])
      const body = await okBody(await send(t, { title: 'Heatwave', description: 'Keep pets inside' }), notificationListItem, 201)
      const list = await listBody(await t.get('/admin/notifications', { token: await tokenOf(t) }), notificationListItem)
      expect(list.data.map((n) => n._id)).toEqual([body.data._id])
      sentId = body.data._id
    })
    const errors = lines.filter((line) => line.level === 'error')
    expect(errors).toEqual([
      expect.objectContaining({ msg: `Push delivery of notification ${sentId}`, error: expect.stringContaining('push service unavailable') }),
    ])
  })
})
