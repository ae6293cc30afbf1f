import { and, eq } from 'drizzle-orm'
import { API_MSG, DELIVERY_STATUS, notificationDetails, notificationListItem, notificationRecipient, NOTIFICATIONS_MSG } from '../../contract'
import { createApp } from '../../server/app'
import { auditLog, notificationRecipients, notifications } from '../../server/db/schema'
import { DELIVERY_BATCH, DELIVERY_LANES, DELIVERY_LEASE_MS, deliverPending } from '../../server/notifications/send'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { captureLog } from './helpers/captured-log'
import { capturingDelivery } from './helpers/capturing-delivery'
import { addNotification, addUsers, tokenOf, UNKNOWN_ID } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const recipientsPath = (id: string, query = '') => `/admin/notification/${id}/recipients${query}`

const details = async (t: TestApp, id: string) =>
  (await okBody(await t.get(`/admin/notification/${id}`, { token: await tokenOf(t) }), notificationDetails)).data

const audited = (t: TestApp, action: string, targetId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))

describe('GET /admin/notification/:id/recipients', () => {
  it('pages every recipient with their delivery, in the recipients key order, the total from the kept counters', async () => {
    const t = await testApp()
    const users = await addUsers(
      t,
      Array.from({ length: 12 }, (_, i) => ({
        username: `user-${i}`,
        name: `Name ${i}`,
        email: `u${i}@example.com`,
      })),
    )
    const made = await addNotification(
      t,
      { sendTo: 'ALL_USERS' },
      users.map((u) => u.id),
    )
    const token = await tokenOf(t, 'subAdmin')
    const ids = users.map((u) => u.id).sort()
    const first = await listBody(await t.get(recipientsPath(made.id, '?limit=5'), { token }), notificationRecipient)
    expect(first.message).toBe(NOTIFICATIONS_MSG.recipientsListed)
    expect(first).toMatchObject({
      page: 1,
      limit: 5,
      total: 12,
      totalPages: 3,
    })
    expect(first.data.map((r) => r._id)).toEqual(ids.slice(0, 5))
    expect(first.data[0]).toMatchObject({
      delivery: DELIVERY_STATUS.PENDING,
      attempts: 0,
      error: null,
      deliveredAt: null,
    })
    const last = await listBody(await t.get(recipientsPath(made.id, '?limit=5&page=3'), { token }), notificationRecipient)
    expect(last.data.map((r) => r._id)).toEqual(ids.slice(10))
  })

  it('searches username, name and email, whatever the case, and filters by delivery', async () => {
    const t = await testApp()
    const [ann, bob, cat] = await addUsers(t, [
      { username: 'ann_k', name: 'Ann King', email: 'ann@example.com' },
      { username: 'bob', name: 'Bob Kingsley', email: 'bob@example.com' },
      { username: 'cat', name: 'Cat Hall', email: 'cat@mail.test' },
    ])
    const made = await addNotification(t, {}, [ann!.id, bob!.id, cat!.id])
    await t.db
      .update(notificationRecipients)
      .set({ delivery: DELIVERY_STATUS.FAILED, error: 'Unregistered' })
      .where(eq(notificationRecipients.userId, bob!.id))
    const token = await tokenOf(t)
    const names = async (query: string) =>
      (await listBody(await t.get(recipientsPath(made.id, query), { token }), notificationRecipient)).data.map((r) => r.username).sort()
    expect(await names('?search=KING')).toEqual(['ann_k', 'bob'])
    expect(await names('?search=mail.test')).toEqual(['cat'])
    expect(await names('?search=n_k')).toEqual(['ann_k'])
    expect(await names(`?filter=${DELIVERY_STATUS.FAILED}`)).toEqual(['bob'])
    expect(await names(`?filter=${DELIVERY_STATUS.PENDING}&search=king`)).toEqual(['ann_k'])
    const failed = await listBody(await t.get(recipientsPath(made.id, `?filter=${DELIVERY_STATUS.FAILED}`), { token }), notificationRecipient)
    expect(failed.total).toBe(1)
    expect(failed.data[0]).toMatchObject({
      delivery: DELIVERY_STATUS.FAILED,
      error: 'Unregistered',
    })
  })

  it('counts a search that fills its page', async () => {
    const t = await testApp()
    const users = await addUsers(
      t,
      Array.from({ length: 7 }, (_, i) => ({ username: `kim-${i}` })),
    )
    await addUsers(t, [{ username: 'zed' }])
    const made = await addNotification(
      t,
      {},
      users.map((u) => u.id),
    )
    const page = await listBody(
      await t.get(recipientsPath(made.id, '?search=kim&limit=5'), {
        token: await tokenOf(t),
      }),
      notificationRecipient,
    )
    expect(page.total).toBe(7)
    expect(page.data).toHaveLength(5)
  })

  it('answers 404 for an unknown notification and 400 for a bad id, query or filter', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    expect((await errorOf(await t.get(recipientsPath(UNKNOWN_ID), { token }), 404)).message).toBe(NOTIFICATIONS_MSG.notFound)
    expect((await errorOf(await t.get(recipientsPath('nope'), { token }), 400)).error.fields).toEqual({ id: API_MSG.invalidId })
    const made = await addNotification(t, {})
    expect((await errorOf(await t.get(recipientsPath(made.id, '?filter=7'), { token }), 400)).error.fields).toHaveProperty('filter')
    expect((await errorOf(await t.get(recipientsPath(made.id, '?sortBy=username'), { token }), 400)).error.code).toBe('BAD_REQUEST')
    expect((await errorOf(await t.get(recipientsPath(made.id, '?limit=1000'), { token }), 400)).error.fields).toHaveProperty('limit')
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    const made = await addNotification(t, {})
    await errorOf(await t.get(recipientsPath(made.id)), 401)
  })
})

describe('deliveries', () => {
  it('records each recipient as delivered or failed with the reason, and the details count them', async () => {
    const failing = new Set<string>()
    const delivery = capturingDelivery((userId) => (failing.has(userId) ? 'Device not registered' : undefined))
    const t = await testApp({ delivery })
    const [ann, bob, cat] = await addUsers(t, [{}, {}, {}])
    failing.add(bob!.id)
    const sent = await okBody(
      await t.post('/admin/notification', { title: 'Vaccines', description: 'Book now' }, { token: await tokenOf(t) }),
      notificationListItem,
      201,
    )
    expect(await details(t, sent.data._id)).toMatchObject({
      recipientCount: 3,
      pendingCount: 0,
      deliveredCount: 2,
      failedCount: 1,
    })
    const rows = await t.db.select().from(notificationRecipients).where(eq(notificationRecipients.notificationId, sent.data._id))
    const byUser = Object.fromEntries(rows.map((r) => [r.userId, r]))
    expect(byUser[ann!.id]).toMatchObject({
      delivery: DELIVERY_STATUS.DELIVERED,
      attempts: 1,
      error: null,
      deliveredAt: t.clock.now(),
    })
    expect(byUser[cat!.id]).toMatchObject({
      delivery: DELIVERY_STATUS.DELIVERED,
      attempts: 1,
    })
    expect(byUser[bob!.id]).toMatchObject({
      delivery: DELIVERY_STATUS.FAILED,
      attempts: 1,
      error: 'Device not registered',
    })
  })

  it(`hands over ${DELIVERY_BATCH} recipients at a time, by keyset, each once, after the answer when there are more`, async () => {
    const t = await testApp()
    const users = await addUsers(
      t,
      Array.from({ length: DELIVERY_BATCH + 3 }, () => ({})),
    )
    const sent = await okBody(
      await t.post('/admin/notification', { title: 'All', description: 'Everyone' }, { token: await tokenOf(t) }),
      notificationListItem,
      201,
    )
    // More than a batch: delivered after the answer, in DELIVERY_LANES lanes, which share the
    // recipients out as they claim them (two lanes claiming at once may split them otherwise than
    // a batch and the rest): every batch at most DELIVERY_BATCH, every recipient exactly once.
    await t.app.scheduler.idle()
    expect(t.delivered.length).toBeGreaterThanOrEqual(2)
    expect(t.delivered.every((b) => b.userIds.length <= DELIVERY_BATCH && b.total === DELIVERY_BATCH + 3)).toBe(true)
    const handed = t.delivered.flatMap((b) => b.userIds)
    expect(handed).toHaveLength(users.length)
    expect(new Set(handed)).toEqual(new Set(users.map((u) => u.id)))
    expect(await details(t, sent.data._id)).toMatchObject({
      deliveredCount: DELIVERY_BATCH + 3,
      failedCount: 0,
      pendingCount: 0,
    })
  })

  it('stops after the batches in progress when the server stops; a later sweep delivers the rest', async () => {
    const running: { stop?: Promise<void>; app?: TestApp['app'] } = {}
    const t = await testApp({
      delivery: {
        deliver: async (b) => {
          running.stop ??= running.app!.scheduler.stop() // SIGTERM during the first batch
          return b.userIds.map((userId) => ({ userId, ok: true as const }))
        },
      },
    })
    running.app = t.app
    // More than the lanes' batches at once (DELIVERY_LANES): some are left whatever each lane had claimed.
    const total = DELIVERY_LANES * DELIVERY_BATCH + 3
    await addUsers(t, Array.from({ length: total }, () => ({})))
    const sent = await okBody(await t.post('/admin/notification', { title: 'All', description: 'x' }, { token: await tokenOf(t) }), notificationListItem, 201)
    // The first batch is handed over after the answer, and stops the server.
    await vi.waitFor(() => expect(running.stop).toBeDefined())
    await running.stop
    // Each lane ends with the batch it holds: whole batches delivered, the rest left pending.
    const stopped = await details(t, sent.data._id)
    expect(stopped.deliveredCount % DELIVERY_BATCH).toBe(0)
    expect(stopped.deliveredCount).toBeGreaterThanOrEqual(DELIVERY_BATCH)
    expect(stopped.pendingCount).toBe(total - stopped.deliveredCount)
    // The next server, after the lease.
    t.clock.advance(DELIVERY_LEASE_MS + 1000)
    const delivery = capturingDelivery()
    const next = createApp({ db: t.db, storage: t.storage, mailer: t.mailer, clock: t.clock, delivery })
    expect((await next.scheduler.runOnce()).swept).toBe(1)
    expect(delivery.delivered.flatMap((b) => b.userIds)).toHaveLength(stopped.pendingCount)
    expect(await details(t, sent.data._id)).toMatchObject({ deliveredCount: total, pendingCount: 0 })
  })

  it('counts a batch the adapter throws on as failed for each of its recipients, with the message, and logs it', async () => {
    const { lines } = await captureLog(async () => {
      const t = await testApp({
        delivery: {
          deliver: async () => {
            throw new Error('push service unavailable')
          },
        },
      })
      await addUsers(t, [{}, {}])
      const sent = await okBody(
        await t.post('/admin/notification', { title: 'A', description: 'B' }, { token: await tokenOf(t) }),
        notificationListItem,
        201,
      )
      expect(await details(t, sent.data._id)).toMatchObject({
        deliveredCount: 0,
        failedCount: 2,
      })
      const failed = await listBody(await t.get(recipientsPath(sent.data._id), { token: await tokenOf(t) }), notificationRecipient)
      expect(failed.data.map((r) => r.error)).toEqual(['push service unavailable', 'push service unavailable'])
    })
    expect(lines.filter((line) => line.level === 'error')).toHaveLength(1)
  })

  it('counts a recipient the adapter did not answer for as failed, once, instead of handing it over again for good', async () => {
    const silent = { deliver: async () => [] }
    const t = await testApp({ delivery: silent })
    const [ann] = await addUsers(t, [{}])
    const made = await addNotification(t, { sentAt: t.clock.now() }, [ann!.id])
    expect(await deliverPending({ db: t.db, clock: t.clock, delivery: silent }, made.id)).toEqual({ delivered: 0, failed: 1, notSent: 0, noDevice: 0 })
    const [row] = await t.db.select().from(notificationRecipients).where(eq(notificationRecipients.notificationId, made.id))
    expect(row).toMatchObject({ delivery: DELIVERY_STATUS.FAILED, attempts: 1, error: 'No answer from the push service' })
    t.clock.advance(DELIVERY_LEASE_MS + 1000)
    expect((await t.app.scheduler.runOnce()).swept).toBe(0)
  })

  it('delivers again, after the lease, what a stopped process left pending (the scheduler sweep)', async () => {
    const t = await testApp()
    const [ann, bob] = await addUsers(t, [{}, {}])
    // Sent by a process that stopped before delivering: stored, nothing handed over.
    const made = await addNotification(t, { sendTo: 'SELECTED_USERS', sentAt: t.clock.now() }, [ann!.id, bob!.id])
    expect((await t.app.scheduler.runOnce()).swept).toBe(0) // too early: its own process may still deliver
    t.clock.advance(DELIVERY_LEASE_MS + 1000)
    expect((await t.app.scheduler.runOnce()).swept).toBe(1)
    expect(t.delivered.flatMap((b) => b.userIds).sort()).toEqual([ann!.id, bob!.id].sort())
    expect(await details(t, made.id)).toMatchObject({
      deliveredCount: 2,
      pendingCount: 0,
    })
    // Nothing is left: the next sweep hands nothing over.
    await t.app.scheduler.runOnce()
    expect(t.delivered).toHaveLength(1)
  })

  it('does not hand over a recipient another process claimed within the lease, and takes it after', async () => {
    const t = await testApp()
    const [ann] = await addUsers(t, [{}])
    const made = await addNotification(t, { sentAt: t.clock.now() }, [ann!.id])
    await t.db.update(notificationRecipients).set({ deliveredAt: t.clock.now() }).where(eq(notificationRecipients.notificationId, made.id))
    const deps = { db: t.db, clock: t.clock, delivery: capturingDelivery() }
    expect(await deliverPending(deps, made.id)).toEqual({
      delivered: 0,
      failed: 0,
      notSent: 0,
      noDevice: 0,
    })
    t.clock.advance(DELIVERY_LEASE_MS + 1)
    expect(await deliverPending(deps, made.id)).toEqual({
      delivered: 1,
      failed: 0,
      notSent: 0,
      noDevice: 0,
    })
  })
})

describe('POST /admin/notification/:id/retry', () => {
  const setUp = async () => {
    const failing = new Set<string>()
    const delivery = capturingDelivery((userId) => (failing.has(userId) ? 'Timed out' : undefined))
    const t = await testApp({ delivery })
    const [ann, bob, cat] = await addUsers(t, [{}, {}, {}])
    failing.add(bob!.id).add(cat!.id)
    const sent = await okBody(
      await t.post('/admin/notification', { title: 'Retry me', description: 'x' }, { token: await tokenOf(t) }),
      notificationListItem,
      201,
    )
    return {
      t,
      delivery,
      failing,
      ann: ann!,
      bob: bob!,
      cat: cat!,
      id: sent.data._id,
    }
  }

  it('delivers only the failed recipients again, counting the attempt, for a sub admin too, audited', async () => {
    const { t, delivery, failing, ann, bob, cat, id } = await setUp()
    failing.delete(bob.id) // bob's device is back; cat's still fails
    const res = await t.post(`/admin/notification/${id}/retry`, undefined, {
      token: await tokenOf(t, 'subAdmin'),
    })
    const body = await okBody(res, notificationDetails)
    expect(body.message).toBe(NOTIFICATIONS_MSG.retried)
    expect(body.data).toMatchObject({
      recipientCount: 3,
      deliveredCount: 2,
      failedCount: 1,
      pendingCount: 0,
    })
    expect(delivery.delivered.at(-1)!.userIds.sort()).toEqual([bob.id, cat.id].sort())
    const rows = await t.db.select().from(notificationRecipients).where(eq(notificationRecipients.notificationId, id))
    const attempts = Object.fromEntries(rows.map((r) => [r.userId, r.attempts]))
    expect(attempts).toEqual({ [ann.id]: 1, [bob.id]: 2, [cat.id]: 2 })
    expect(await audited(t, 'notification.retry', id)).toEqual([
      expect.objectContaining({
        detail: { retried: 2 },
        targetLabel: 'Retry me',
      }),
    ])
  })

  it('hands over at most one batch before it answers, however many other recipients are pending', async () => {
    const { t, delivery, failing, id } = await setUp()
    failing.clear()
    // Recipients still pending from elsewhere (another process's share, or a sweep to come).
    const others = await addUsers(t, Array.from({ length: DELIVERY_BATCH + 5 }, () => ({})))
    await t.db.insert(notificationRecipients).values(others.map((u) => ({ notificationId: id, userId: u.id })))
    const before = delivery.delivered.length
    await okBody(await t.post(`/admin/notification/${id}/retry`, undefined, { token: await tokenOf(t) }), notificationDetails)
    expect(delivery.delivered.length - before).toBe(1)
    expect(delivery.delivered.at(-1)!.userIds).toHaveLength(DELIVERY_BATCH)
  })

  it('answers 409 when nothing failed, 404 for an unknown notification, 401 without a token', async () => {
    const { t, failing, id } = await setUp()
    failing.clear()
    const token = await tokenOf(t)
    await okBody(await t.post(`/admin/notification/${id}/retry`, undefined, { token }), notificationDetails)
    expect((await errorOf(await t.post(`/admin/notification/${id}/retry`, undefined, { token }), 409)).message).toBe(
      NOTIFICATIONS_MSG.nothingToRetry,
    )
    expect(
      (
        await errorOf(
          await t.post(`/admin/notification/${UNKNOWN_ID}/retry`, undefined, {
            token,
          }),
          404,
        )
      ).message,
    ).toBe(NOTIFICATIONS_MSG.notFound)
    await errorOf(await t.post(`/admin/notification/${id}/retry`), 401)
  })
})

describe('the notification row', () => {
  it('keeps the counters that the list reads as the recipient count', async () => {
    const t = await testApp()
    const [ann, bob] = await addUsers(t, [{}, {}])
    const made = await addNotification(t, {}, [ann!.id, bob!.id])
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, made.id))
    expect(row).toMatchObject({
      pendingCount: 2,
      deliveredCount: 0,
      failedCount: 0,
    })
  })
})
