import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { API_PREFIX, auditEntry } from '../../contract'
import { WEBHOOK_PAUSED_BACKLOG_MAX, WEBHOOK_SECRET_OVERLAP_HOURS, WEBHOOKS_MSG, webhookDelivery, webhookEndpoint, webhookEndpointWithSecret, type WebhookEvent } from '../../contract/webhooks'
import { createApp } from '../../server/app'
import { webhookDeliveries, webhookEndpoints } from '../../server/db/schema'
import { DELIVERY_LEASE_MS, MAX_ATTEMPTS, PAUSE_AFTER_FAILURES, RETRY_DELAYS_MS, RETRY_JITTER } from '../../server/webhooks/dispatcher'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { TEST_ADMIN } from './helpers/accounts'
import { addFeedback, addPartners, addPlaces, addUsers, tokenOf } from './helpers/fixtures'
import { memoryMailer } from './helpers/memory-mailer'
import { testApp, type TestApp } from './helpers/test-app'
import { webhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver'

const receivers: WebhookReceiver[] = []
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()))
})

async function setUp(config: { webhookAllowPrivate: boolean } = { webhookAllowPrivate: true }) {
  const t = await testApp({ config })
  // A week's session: the tests move the clock by a day and more.
  const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
  const receiver = await webhookReceiver({ now: () => t.clock.now() })
  receivers.push(receiver)
  const auth = { token }
  const addEndpoint = async (events: WebhookEvent[], url = receiver.url) => {
    const { data } = await okBody(await t.post('/admin/webhooks', { url, events }, auth), webhookEndpointWithSecret, 201)
    receiver.setSecret(data.secret)
    return data
  }
  const deliveries = async (endpointId: string) =>
    (await listBody(await t.get(`/admin/webhooks/${endpointId}/deliveries?limit=100`, auth), webhookDelivery)).data
  const endpoint = async (id: string) => (await okBody(await t.get(`/admin/webhooks/${id}`, auth), webhookEndpoint)).data
  const block = (userId: string, status: 1 | 2 = 2) => t.call('PATCH', `/admin/user/block-unblock/${userId}?status=${status}`, undefined, auth)
  /** Rounds until one sends nothing: what is due now is all sent. */
  const dispatch = async () => {
    let sent = 0
    for (let n = await t.app.webhooks.runOnce(); n > 0; n = await t.app.webhooks.runOnce()) sent += n
    return sent
  }
  return { t, auth, receiver, addEndpoint, deliveries, endpoint, block, dispatch }
}

/** The longest a retry's wait may be, jitter included. */
const longest = (attempt: number) => Math.ceil(RETRY_DELAYS_MS[attempt - 1]! * (1 + RETRY_JITTER)) + 1
const shortest = (attempt: number) => Math.floor(RETRY_DELAYS_MS[attempt - 1]! * (1 - RETRY_JITTER)) - 1

const countRows = async (t: TestApp) => (await t.db.select().from(webhookDeliveries)).length

describe('webhooks', { timeout: 60_000 }, () => {
  it('shows the secret once, as whsec_ and base64, and never again', async () => {
    const { t, auth, addEndpoint } = await setUp()
    const made = await addEndpoint(['user.blocked'])
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(made).toMatchObject({ status: 'active', events: ['user.blocked'], failureStreak: 0, pending: 0, lastDelivery: null })
    const listed = await t.get('/admin/webhooks', auth)
    const text = await listed.clone().text()
    expect(text).not.toContain(made.secret)
    expect((await okBody(listed, z.array(webhookEndpoint))).data.map((e) => e._id)).toEqual([made._id])
  })

  it('is for admins only: a sub admin gets 403', async () => {
    const { t } = await setUp()
    const sub = await tokenOf(t, 'subAdmin')
    await errorOf(await t.get('/admin/webhooks', { token: sub }), 403)
    await errorOf(await t.post('/admin/webhooks', { url: 'https://example.com/h', events: ['user.blocked'] }, { token: sub }), 403)
  })

  it('validates the body with field messages', async () => {
    const { t, auth } = await setUp()
    const bad = await errorOf(await t.post('/admin/webhooks', { url: 'ftp://example.com', events: [] }, auth), 400)
    expect(bad.error.fields).toMatchObject({ url: WEBHOOKS_MSG.urlInvalid, events: WEBHOOKS_MSG.eventsRequired })
    const unknown = await errorOf(await t.post('/admin/webhooks', { url: 'https://example.com', events: ['user.deleted'] }, auth), 400)
    expect(unknown.error.fields).toMatchObject({ 'events.0': WEBHOOKS_MSG.eventInvalid })
  })

  it('refuses a private or loopback address without WEBHOOK_ALLOW_PRIVATE, and takes it with', async () => {
    const { t, auth } = await setUp({ webhookAllowPrivate: false })
    for (const url of ['http://127.0.0.1:8080/h', 'http://10.1.2.3/h', 'http://[::1]/h', 'http://[::ffff:192.168.1.1]/h', 'http://169.254.169.254/latest', 'http://localhost:3000/h', 'http://100.64.0.1/', 'http://[fd00::1]/']) {
      const refused = await errorOf(await t.post('/admin/webhooks', { url, events: ['user.blocked'] }, auth), 400)
      expect(refused.error.fields, url).toEqual({ url: WEBHOOKS_MSG.urlPrivate })
    }
    await okBody(await t.post('/admin/webhooks', { url: 'https://93.184.215.14/h', events: ['user.blocked'] }, auth), webhookEndpointWithSecret, 201)

    const allowed = await setUp({ webhookAllowPrivate: true })
    await okBody(await allowed.t.post('/admin/webhooks', { url: 'http://127.0.0.1:8080/h', events: ['user.blocked'] }, allowed.auth), webhookEndpointWithSecret, 201)
  })

  it('sends a blocked user signed as the specification says, after the commit', async () => {
    const { t, receiver, addEndpoint, block, dispatch, deliveries } = await setUp()
    const endpoint = await addEndpoint(['user.blocked', 'user.unblocked'])
    const [user] = await addUsers(t, [{ username: 'ann' }])
    expect((await block(user!.id)).status).toBe(200)
    expect(receiver.received).toHaveLength(0) // queued, not sent inside the request
    expect(await dispatch()).toBe(1)
    expect(receiver.refused).toEqual([])
    const [hook] = receiver.received
    expect(hook!.id).toMatch(/^msg_[0-9a-f]{32}$/)
    expect(hook!.timestamp).toBe(Math.floor(t.clock.now().getTime() / 1000))
    expect(hook!.headers['content-type']).toBe('application/json')
    expect(hook!.event).toMatchObject({ type: 'user.blocked', timestamp: t.clock.now().toISOString(), data: { user: { _id: user!.id, username: 'ann', status: 2 } } })
    const [logged] = await deliveries(endpoint._id)
    expect(logged).toMatchObject({ status: 'delivered', attempts: 1, answerStatus: 204, eventId: hook!.id, type: 'user.blocked', nextAttemptAt: null })
  })

  it('is refused by the receiver when signed with another secret, and retried', async () => {
    const { t, receiver, addEndpoint, block, dispatch, deliveries } = await setUp()
    const endpoint = await addEndpoint(['user.blocked'])
    receiver.setSecret('whsec_' + Buffer.alloc(32, 7).toString('base64'))
    const [user] = await addUsers(t, [{}])
    await block(user!.id)
    await dispatch()
    expect(receiver.refused).toEqual([{ path: '/hooks', reason: 'no signature matches' }])
    expect((await deliveries(endpoint._id))[0]).toMatchObject({ status: 'pending', attempts: 1, answerStatus: 401, answerBody: 'no signature matches' })
  })

  it('queues nothing when no endpoint wants the event, nor for a disabled endpoint', async () => {
    const { t, auth, addEndpoint, block } = await setUp()
    const endpoint = await addEndpoint(['user.unblocked'])
    const [user] = await addUsers(t, [{}])
    await block(user!.id)
    expect(await countRows(t)).toBe(0)
    await okBody(await t.call('PATCH', `/admin/webhooks/${endpoint._id}`, { status: 'disabled' }, auth), webhookEndpoint)
    await block(user!.id, 1)
    expect(await countRows(t)).toBe(0)
  })

  it('retries with backoff until a 2xx answer, and only a 2xx is "delivered"', async () => {
    const { t, receiver, addEndpoint, block, dispatch, deliveries } = await setUp()
    const endpoint = await addEndpoint(['user.blocked'])
    receiver.answerWith((n) => (n <= 2 ? { status: 503, body: 'busy '.repeat(1000) } : { status: 200, body: 'ok' }))
    const [user] = await addUsers(t, [{}])
    await block(user!.id)
    await dispatch()
    let [d] = await deliveries(endpoint._id)
    expect(d).toMatchObject({ status: 'pending', attempts: 1, answerStatus: 503 })
    expect(Buffer.byteLength(d!.answerBody!)).toBe(1024) // the first kilobyte of the answer
    const wait = new Date(d!.nextAttemptAt!).getTime() - t.clock.now().getTime()
    expect(wait).toBeGreaterThanOrEqual(shortest(1))
    expect(wait).toBeLessThanOrEqual(longest(1))

    t.clock.advance(shortest(1))
    expect(await dispatch()).toBe(0) // not due yet
    t.clock.advance(longest(1) - shortest(1))
    expect(await dispatch()).toBe(1)
    ;[d] = await deliveries(endpoint._id)
    expect(d).toMatchObject({ status: 'pending', attempts: 2 })
    t.clock.advance(longest(2))
    await dispatch()
    ;[d] = await deliveries(endpoint._id)
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, answerStatus: 200, answerBody: 'ok' })
    // The same message each time: one id, three attempts, each signed at its own time.
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1)
    expect(receiver.received.map((r) => r.timestamp)).toEqual([...receiver.received.map((r) => r.timestamp)].sort())
    expect((await t.db.select().from(webhookEndpoints))[0]!.failureStreak).toBe(0)
  })

  it('keeps order per endpoint: a failing delivery holds back the later ones', async () => {
    const { t, receiver, addEndpoint, block, dispatch } = await setUp()
    await addEndpoint(['user.blocked', 'user.unblocked'])
    receiver.answerWith((n) => ({ status: n === 1 ? 500 : 200 }))
    const [user] = await addUsers(t, [{}])
    await block(user!.id, 2)
    await block(user!.id, 1)
    await block(user!.id, 2)
    await dispatch()
    expect(receiver.received.map((r) => r.event.type)).toEqual(['user.blocked'])
    t.clock.advance(longest(1))
    await dispatch()
    expect(receiver.received.map((r) => r.event.type)).toEqual(['user.blocked', 'user.blocked', 'user.unblocked', 'user.blocked'])
    // The first message twice (its retry), then the others in the order they happened.
    expect(receiver.received[0]!.id).toBe(receiver.received[1]!.id)
  })

  it('gives up after about 26 hours, then pauses the endpoint, and Resume sends what waited', async () => {
    const { t, auth, receiver, addEndpoint, block, dispatch, deliveries, endpoint } = await setUp()
    const made = await addEndpoint(['user.blocked', 'user.unblocked'])
    receiver.answerWith(() => ({ status: 500 }))
    const [user] = await addUsers(t, [{}])
    await block(user!.id, 2)
    const start = t.clock.now().getTime()
    await dispatch()
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect((await endpoint(made._id)).status).toBe('active')
      t.clock.advance(longest(attempt))
      expect(await dispatch()).toBe(1)
    }
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS)
    expect(t.clock.now().getTime() - start).toBeGreaterThan(24 * 60 * 60 * 1000)
    const [failed] = await deliveries(made._id)
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null })
    const paused = await endpoint(made._id)
    expect(paused).toMatchObject({ status: 'paused', failureStreak: MAX_ATTEMPTS })
    expect(MAX_ATTEMPTS).toBeGreaterThanOrEqual(PAUSE_AFTER_FAILURES)
    expect(paused.pausedAt).toBe(t.clock.now().toISOString())

    // Paused: a new event waits, unsent.
    await block(user!.id, 1)
    t.clock.advance(60_000)
    expect(await dispatch()).toBe(0)
    receiver.answerWith(() => ({ status: 200 }))
    const resumed = await okBody(await t.call('PATCH', `/admin/webhooks/${made._id}`, { status: 'active' }, auth), webhookEndpoint)
    expect(resumed.message).toBe(WEBHOOKS_MSG.resumed)
    expect(resumed.data).toMatchObject({ status: 'active', failureStreak: 0, pausedAt: null, pending: 1 })
    expect(await dispatch()).toBe(1)
    expect(receiver.received.at(-1)!.event.type).toBe('user.unblocked')
  })

  it('keeps a paused endpoint to 10,000 waiting deliveries: later events are counted, and Resume starts the count again', async () => {
    const { t, auth, addEndpoint, block, endpoint } = await setUp()
    const made = await addEndpoint(['user.blocked', 'user.unblocked'])
    await t.db.update(webhookEndpoints).set({ status: 'paused', pausedAt: t.clock.now() }).where(eq(webhookEndpoints.id, made._id))
    await t.db.execute(sql`insert into webhook_deliveries (endpoint_id, event_id, type, payload, next_attempt_at, created_at)
      select ${made._id}::uuid, 'msg_fill' || i, 'user.blocked', '{}'::jsonb, now(), now() from generate_series(2, ${WEBHOOK_PAUSED_BACKLOG_MAX}) as i`)
    const [user] = await addUsers(t, [{}])
    await block(user!.id) // the 10,000th: kept
    await block(user!.id, 1) // one more: counted
    await block(user!.id)
    expect(await endpoint(made._id)).toMatchObject({ status: 'paused', pending: WEBHOOK_PAUSED_BACKLOG_MAX, droppedEvents: 2 })
    const resumed = await okBody(await t.call('PATCH', `/admin/webhooks/${made._id}`, { status: 'active' }, auth), webhookEndpoint)
    expect(resumed.data).toMatchObject({ status: 'active', droppedEvents: 0 })
    const [entry] = (await listBody(await t.get('/admin/audit-log?action=webhook.update', auth), auditEntry)).data
    expect(entry!.detail).toMatchObject({ resumed: true, droppedEvents: 2 })
  })

  it('does not pause an endpoint that failed many times in a short while', async () => {
    const { t, receiver, addEndpoint, block, dispatch, endpoint } = await setUp()
    const made = await addEndpoint(['user.blocked', 'user.unblocked'])
    receiver.answerWith(() => ({ status: 500 }))
    const [user] = await addUsers(t, [{}])
    await block(user!.id, 2)
    for (let attempt = 1; attempt <= 6; attempt++) {
      await dispatch()
      t.clock.advance(longest(attempt))
    }
    const state = await endpoint(made._id)
    expect(state).toMatchObject({ status: 'active', failureStreak: 6 })
  })

  it('keeps a binary answer’s first bytes as text', async () => {
    const { t, receiver, addEndpoint, block, dispatch, deliveries } = await setUp()
    const made = await addEndpoint(['user.blocked'])
    receiver.answerWith(() => ({ status: 200, body: 'ok\u0000\u0001done' }))
    const [user] = await addUsers(t, [{}])
    await block(user!.id)
    await dispatch()
    expect((await deliveries(made._id))[0]).toMatchObject({ status: 'delivered', answerBody: 'ok\ufffd\u0001done' })
  })

  it('signs with the new secret and the old one for a day after New secret, then with the new one alone', async () => {
    const { t, auth, receiver, addEndpoint, block, dispatch } = await setUp()
    const made = await addEndpoint(['user.blocked', 'user.unblocked'])
    const rotated = await okBody(await t.post(`/admin/webhooks/${made._id}/secret`, undefined, auth), webhookEndpointWithSecret)
    expect(rotated.data.secret).not.toBe(made.secret)
    const [user] = await addUsers(t, [{}])
    // The receiver still holds the old secret, then takes the new one: neither refuses a delivery.
    await block(user!.id)
    await dispatch()
    receiver.setSecret(rotated.data.secret)
    await block(user!.id, 1)
    await dispatch()
    expect(receiver.refused).toEqual([])
    expect(receiver.received.map((r) => String(r.headers['webhook-signature']).split(' ').length)).toEqual([2, 2])

    t.clock.advance(WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000 + 1)
    await block(user!.id)
    await dispatch()
    expect(receiver.received).toHaveLength(3)
    expect(String(receiver.received[2]!.headers['webhook-signature']).split(' ')).toHaveLength(1)
    receiver.setSecret(made.secret)
    await block(user!.id, 1)
    await dispatch()
    expect(receiver.refused.map((r) => r.reason)).toEqual(['no signature matches'])
  })

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const { t, receiver, addEndpoint, block, dispatch, deliveries } = await setUp()
    const made = await addEndpoint(['user.blocked'])
    receiver.answerWith(() => ({ status: 302, headers: { location: `http://127.0.0.1:${receiver.port}/elsewhere` } }))
    const [user] = await addUsers(t, [{}])
    await block(user!.id)
    await dispatch()
    expect(receiver.hits).toEqual(['/hooks'])
    const [d] = await deliveries(made._id)
    expect(d).toMatchObject({ status: 'pending', answerStatus: 302 })
    expect(d!.error).toContain('Redirect not followed')
  })

  it('refuses to connect to a private address when the rule is on, whatever is stored', async () => {
    const { t, receiver, block, dispatch, deliveries } = await setUp({ webhookAllowPrivate: false })
    // As if made while WEBHOOK_ALLOW_PRIVATE was on, or pointed at a name that now resolves to loopback.
    for (const url of [receiver.url, `http://localhost:${receiver.port}/hooks`]) {
      const [row] = await t.db.insert(webhookEndpoints).values({ url, events: ['user.blocked'], secret: 'whsec_' + Buffer.alloc(32).toString('base64') }).returning()
      const [user] = await addUsers(t, [{}])
      await block(user!.id)
      await dispatch()
      const [d] = await deliveries(row!.id)
      expect(d).toMatchObject({ status: 'pending', answerStatus: null })
      expect(d!.error).toMatch(/^Refused: .* is on a private network or this machine$/)
    }
    expect(receiver.hits).toEqual([])
  })

  it('Redeliver sends a finished delivery again at once with its id and body; a pending one is refused', async () => {
    const { t, auth, receiver, addEndpoint, block, dispatch, deliveries } = await setUp()
    const made = await addEndpoint(['user.blocked'])
    const [user] = await addUsers(t, [{}])
    await block(user!.id)
    const [pending] = await deliveries(made._id)
    const early = await errorOf(await t.post(`/admin/webhooks/${made._id}/deliveries/${pending!._id}/redeliver`, undefined, auth), 409)
    expect(early.error.message).toBe(WEBHOOKS_MSG.stillPending)
    await dispatch()
    const again = await okBody(await t.post(`/admin/webhooks/${made._id}/deliveries/${pending!._id}/redeliver`, undefined, auth), webhookDelivery, 201)
    expect(again.message).toBe(WEBHOOKS_MSG.redelivered)
    expect(again.data).toMatchObject({ status: 'delivered', attempts: 1, answerStatus: 204, eventId: pending!.eventId })
    expect(receiver.received.map((r) => r.id)).toEqual([pending!.eventId, pending!.eventId])
    expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body)
    expect((await deliveries(made._id)).map((d) => d.status)).toEqual(['delivered', 'delivered'])
    const audit = await listBody(await t.get('/admin/audit-log?action=webhook.redeliver', auth), auditEntry)
    expect(audit.data).toHaveLength(1)
  })

  it('Test sends a webhook.test event to that endpoint only, at once, ahead of its backlog and while it is paused', async () => {
    const { t, auth, receiver, addEndpoint, block, endpoint, deliveries } = await setUp()
    const other = await addEndpoint(['faq.changed'], 'https://93.184.215.14/never')
    const made = await addEndpoint(['user.blocked'])
    // A backlog the dispatcher has not sent, on an endpoint the server paused.
    const [user] = await addUsers(t, [{}])
    await block(user!.id)
    await t.db.update(webhookEndpoints).set({ status: 'paused' }).where(eq(webhookEndpoints.id, made._id))
    const sent = await okBody(await t.post(`/admin/webhooks/${made._id}/test`, undefined, auth), webhookDelivery, 201)
    expect(sent.message).toBe(WEBHOOKS_MSG.testDelivered)
    expect(sent.data).toMatchObject({ type: 'webhook.test', status: 'delivered', attempts: 1, answerStatus: 204 })
    expect(receiver.received.map((r) => r.event)).toEqual([
      { type: 'webhook.test', timestamp: t.clock.now().toISOString(), data: { endpointId: made._id, message: 'A test event from Petcare Admin' } },
    ])
    expect((await endpoint(made._id)).pending).toBe(1)
    expect((await endpoint(other._id)).pending).toBe(0)

    // The receiver fails: said so, logged, not retried, and no part of the failure streak.
    receiver.answerWith(() => ({ status: 503, body: 'down for maintenance' }))
    const failed = await okBody(await t.post(`/admin/webhooks/${made._id}/test`, undefined, auth), webhookDelivery, 201)
    expect(failed.message).toBe(WEBHOOKS_MSG.testFailed)
    expect(failed.data).toMatchObject({ status: 'failed', answerStatus: 503, answerBody: 'down for maintenance', nextAttemptAt: null })
    expect((await endpoint(made._id)).failureStreak).toBe(0)
    expect((await deliveries(made._id)).map((d) => d.status)).toEqual(['failed', 'delivered', 'pending'])
  })

  it('a running dispatcher sends at once after the commit, whichever process queued it, not at its next poll', async () => {
    const { t, auth, receiver, addEndpoint } = await setUp()
    await addEndpoint(['user.blocked'])
    const [user] = await addUsers(t, [{}])
    t.app.webhooks.start(60_000) // a poll a minute: only the commit's announcement can be quick
    await new Promise((resolve) => setTimeout(resolve, 100)) // its first round (nothing due) ends
    // Another server process on the same database makes the change.
    const other = createApp({ db: t.db, storage: t.storage, mailer: t.mailer, clock: t.clock })
    const started = performance.now()
    const res = await other.request(`${API_PREFIX}/admin/user/block-unblock/${user!.id}?status=2`, { method: 'PATCH', headers: { Authorization: `Bearer ${auth.token}` } })
    expect(res.status).toBe(200)
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 5_000, interval: 5 })
    const ms = performance.now() - started
    await t.app.webhooks.stop()
    console.info(`webhooks: commit to receiver in ${ms.toFixed(0)} ms`)
    expect(ms).toBeLessThan(1_000)
  })

  it('survives a stop after the commit: a new app on the same database delivers the event', async () => {
    const { t, receiver, addEndpoint, block } = await setUp()
    await addEndpoint(['user.blocked'])
    const [user] = await addUsers(t, [{}])
    t.app.webhooks.start(60_000)
    await t.app.webhooks.stop() // the first process stops before its dispatcher got to the event...
    await block(user!.id) // ...or the change commits just as it dies: the row is in the outbox either way
    expect(receiver.received).toHaveLength(0)
    const next = createApp({ db: t.db, storage: t.storage, mailer: memoryMailer(), clock: t.clock, config: { webhookAllowPrivate: true } })
    expect(await next.webhooks.runOnce()).toBe(1)
    expect(receiver.received.map((r) => r.event.type)).toEqual(['user.blocked'])
  })

  it('lets two dispatchers share the outbox without sending a row twice', async () => {
    const { t, receiver, addEndpoint, block } = await setUp()
    await addEndpoint(['user.blocked', 'user.unblocked'])
    receiver.answerWith(() => ({ status: 200, delayMs: 50 }))
    const users = await addUsers(t, [{}, {}, {}])
    for (const u of users) await block(u.id)
    const other = createApp({ db: t.db, storage: t.storage, mailer: memoryMailer(), clock: t.clock, config: { webhookAllowPrivate: true } })
    for (let round = 0; round < 5; round++) await Promise.all([t.app.webhooks.runOnce(), other.webhooks.runOnce()])
    expect(receiver.received.map((r) => (r.event.data.user as { _id: string })._id)).toEqual(users.map((u) => u.id))
  })

  it('takes a delivery again when the process sending it stopped answering for longer than its lease', async () => {
    const { t, receiver, addEndpoint, block, deliveries } = await setUp()
    const made = await addEndpoint(['user.blocked'])
    receiver.answerWith((n) => (n === 1 ? { status: 200, delayMs: 1_500 } : { status: 200 }))
    const [user] = await addUsers(t, [{}])
    await block(user!.id)
    const stuck = t.app.webhooks.runOnce() // its attempt hangs, as if its process froze
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1))
    const other = createApp({ db: t.db, storage: t.storage, mailer: memoryMailer(), clock: t.clock, config: { webhookAllowPrivate: true } })
    expect(await other.webhooks.runOnce()).toBe(0) // leased
    t.clock.advance(DELIVERY_LEASE_MS + 1)
    expect(await other.webhooks.runOnce()).toBe(1)
    await stuck // its late outcome is not written over the other's
    expect(receiver.received.map((r) => r.id)).toEqual([receiver.received[0]!.id, receiver.received[0]!.id])
    expect((await deliveries(made._id))[0]).toMatchObject({ status: 'delivered', attempts: 1 })
  })

  it('keeps finished deliveries in the log for 30 days, and pending ones however old', async () => {
    const { t, receiver, addEndpoint, block, dispatch } = await setUp()
    const made = await addEndpoint(['user.blocked', 'user.unblocked'])
    receiver.answerWith((n) => ({ status: n === 1 ? 200 : 500 }))
    const [user] = await addUsers(t, [{}])
    await block(user!.id, 2)
    await dispatch() // delivered
    await block(user!.id, 1)
    await dispatch() // failed once, pending
    t.clock.advance(30 * 24 * 60 * 60 * 1000)
    expect((await t.app.maintenance.runOnce()).webhookDeliveriesPruned).toBe(0) // exactly 30 days: not yet
    t.clock.advance(1)
    expect((await t.app.maintenance.runOnce()).webhookDeliveriesPruned).toBe(1)
    const left = await t.db.select().from(webhookDeliveries)
    expect(left.map((d) => [d.endpointId, d.type, d.status])).toEqual([[made._id, 'user.unblocked', 'pending']])
  })

  it('sends the events of places, notifications, CMS and FAQs, single and bulk', async () => {
    const { t, auth, receiver, addEndpoint, dispatch } = await setUp()
    await addEndpoint(['place.activated', 'place.deactivated', 'place.deleted', 'place.restored', 'faq.changed', 'cms_page.changed', 'notification.sent'])
    const [shop] = await addPlaces(t, 'petShop', [{ images: ['/uploads/place/a.png'] }])
    expect((await t.call('PATCH', `/place/pet-shop/${shop!.id}`, undefined, auth)).status).toBe(200)
    expect((await t.call('DELETE', `/place/pet-shop/${shop!.id}`, undefined, auth)).status).toBe(200)
    expect((await t.post(`/admin/trash/petShop/${shop!.id}/restore`, undefined, auth)).status).toBe(200)
    const bulk = await t.post('/admin/pet-shops/bulk', { action: 'activate', ids: [shop!.id] }, auth)
    expect(bulk.status).toBe(200)
    expect((await t.post('/admin/faq', { title: 'Q?', description: 'A.' }, auth)).status).toBe(201)
    expect((await t.put('/admin/cms', { type: 1, content: '<p>Privacy</p>', version: 0 }, auth)).status).toBe(200)
    const [user] = await addUsers(t, [{}])
    expect((await t.post('/admin/notification', { title: 'Hi', description: 'There', sendToAllUsers: false, userIds: [user!.id] }, auth)).status).toBe(201)
    await dispatch()
    const types = receiver.received.map((r) => r.event.type)
    expect(types).toEqual(['place.deactivated', 'place.deleted', 'place.restored', 'place.activated', 'faq.changed', 'cms_page.changed', 'notification.sent'])
    expect(receiver.received[0]!.event.data).toMatchObject({ kind: 'petShop', place: { _id: shop!.id, status: 2 } })
    expect(receiver.received[6]!.event.data).toMatchObject({ notification: { title: 'Hi', recipientCount: 1 } })
  })
  it('sends partner decisions with the draft place, feedback status changes, and users blocked in bulk', async () => {
    const { t, auth, receiver, addEndpoint, dispatch } = await setUp()
    await addEndpoint(['partner.approved', 'partner.declined', 'feedback.status_changed', 'user.blocked'])
    const [approved, declined] = await addPartners(t, [{}, {}])
    expect((await t.post(`/admin/partners/${approved!.id}/approve`, undefined, auth)).status).toBe(200)
    expect((await t.post(`/admin/partners/${declined!.id}/decline`, { reason: 'Not a pet business' }, auth)).status).toBe(200)
    const [note] = await addFeedback(t, [{}])
    expect((await t.call('PATCH', `/feedback/${note!.id}/status`, { status: 2 }, auth)).status).toBe(200)
    const users = await addUsers(t, [{}, {}])
    expect((await t.post('/admin/users/bulk', { action: 'block', ids: users.map((u) => u.id) }, auth)).status).toBe(200)
    await dispatch()
    expect(receiver.received.map((r) => r.event.type)).toEqual(['partner.approved', 'partner.declined', 'feedback.status_changed', 'user.blocked', 'user.blocked'])
    const [a, d, f, u1, u2] = receiver.received.map((r) => r.event.data)
    expect(a).toMatchObject({ partner: { _id: approved!.id, status: 2, place: { draft: true } } })
    expect(d).toMatchObject({ partner: { _id: declined!.id, declineReason: 'Not a pet business' } })
    expect(f).toMatchObject({ from: 1, feedback: { _id: note!.id, status: 2 } })
    expect([u1, u2].map((x) => (x!.user as { _id: string })._id)).toEqual(users.map((u) => u.id))
    // Each row is its own message.
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(5)
  })
})
