import { API_MSG, NOTIFICATION_DETAIL_RECIPIENTS, notificationDetails, notificationListItem, NOTIFICATIONS_MSG } from '../../contract'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { addNotification, addUsers, minutesAgo, tokenOf, UNKNOWN_ID } from './helpers/fixtures'
import { nothing, testApp, type TestApp } from './helpers/test-app'

const del = (t: TestApp, path: string, token?: string) =>
  t.app.request(`/api/v1${path}`, { method: 'DELETE', headers: token ? { Authorization: `Bearer ${token}` } : {} })

const titlesOf = (body: { data: { title: string }[] }) => body.data.map((n) => n.title)

describe('GET /admin/notifications', () => {
  it('lists notifications with how many users each went to', async () => {
    const t = await testApp()
    const users = await addUsers(t, [{}, {}, {}])
    const all = await addNotification(t, { title: 'Heatwave', body: 'Keep pets inside', sendTo: 'ALL_USERS', createdAt: minutesAgo(t, 1) }, users.map((u) => u.id))
    await addNotification(t, { title: 'Sale', sendTo: 'SELECTED_USERS', createdAt: minutesAgo(t, 2) }, [users[0]!.id])
    const body = await listBody(await t.get('/admin/notifications', { token: await tokenOf(t, 'subAdmin') }), notificationListItem)
    expect(body.message).toBe(NOTIFICATIONS_MSG.listed)
    expect(body.data[0]).toEqual({
      _id: all.id,
      title: 'Heatwave',
      body: 'Keep pets inside',
      sendTo: 'ALL_USERS',
      recipientCount: 3,
      createdAt: minutesAgo(t, 1).toISOString(),
      status: 2,
      scheduledAt: null,
      sentAt: null,
    })
    expect(body.data.map((n) => n.recipientCount)).toEqual([3, 1])
  })

  it.each([
    ['title', 'HEAT', ['Heatwave']],
    ['body', 'curtains', ['Fireworks']],
    ['title, with _ taken literally', 'new_', ['new_feature']],
  ])('finds notifications by part of the %s, whatever the case', async (_what, search, expected) => {
    const t = await testApp()
    await addNotification(t, { title: 'Heatwave', body: 'Keep pets inside' })
    await addNotification(t, { title: 'Fireworks', body: 'Close the CURTAINS tonight' })
    await addNotification(t, { title: 'new_feature', body: 'Weight charts' })
    await addNotification(t, { title: 'newsletter', body: 'Monthly news' })
    const body = await listBody(await t.get(`/admin/notifications?search=${search}`, { token: await tokenOf(t) }), notificationListItem)
    expect(titlesOf(body)).toEqual(expected)
  })

  it('filters by audience', async () => {
    const t = await testApp()
    await addNotification(t, { title: 'To everyone', sendTo: 'ALL_USERS' })
    await addNotification(t, { title: 'To a few', sendTo: 'SELECTED_USERS' })
    const body = await listBody(await t.get('/admin/notifications?filter=SELECTED_USERS', { token: await tokenOf(t) }), notificationListItem)
    expect(titlesOf(body)).toEqual(['To a few'])
  })

  it('lists only what one user received when asked for their id, with the total of theirs', async () => {
    const t = await testApp()
    const [ann, bob] = await addUsers(t, [{}, {}])
    await addNotification(t, { title: 'Heatwave', sendTo: 'ALL_USERS', createdAt: minutesAgo(t, 1) }, [ann!.id, bob!.id])
    await addNotification(t, { title: 'Sale', sendTo: 'SELECTED_USERS', createdAt: minutesAgo(t, 2) }, [bob!.id])
    await addNotification(t, { title: 'Vet day', sendTo: 'SELECTED_USERS', createdAt: minutesAgo(t, 3) }, [ann!.id])
    const token = await tokenOf(t, 'subAdmin')
    const ann1 = await listBody(await t.get(`/admin/notifications?recipientId=${ann!.id}`, { token }), notificationListItem)
    expect(titlesOf(ann1)).toEqual(['Heatwave', 'Vet day'])
    expect(ann1.total).toBe(2)
    // With the audience filter and a search too.
    const narrowed = await listBody(await t.get(`/admin/notifications?recipientId=${ann!.id}&filter=SELECTED_USERS&search=vet`, { token }), notificationListItem)
    expect(titlesOf(narrowed)).toEqual(['Vet day'])
    expect(narrowed.total).toBe(1)
    const nobody = await listBody(await t.get(`/admin/notifications?recipientId=${UNKNOWN_ID}`, { token }), notificationListItem)
    expect(nobody.data).toEqual([])
    expect(nobody.total).toBe(0)
  })

  it('answers 400 with the field for a recipient id that is not a UUID', async () => {
    const t = await testApp()
    const body = await errorOf(await t.get('/admin/notifications?recipientId=7', { token: await tokenOf(t) }), 400)
    expect(body.error.fields).toEqual({ recipientId: API_MSG.invalidId })
  })
})

describe('GET /admin/notification/:id', () => {
  it('returns the notification, its deliveries and its first recipients (in the recipients list order)', async () => {
    const t = await testApp()
    const [zoe, adam] = await addUsers(t, [
      { username: 'zoe', name: 'Zoe King', email: 'zoe@example.com', mobileNo: '7700900111', profileImage: 'https://img.test/zoe.png' },
      { username: 'Adam', name: 'Adam Hall', email: 'adam@example.com' },
      { username: 'not.sent' },
    ])
    const made = await addNotification(t, { title: 'Sale', body: '30% off', createdAt: minutesAgo(t, 5) }, [zoe!.id, adam!.id])
    const body = await okBody(await t.get(`/admin/notification/${made.id}`, { token: await tokenOf(t, 'subAdmin') }), notificationDetails)
    expect(body.message).toBe(NOTIFICATIONS_MSG.fetched)
    expect(body.data).toEqual({
      _id: made.id,
      title: 'Sale',
      body: '30% off',
      sendTo: 'SELECTED_USERS',
      recipientCount: 2,
      createdAt: minutesAgo(t, 5).toISOString(),
      status: 2,
      scheduledAt: null,
      sentAt: null,
      pendingCount: 2,
      deliveredCount: 0,
      failedCount: 0,
      notSentCount: 0,
      noDeviceCount: 0,
      users: [
        { _id: adam!.id, username: 'Adam', name: 'Adam Hall', email: 'adam@example.com', countryCode: null, mobileNo: null, profileImage: null },
        { _id: zoe!.id, username: 'zoe', name: 'Zoe King', email: 'zoe@example.com', countryCode: null, mobileNo: '7700900111', profileImage: 'https://img.test/zoe.png' },
      ].sort((a, b) => (a._id < b._id ? -1 : 1)),
    })
  })

  it(`lists the first ${NOTIFICATION_DETAIL_RECIPIENTS} recipients and counts them all`, async () => {
    const t = await testApp()
    const count = NOTIFICATION_DETAIL_RECIPIENTS + 5
    const users = await addUsers(t, Array.from({ length: count }, (_, i) => ({ username: `user-${String(i).padStart(3, '0')}` })))
    const made = await addNotification(t, { sendTo: 'ALL_USERS' }, users.map((u) => u.id))
    const body = await okBody(await t.get(`/admin/notification/${made.id}`, { token: await tokenOf(t) }), notificationDetails)
    expect(body.data.recipientCount).toBe(count)
    expect(body.data.users).toHaveLength(NOTIFICATION_DETAIL_RECIPIENTS)
    const ids = users.map((u) => u.id).sort()
    expect(body.data.users.map((u) => u._id)).toEqual(ids.slice(0, NOTIFICATION_DETAIL_RECIPIENTS))
  })

  it('answers 404 for an unknown id', async () => {
    const t = await testApp()
    expect((await errorOf(await t.get(`/admin/notification/${UNKNOWN_ID}`, { token: await tokenOf(t) }), 404)).message).toBe(
      NOTIFICATIONS_MSG.notFound,
    )
  })

  it('answers 400 for an id that is not a UUID', async () => {
    const t = await testApp()
    expect((await errorOf(await t.get('/admin/notification/abc', { token: await tokenOf(t) }), 400)).error.fields).toEqual({ id: API_MSG.invalidId })
  })
})

describe('DELETE /admin/notification/:id', () => {
  it('refuses a sub admin with 403 and keeps the notification', async () => {
    const t = await testApp()
    const made = await addNotification(t, {})
    const token = await tokenOf(t, 'subAdmin')
    expect((await errorOf(await del(t, `/admin/notification/${made.id}`, token), 403)).error.code).toBe('FORBIDDEN')
    await okBody(await t.get(`/admin/notification/${made.id}`, { token }), notificationDetails)
  })

  it('deletes for an admin, with its recipients, then answers 404 for it', async () => {
    const t = await testApp()
    const users = await addUsers(t, [{}, {}])
    const made = await addNotification(t, {}, users.map((u) => u.id))
    const token = await tokenOf(t, 'admin')
    const body = await okBody(await del(t, `/admin/notification/${made.id}`, token), nothing)
    expect(body.message).toBe(NOTIFICATIONS_MSG.deleted)
    await errorOf(await t.get(`/admin/notification/${made.id}`, { token }), 404)
    await errorOf(await del(t, `/admin/notification/${made.id}`, token), 404)
    expect((await listBody(await t.get('/admin/notifications', { token }), notificationListItem)).total).toBe(0)
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    const made = await addNotification(t, {})
    await errorOf(await del(t, `/admin/notification/${made.id}`), 401)
  })
})
