import { readFileSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { DELIVERY_STATUS, notificationDetails, notificationListItem, notificationRecipient, NOTIFICATIONS_MSG, pushService } from '../../contract'
import { createApp } from '../../server/app'
import { notificationRecipients } from '../../server/db/schema'
import { DELIVERY_BATCH, DELIVERY_LEASE_MS } from '../../server/notifications/send'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { capturingDelivery } from './helpers/capturing-delivery'
import { addNotification, addUsers, tokenOf } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

/**
 * With no push service configured (the server's default): nothing is reported delivered. The
 * recipients are "Not sent", with the reason; Retry changes nothing until a service is there.
 */

const noPush = () => testApp({ delivery: null })

const send = async (t: TestApp, body: Record<string, unknown> = {}) =>
  t.post('/admin/notification', { title: 'Heatwave', description: 'Keep pets inside', ...body }, { token: await tokenOf(t) })

const details = async (t: TestApp, id: string) =>
  (await okBody(await t.get(`/admin/notification/${id}`, { token: await tokenOf(t) }), notificationDetails)).data

const rowsOf = (t: TestApp, id: string) =>
  t.db
    .select({ delivery: notificationRecipients.delivery, attempts: notificationRecipients.attempts, error: notificationRecipients.error, at: notificationRecipients.deliveredAt })
    .from(notificationRecipients)
    .where(eq(notificationRecipients.notificationId, id))

const notSentRow = { delivery: DELIVERY_STATUS.NOT_SENT, attempts: 0, error: NOTIFICATIONS_MSG.noPushService, at: null }

describe('sending with no push service configured', () => {
  it('answers that it was saved, not sent, and records every recipient "Not sent" with the reason, none delivered', async () => {
    const t = await noPush()
    await addUsers(t, [{}, {}])
    const sent = await okBody(await send(t), notificationListItem, 201)
    expect(sent.message).toBe(NOTIFICATIONS_MSG.savedNotSent)
    expect(await rowsOf(t, sent.data._id)).toEqual([notSentRow, notSentRow])
    expect(await details(t, sent.data._id)).toMatchObject({ recipientCount: 2, pendingCount: 0, deliveredCount: 0, failedCount: 0, notSentCount: 2 })
    const listed = await listBody(
      await t.get(`/admin/notification/${sent.data._id}/recipients?filter=${DELIVERY_STATUS.NOT_SENT}`, { token: await tokenOf(t) }),
      notificationRecipient,
    )
    expect(listed.total).toBe(2)
    expect(listed.data.map((r) => [r.delivery, r.error, r.deliveredAt])).toEqual([
      [DELIVERY_STATUS.NOT_SENT, NOTIFICATIONS_MSG.noPushService, null],
      [DELIVERY_STATUS.NOT_SENT, NOTIFICATIONS_MSG.noPushService, null],
    ])
  })

  it('records a large audience "Not sent" too, after the answer, a batch at a time', async () => {
    const t = await noPush()
    await addUsers(t, Array.from({ length: DELIVERY_BATCH + 3 }, () => ({})))
    const sent = await okBody(await send(t), notificationListItem, 201)
    await t.app.scheduler.idle()
    expect(await details(t, sent.data._id)).toMatchObject({ recipientCount: DELIVERY_BATCH + 3, pendingCount: 0, deliveredCount: 0, notSentCount: DELIVERY_BATCH + 3 })
  })

  it('says so on GET /admin/notifications/push-service, and that one is configured when it is', async () => {
    const none = await noPush()
    const answer = await okBody(await none.get('/admin/notifications/push-service', { token: await tokenOf(none, 'subAdmin') }), pushService)
    expect(answer).toMatchObject({ message: NOTIFICATIONS_MSG.pushServiceFetched, data: { configured: false } })
    const some = await testApp()
    expect((await okBody(await some.get('/admin/notifications/push-service', { token: await tokenOf(some) }), pushService)).data).toEqual({ configured: true, provider: null, projectId: null })
    expect((await some.get('/admin/notifications/push-service')).status).toBe(401)
  })

  it('is the app\'s default: given no adapter, nothing is reported delivered', async () => {
    const t = await noPush()
    const app = createApp({ db: t.db, storage: t.storage, mailer: t.mailer, clock: t.clock })
    await addUsers(t, [{}])
    const res = await app.request('/api/v1/admin/notification', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await tokenOf(t)}` },
      body: JSON.stringify({ title: 'Heatwave', description: 'Keep pets inside' }),
    })
    const sent = await okBody(res, notificationListItem, 201)
    expect(sent.message).toBe(NOTIFICATIONS_MSG.savedNotSent)
    expect(await rowsOf(t, sent.data._id)).toEqual([notSentRow])
  })
})

describe('the scheduler with no push service configured', () => {
  it('sends a due notification as "Not sent" and does not pick it up again', async () => {
    const t = await noPush()
    await addUsers(t, [{}, {}])
    const sendAt = new Date(t.clock.now().getTime() + 60_000).toISOString()
    const made = await okBody(await send(t, { sendAt }), notificationListItem, 201)
    t.clock.advance(61_000)
    expect((await t.app.scheduler.runOnce()).sent).toEqual([made.data._id])
    expect(await details(t, made.data._id)).toMatchObject({ status: 2, pendingCount: 0, deliveredCount: 0, notSentCount: 2 })
    t.clock.advance(DELIVERY_LEASE_MS + 1000)
    expect(await t.app.scheduler.runOnce()).toEqual({ sent: [], swept: 0 })
  })

  it('records what a stopped process left pending as "Not sent" once, then leaves it', async () => {
    const t = await noPush()
    const [ann, bob] = await addUsers(t, [{}, {}])
    const made = await addNotification(t, { sentAt: t.clock.now() }, [ann!.id, bob!.id])
    t.clock.advance(DELIVERY_LEASE_MS + 1000)
    expect((await t.app.scheduler.runOnce()).swept).toBe(1)
    expect(await rowsOf(t, made.id)).toEqual([notSentRow, notSentRow])
    // Not pending any more: no round looks at it again, however many there are.
    for (let round = 0; round < 3; round++) {
      t.clock.advance(DELIVERY_LEASE_MS + 1000)
      expect((await t.app.scheduler.runOnce()).swept).toBe(0)
    }
  })
})

describe('Retry of "Not sent" recipients', () => {
  it('changes nothing while no push service is configured, and says why (409)', async () => {
    const t = await noPush()
    await addUsers(t, [{}])
    const sent = await okBody(await send(t), notificationListItem, 201)
    const res = await t.post(`/admin/notification/${sent.data._id}/retry`, undefined, { token: await tokenOf(t, 'subAdmin') })
    expect((await errorOf(res, 409)).message).toBe(NOTIFICATIONS_MSG.retryNoPushService)
    expect(await rowsOf(t, sent.data._id)).toEqual([notSentRow])
    expect(await details(t, sent.data._id)).toMatchObject({ notSentCount: 1, pendingCount: 0 })
  })

  it('hands them to the push service once one is configured', async () => {
    const t = await noPush()
    const [ann, bob] = await addUsers(t, [{}, {}])
    const sent = await okBody(await send(t), notificationListItem, 201)
    // The same database, served again with a push service.
    const delivery = capturingDelivery()
    const app = createApp({ db: t.db, storage: t.storage, mailer: t.mailer, clock: t.clock, delivery })
    const res = await app.request(`/api/v1/admin/notification/${sent.data._id}/retry`, { method: 'POST', headers: { Authorization: `Bearer ${await tokenOf(t)}` } })
    const retried = await okBody(res, notificationDetails)
    expect(retried.message).toBe(NOTIFICATIONS_MSG.retried)
    expect(retried.data).toMatchObject({ recipientCount: 2, deliveredCount: 2, notSentCount: 0, pendingCount: 0 })
    expect(delivery.delivered.flatMap((b) => b.userIds).sort()).toEqual([ann!.id, bob!.id].sort())
    expect((await rowsOf(t, sent.data._id)).map((r) => [r.delivery, r.attempts, r.error])).toEqual([
      [DELIVERY_STATUS.DELIVERED, 1, null],
      [DELIVERY_STATUS.DELIVERED, 1, null],
    ])
  })
})

describe('migration 0017', () => {
  it('turns the deliveries recorded so far (the log adapter\'s: nobody received them) into "Not sent", and the counts with them', async () => {
    const t = await testApp()
    await addUsers(t, [{}, {}])
    const made = (await okBody(await send(t), notificationListItem, 201)).data
    expect(await details(t, made._id)).toMatchObject({ deliveredCount: 2, notSentCount: 0 })
    // Its last statement, run again on rows as the log adapter left them.
    const migration = readFileSync(new URL('../../server/db/migrations/0017_not_sent_deliveries.sql', import.meta.url), 'utf8')
    await t.db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!))
    expect(await details(t, made._id)).toMatchObject({ recipientCount: 2, deliveredCount: 0, notSentCount: 2 })
    expect(await rowsOf(t, made._id)).toEqual([notSentRow, notSentRow])
  })
})
