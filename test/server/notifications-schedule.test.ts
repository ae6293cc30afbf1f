import { and, eq } from 'drizzle-orm'
import {
  NOTIFICATION_STATUS,
  notificationDetails,
  notificationListItem,
  NOTIFICATIONS_MSG,
  SCHEDULE_MAX_AHEAD_MS,
  USER_STATUS,
} from '../../contract'
import { createApp } from '../../server/app'
import { appUsers, auditLog } from '../../server/db/schema'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { capturingDelivery } from './helpers/capturing-delivery'
import { addUsers, tokenOf, UNKNOWN_ID } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const HOUR = 60 * 60 * 1000
const inMs = (t: TestApp, ms: number) => new Date(t.clock.now().getTime() + ms).toISOString()

const schedule = async (t: TestApp, body: Record<string, unknown>, who: 'admin' | 'subAdmin' = 'admin') =>
  t.post('/admin/notification', { title: 'Later', description: 'Soon', ...body }, { token: await tokenOf(t, who) })

const details = async (t: TestApp, id: string) =>
  (await okBody(await t.get(`/admin/notification/${id}`, { token: await tokenOf(t) }), notificationDetails)).data

const audited = (t: TestApp, action: string, targetId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))

describe('scheduling a notification (POST /admin/notification with sendAt)', () => {
  it.each([
    ['in the past', (t: TestApp) => inMs(t, -1000), NOTIFICATIONS_MSG.sendAtPast],
    ['now', (t: TestApp) => inMs(t, 0), NOTIFICATIONS_MSG.sendAtPast],
    ['more than a year ahead', (t: TestApp) => inMs(t, SCHEDULE_MAX_AHEAD_MS + 1000), NOTIFICATIONS_MSG.sendAtTooFar],
    ['not a date', () => 'tomorrow', NOTIFICATIONS_MSG.sendAtInvalid],
    ['without a time zone', () => '2025-03-02T10:00:00', NOTIFICATIONS_MSG.sendAtInvalid],
    ['very long', () => '2'.repeat(5000), NOTIFICATIONS_MSG.sendAtInvalid],
  ])('refuses a send time %s with 400 on the field, storing nothing', async (_, sendAt, message) => {
    const t = await testApp()
    await addUsers(t, [{}])
    const body = await errorOf(await schedule(t, { sendAt: sendAt(t) }), 400)
    expect(body.error.fields).toEqual({ sendAt: message })
    expect((await listBody(await t.get('/admin/notifications', { token: await tokenOf(t) }), notificationListItem)).total).toBe(0)
  })

  it('stores one for all users as scheduled, fixes its recipients and sends it when due, on the scheduler', async () => {
    const t = await testApp()
    const [ann, bob] = await addUsers(t, [{}, {}])
    const sendAt = inMs(t, HOUR)
    const made = await okBody(await schedule(t, { sendAt }, 'subAdmin'), notificationListItem, 201)
    expect(made.message).toBe(NOTIFICATIONS_MSG.scheduled)
    expect(made.data).toMatchObject({
      status: NOTIFICATION_STATUS.SCHEDULED,
      scheduledAt: sendAt,
      sentAt: null,
      recipientCount: 0,
      sendTo: 'ALL_USERS',
    })
    expect(t.delivered).toEqual([])
    expect(await audited(t, 'notification.send', made.data._id)).toEqual([
      expect.objectContaining({
        detail: expect.objectContaining({ scheduledAt: sendAt }),
      }),
    ])

    const list = await listBody(await t.get('/admin/notifications', { token: await tokenOf(t) }), notificationListItem)
    expect(list.data).toEqual([made.data])

    // Not yet due.
    t.clock.advance(HOUR - 1000)
    expect((await t.app.scheduler.runOnce()).sent).toEqual([])
    // Whoever is active when it is sent receives it: a new user yes, a blocked one no.
    const [cat] = await addUsers(t, [{}])
    await t.db.update(appUsers).set({ status: USER_STATUS.BLOCKED }).where(eq(appUsers.id, bob!.id))
    t.clock.advance(1000)
    expect((await t.app.scheduler.runOnce()).sent).toEqual([made.data._id])
    expect(t.delivered.flatMap((b) => b.userIds).sort()).toEqual([ann!.id, cat!.id].sort())
    expect(await details(t, made.data._id)).toMatchObject({
      status: NOTIFICATION_STATUS.SENT,
      sentAt: t.clock.now().toISOString(),
      recipientCount: 2,
      deliveredCount: 2,
    })
    // Sent once: the next round has nothing to send.
    expect((await t.app.scheduler.runOnce()).sent).toEqual([])
    expect(t.delivered).toHaveLength(1)
  })

  it('fixes selected users at compose time and leaves out those blocked by the time it is sent', async () => {
    const t = await testApp()
    const [ann, bob] = await addUsers(t, [{}, {}, {}])
    const made = await okBody(
      await schedule(t, {
        sendAt: inMs(t, HOUR),
        sendToAllUsers: false,
        userIds: [ann!.id, bob!.id],
      }),
      notificationListItem,
      201,
    )
    expect(made.data).toMatchObject({
      sendTo: 'SELECTED_USERS',
      recipientCount: 2,
      status: NOTIFICATION_STATUS.SCHEDULED,
    })
    await t.db.update(appUsers).set({ status: USER_STATUS.BLOCKED }).where(eq(appUsers.id, bob!.id))
    t.clock.advance(HOUR)
    await t.app.scheduler.runOnce()
    expect(t.delivered.flatMap((b) => b.userIds)).toEqual([ann!.id])
    expect(await details(t, made.data._id)).toMatchObject({
      status: NOTIFICATION_STATUS.SENT,
      recipientCount: 1,
      deliveredCount: 1,
    })
  })

  it('is sent on time after a restart: another app on the same database, started later, sends it at once', async () => {
    const t = await testApp()
    const [ann] = await addUsers(t, [{}])
    const made = await okBody(await schedule(t, { sendAt: inMs(t, HOUR) }), notificationListItem, 201)
    // The first server stopped; the time passed; a new one starts.
    t.clock.advance(2 * HOUR)
    const delivery = capturingDelivery()
    const restarted = createApp({
      db: t.db,
      storage: t.storage,
      mailer: t.mailer,
      clock: t.clock,
      delivery,
    })
    const stop = restarted.scheduler.start(60_000) // its first round runs on start
    await vi.waitFor(() => expect(delivery.delivered).toHaveLength(1))
    await stop()
    expect(delivery.delivered.map((b) => [b.notificationId, b.userIds])).toEqual([[made.data._id, [ann!.id]]])
    expect(await details(t, made.data._id)).toMatchObject({
      status: NOTIFICATION_STATUS.SENT,
      deliveredCount: 1,
    })
  })
})

describe('POST /admin/notification/:id/cancel', () => {
  it('cancels a scheduled notification for a sub admin too, audited; it is never sent', async () => {
    const t = await testApp()
    await addUsers(t, [{}])
    const made = await okBody(await schedule(t, { sendAt: inMs(t, HOUR) }), notificationListItem, 201)
    const res = await t.post(`/admin/notification/${made.data._id}/cancel`, undefined, { token: await tokenOf(t, 'subAdmin') })
    const body = await okBody(res, notificationListItem)
    expect(body.message).toBe(NOTIFICATIONS_MSG.cancelled)
    expect(body.data).toMatchObject({
      _id: made.data._id,
      status: NOTIFICATION_STATUS.CANCELLED,
      scheduledAt: made.data.scheduledAt,
      sentAt: null,
    })
    expect(await audited(t, 'notification.cancel', made.data._id)).toEqual([expect.objectContaining({ targetLabel: 'Later' })])
    t.clock.advance(2 * HOUR)
    expect((await t.app.scheduler.runOnce()).sent).toEqual([])
    expect(t.delivered).toEqual([])
  })

  it('answers 409 once cancelled or sent, 404 for an unknown one, 400 for a bad id, 401 without a token', async () => {
    const t = await testApp()
    await addUsers(t, [{}])
    const token = await tokenOf(t)
    const cancel = (id: string) => t.post(`/admin/notification/${id}/cancel`, undefined, { token })
    const scheduled = await okBody(await schedule(t, { sendAt: inMs(t, HOUR) }), notificationListItem, 201)
    await okBody(await cancel(scheduled.data._id), notificationListItem)
    expect((await errorOf(await cancel(scheduled.data._id), 409)).message).toBe(NOTIFICATIONS_MSG.notScheduled)
    const sent = await okBody(await schedule(t, {}), notificationListItem, 201)
    expect((await errorOf(await cancel(sent.data._id), 409)).message).toBe(NOTIFICATIONS_MSG.notScheduled)
    expect((await errorOf(await cancel(UNKNOWN_ID), 404)).message).toBe(NOTIFICATIONS_MSG.notFound)
    await errorOf(await cancel('nope'), 400)
    await errorOf(await t.post(`/admin/notification/${sent.data._id}/cancel`), 401)
  })
})
