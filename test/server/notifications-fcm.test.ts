import { generateKeyPairSync } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  DELIVERY_STATUS,
  notificationDetails,
  notificationListItem,
  notificationRecipient,
  NOTIFICATIONS_MSG,
  pushService,
  type PushPlatform,
} from '../../contract'
import { createApp } from '../../server/app'
import type { Clock } from '../../server/clock'
import { notificationRecipients, pushDevices, pushSends } from '../../server/db/schema'
import { registerDevice } from '../../server/notifications/devices'
import { FCM_MSG, fcmDelivery, type FcmTuning } from '../../server/notifications/fcm'
import { TOKEN_FAILURE_HOLD_MS, TOKEN_REFRESH_BEFORE_MS } from '../../server/notifications/fcm-auth'
import { DELIVERY_LEASE_MS } from '../../server/notifications/send'
import { listBody, okBody } from './helpers/bodies'
import { startFakeFcm, type FakeFcm, type FakeFcmOptions } from './helpers/fake-fcm'
import { addNotification, addUsers, tokenOf } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const fakes: FakeFcm[] = []
const adapters: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(adapters.splice(0).map((a) => a.close()))
  await Promise.all(fakes.splice(0).map((f) => f.close()))
})

/** An app whose push goes through the FCM adapter to a fake FCM on loopback, both on the test's clock. */
async function fcmApp(tuning: Partial<FcmTuning> = {}, fakeOptions: FakeFcmOptions = {}) {
  let testClock: Clock | undefined
  const fake = await startFakeFcm({ keepRequests: true, ...fakeOptions, clock: { now: () => (testClock ?? { now: () => new Date() }).now() } })
  fakes.push(fake)
  const t = await testApp({
    delivery: (db, clock) => {
      testClock = clock
      const adapter = fcmDelivery(db, clock, fake.config(), { backoffMs: 20, ...tuning })
      adapters.push(adapter)
      return adapter
    },
  })
  return { t, fake }
}

let tokens = 0
/** A user with devices of these platforms; returns the user and the devices' tokens. */
async function userWithDevices(t: TestApp, platforms: PushPlatform[]) {
  const [user] = await addUsers(t, [{}])
  const deviceTokens: string[] = []
  for (const platform of platforms) {
    const token = `fcm-token-${++tokens}:APA91b${'x'.repeat(20)}`
    await registerDevice(t.db, user!.id, { platform, token }, t.clock.now())
    deviceTokens.push(token)
  }
  return { user: user!, tokens: deviceTokens }
}

const sendTo = async (t: TestApp, userIds: string[]) =>
  (
    await okBody(
      await t.post('/admin/notification', { title: 'Heatwave', description: 'Keep pets inside', sendToAllUsers: false, userIds }, { token: await tokenOf(t) }),
      notificationListItem,
      201,
    )
  ).data

const details = async (t: TestApp, id: string) => (await okBody(await t.get(`/admin/notification/${id}`, { token: await tokenOf(t) }), notificationDetails)).data

const recipientsOf = async (t: TestApp, id: string) => {
  const page = await listBody(await t.get(`/admin/notification/${id}/recipients?limit=100`, { token: await tokenOf(t) }), notificationRecipient)
  return new Map(page.data.map((r) => [r._id, r]))
}

const deviceTokensOf = async (t: TestApp, userId: string) =>
  (await t.db.select({ token: pushDevices.token }).from(pushDevices).where(eq(pushDevices.userId, userId))).map((d) => d.token)

describe('push through FCM', () => {
  it('sends each device one message with the title, body, deep link and TTL, signed in with the service account', async () => {
    const { t, fake } = await fcmApp()
    const ann = await userWithDevices(t, ['android', 'ios'])
    const bob = await userWithDevices(t, ['web'])
    const sent = await sendTo(t, [ann.user.id, bob.user.id])
    expect(fake.problems).toEqual([])
    expect(fake.tokenExchanges).toBe(1)
    for (const token of [...ann.tokens, ...bob.tokens]) expect(fake.received(token)).toBe(1)
    const message = fake.lastMessage!
    expect(message).toMatchObject({
      notification: { title: 'Heatwave', body: 'Keep pets inside' },
      data: { link: `petcare://notifications/${sent._id}`, notificationId: sent._id },
      android: { ttl: '2419200s' },
      apns: { headers: { 'apns-expiration': String(Math.floor(t.clock.now().getTime() / 1000) + 2_419_200) } },
      webpush: { headers: { TTL: '2419200' } },
    })
    const d = await details(t, sent._id)
    expect(d).toMatchObject({ recipientCount: 2, deliveredCount: 2, failedCount: 0, pendingCount: 0, noDeviceCount: 0 })
  })

  it('answers each kind of FCM answer: removes UNREGISTERED and invalid tokens, keeps the others, a user without a device is "No device"', async () => {
    const { t, fake } = await fcmApp()
    const ok = await userWithDevices(t, ['android'])
    const gone = await userWithDevices(t, ['android'])
    const invalid = await userWithDevices(t, ['ios'])
    const broken = await userWithDevices(t, ['android'])
    const mismatch = await userWithDevices(t, ['web'])
    const [nobody] = await addUsers(t, [{}])
    fake.script(gone.tokens[0]!, 'unregistered')
    fake.script(invalid.tokens[0]!, 'invalid-token')
    fake.script(broken.tokens[0]!, { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 })
    fake.script(mismatch.tokens[0]!, 'sender-mismatch')
    const sent = await sendTo(t, [ok.user.id, gone.user.id, invalid.user.id, broken.user.id, mismatch.user.id, nobody!.id])
    expect(fake.problems).toEqual([])
    const rows = await recipientsOf(t, sent._id)
    expect(rows.get(ok.user.id)).toMatchObject({ delivery: DELIVERY_STATUS.DELIVERED, attempts: 1, error: null })
    expect(rows.get(gone.user.id)).toMatchObject({ delivery: DELIVERY_STATUS.FAILED, error: FCM_MSG.unregistered })
    expect(rows.get(invalid.user.id)).toMatchObject({ delivery: DELIVERY_STATUS.FAILED, error: FCM_MSG.invalidToken })
    expect(rows.get(broken.user.id)).toMatchObject({ delivery: DELIVERY_STATUS.FAILED, error: expect.stringContaining('500 INTERNAL') })
    expect(rows.get(mismatch.user.id)).toMatchObject({ delivery: DELIVERY_STATUS.FAILED, error: expect.stringContaining('403 PERMISSION_DENIED') })
    expect(rows.get(nobody!.id)).toMatchObject({ delivery: DELIVERY_STATUS.NO_DEVICE, error: NOTIFICATIONS_MSG.noDevice })
    // 500 is tried again (4 tries in all); the refusals are not.
    expect(fake.received(broken.tokens[0]!)).toBe(4)
    expect(fake.received(gone.tokens[0]!)).toBe(1)
    expect(fake.received(mismatch.tokens[0]!)).toBe(1)
    expect(await deviceTokensOf(t, gone.user.id)).toEqual([])
    expect(await deviceTokensOf(t, invalid.user.id)).toEqual([])
    expect(await deviceTokensOf(t, broken.user.id)).toEqual(broken.tokens)
    expect(await deviceTokensOf(t, mismatch.user.id)).toEqual(mismatch.tokens)
    expect(await details(t, sent._id)).toMatchObject({ recipientCount: 6, deliveredCount: 1, failedCount: 4, noDeviceCount: 1, pendingCount: 0 })
    // Every device's answer is kept.
    const logged = await t.db.select().from(pushSends).where(eq(pushSends.notificationId, sent._id))
    expect(logged).toHaveLength(5)
  })

  it('rolls a user up from their devices: delivered when any accepted, else failed with every reason', async () => {
    const { t, fake } = await fcmApp()
    const half = await userWithDevices(t, ['android', 'ios'])
    const neither = await userWithDevices(t, ['android', 'ios'])
    fake.script(half.tokens[0]!, 'unregistered')
    fake.script(neither.tokens[0]!, 'unregistered')
    fake.script(neither.tokens[1]!, 'sender-mismatch')
    const sent = await sendTo(t, [half.user.id, neither.user.id])
    const rows = await recipientsOf(t, sent._id)
    expect(rows.get(half.user.id)).toMatchObject({ delivery: DELIVERY_STATUS.DELIVERED })
    expect(rows.get(neither.user.id)?.delivery).toBe(DELIVERY_STATUS.FAILED)
    expect(rows.get(neither.user.id)?.error).toMatch(/^2 devices: /)
    expect(rows.get(neither.user.id)?.error).toContain(FCM_MSG.unregistered)
    expect(rows.get(neither.user.id)?.error).toContain('403 PERMISSION_DENIED')
    expect(await deviceTokensOf(t, half.user.id)).toEqual([half.tokens[1]])
  })

  it('waits as Retry-After says after a 429 or a 503, then delivers', async () => {
    const { t, fake } = await fcmApp()
    const busy = await userWithDevices(t, ['android'])
    const down = await userWithDevices(t, ['ios'])
    fake.script(busy.tokens[0]!, { status: 429, retryAfter: '1' })
    fake.script(down.tokens[0]!, { status: 503, retryAfter: '1' })
    const sent = await sendTo(t, [busy.user.id, down.user.id])
    const rows = await recipientsOf(t, sent._id)
    expect(rows.get(busy.user.id)?.delivery).toBe(DELIVERY_STATUS.DELIVERED)
    expect(rows.get(down.user.id)?.delivery).toBe(DELIVERY_STATUS.DELIVERED)
    for (const token of [busy.tokens[0]!, down.tokens[0]!]) {
      const times = fake.requests.filter((r) => r.token === token)
      expect(times.map((r) => r.status)).toEqual([token === busy.tokens[0] ? 429 : 503, 200])
      expect(times[1]!.at - times[0]!.at).toBeGreaterThanOrEqual(950)
    }
  })

  it('tries a 500 again with backoff and delivers when FCM recovers', async () => {
    const { t, fake } = await fcmApp()
    const flaky = await userWithDevices(t, ['android'])
    fake.script(flaky.tokens[0]!, { status: 500 }, { status: 500 })
    const sent = await sendTo(t, [flaky.user.id])
    expect((await recipientsOf(t, sent._id)).get(flaky.user.id)).toMatchObject({ delivery: DELIVERY_STATUS.DELIVERED, attempts: 1 })
    const times = fake.requests.map((r) => r.at)
    expect(fake.requests.map((r) => r.status)).toEqual([500, 500, 200])
    // 20 ms then 40 ms (give or take a fifth).
    expect(times[2]! - times[1]!).toBeGreaterThan(times[1]! - times[0]!)
  })

  it('defers a user when Retry-After is longer than a batch may wait, and the sweep sends them after the lease', async () => {
    const { t, fake } = await fcmApp({ budgetMs: 300 })
    const busy = await userWithDevices(t, ['android'])
    fake.script(busy.tokens[0]!, { status: 429, retryAfter: '1' })
    const sent = await sendTo(t, [busy.user.id])
    expect((await recipientsOf(t, sent._id)).get(busy.user.id)).toMatchObject({ delivery: DELIVERY_STATUS.PENDING, attempts: 0 })
    expect(fake.received(busy.tokens[0]!)).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    t.clock.advance(DELIVERY_LEASE_MS + 1000)
    await t.app.scheduler.runOnce()
    expect((await recipientsOf(t, sent._id)).get(busy.user.id)).toMatchObject({ delivery: DELIVERY_STATUS.DELIVERED, attempts: 1 })
    expect(fake.received(busy.tokens[0]!)).toBe(2)
  })

  it('stops without sitting out a Retry-After: the user waiting for it is left for the sweep', async () => {
    const { t, fake } = await fcmApp()
    const users = await Promise.all(Array.from({ length: 2 }, () => userWithDevices(t, ['android'])))
    for (const u of users) fake.script(u.tokens[0]!, { status: 429, retryAfter: '10' })
    const made = await addNotification(
      t,
      { sentAt: t.clock.now() },
      users.map((u) => u.user.id),
    )
    t.app.scheduler.deliverInBackground(made.id)
    while (fake.messages < 2) await new Promise((resolve) => setTimeout(resolve, 5))
    const stopping = Date.now()
    await t.app.scheduler.stop()
    expect(Date.now() - stopping).toBeLessThan(2000)
    expect(await details(t, made.id)).toMatchObject({ pendingCount: 2, deliveredCount: 0, failedCount: 0 })
  })

  it('keeps the access token until near its expiry, then exchanges it once however many messages are waiting', async () => {
    const { t, fake } = await fcmApp()
    const users = await Promise.all(Array.from({ length: 20 }, () => userWithDevices(t, ['android'])))
    const ids = users.map((u) => u.user.id)
    await sendTo(t, ids.slice(0, 1))
    expect(fake.tokenExchanges).toBe(1)
    // Google's tokens last an hour (3599 s): kept until 5 minutes before.
    t.clock.advance(3599_000 - TOKEN_REFRESH_BEFORE_MS - 60_000)
    await sendTo(t, ids.slice(0, 1))
    expect(fake.tokenExchanges).toBe(1)
    t.clock.advance(2 * 60_000)
    await sendTo(t, ids)
    expect(fake.tokenExchanges).toBe(2)
    expect(fake.problems).toEqual([])
  })

  it('exchanges the token again when FCM refuses it (401), and delivers', async () => {
    const { t, fake } = await fcmApp()
    const ann = await userWithDevices(t, ['android'])
    await sendTo(t, [ann.user.id])
    fake.revokeTokens()
    const sent = await sendTo(t, [ann.user.id])
    expect((await recipientsOf(t, sent._id)).get(ann.user.id)?.delivery).toBe(DELIVERY_STATUS.DELIVERED)
    expect(fake.tokenExchanges).toBe(2)
    expect(fake.requests.map((r) => r.status)).toEqual([200, 200])
  })

  it('asks for an access token once when the sign-in is refused, fails the users with the reason, and asks again later', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    const fake = await startFakeFcm({ clock: { now: () => t.clock.now() } })
    fakes.push(fake)
    const badKey = { ...fake.config(), serviceAccount: { ...fake.serviceAccount, privateKey: other } }
    const t = await testApp({
      delivery: (db, clock) => {
        const adapter = fcmDelivery(db, clock, badKey, { backoffMs: 20 })
        adapters.push(adapter)
        return adapter
      },
    })
    const users = await Promise.all(Array.from({ length: 20 }, () => userWithDevices(t, ['android'])))
    const sent = await sendTo(t, users.map((u) => u.user.id))
    expect(fake.problems).toEqual(['token: Invalid JWT Signature.'])
    expect(fake.messages).toBe(0)
    const reason = 'The push service refused the sign-in (400, invalid_grant: Invalid JWT Signature.)'
    for (const r of (await recipientsOf(t, sent._id)).values()) expect(r).toMatchObject({ delivery: DELIVERY_STATUS.FAILED, error: reason })
    t.clock.advance(TOKEN_FAILURE_HOLD_MS)
    await t.post(`/admin/notification/${sent._id}/retry`, undefined, { token: await tokenOf(t) })
    expect(fake.problems).toHaveLength(2)
  })

  it('Retry sends the failed devices again, not the ones that accepted it', async () => {
    const { t, fake } = await fcmApp()
    const ok = await userWithDevices(t, ['android'])
    const broken = await userWithDevices(t, ['ios'])
    fake.script(broken.tokens[0]!, { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 })
    const sent = await sendTo(t, [ok.user.id, broken.user.id])
    expect((await recipientsOf(t, sent._id)).get(broken.user.id)?.delivery).toBe(DELIVERY_STATUS.FAILED)
    const retried = await okBody(await t.post(`/admin/notification/${sent._id}/retry`, undefined, { token: await tokenOf(t) }), notificationDetails)
    expect(retried.data).toMatchObject({ deliveredCount: 2, failedCount: 0 })
    expect(fake.received(ok.tokens[0]!)).toBe(1)
    expect(fake.received(broken.tokens[0]!)).toBe(5)
    expect((await recipientsOf(t, sent._id)).get(broken.user.id)?.attempts).toBe(2)
  })

  it('keeps the devices when FCM answers 404 without UNREGISTERED (a wrong project), and says why they failed', async () => {
    let testClock: Clock | undefined
    const fake = await startFakeFcm({ clock: { now: () => (testClock ?? { now: () => new Date() }).now() } })
    fakes.push(fake)
    const t = await testApp({
      delivery: (db, clock) => {
        testClock = clock
        const config = fake.config()
        const adapter = fcmDelivery(db, clock, { ...config, serviceAccount: { ...config.serviceAccount, projectId: 'another-project' } })
        adapters.push(adapter)
        return adapter
      },
    })
    const ann = await userWithDevices(t, ['android'])
    const sent = await sendTo(t, [ann.user.id])
    expect((await recipientsOf(t, sent._id)).get(ann.user.id)).toMatchObject({ delivery: DELIVERY_STATUS.FAILED, error: expect.stringContaining('404 NOT_FOUND') })
    expect(await deviceTokensOf(t, ann.user.id)).toEqual(ann.tokens)
  })

  it('reports FCM and its project as the push service', async () => {
    const { t } = await fcmApp()
    const body = await okBody(await t.get('/admin/notifications/push-service', { token: await tokenOf(t, 'subAdmin') }), pushService)
    expect(body.data).toEqual({ configured: true, provider: 'FCM', projectId: 'petcare-test' })
  })

  it('records what FCM answered when a write of its answers fails, and writes the later ones', async () => {
    const { t, fake } = await fcmApp()
    // The first write of answers is refused (as by a full disk); a sequence is not rolled back with it.
    await t.db.execute(sql`create sequence push_sends_writes`)
    await t.db.execute(sql`create function refuse_first_push_sends() returns trigger language plpgsql as $$
      begin if nextval('push_sends_writes') = 1 then raise exception 'could not extend file'; end if; return null; end $$`)
    await t.db.execute(sql`create trigger refuse_first before insert on push_sends for each statement execute function refuse_first_push_sends()`)
    // The workers' database outlives the test (its rows are reset, not its schema).
    onTestFinished(async () => {
      await t.db.execute(sql`drop trigger refuse_first on push_sends`)
      await t.db.execute(sql`drop function refuse_first_push_sends()`)
      await t.db.execute(sql`drop sequence push_sends_writes`)
    })
    const users = await addUsers(t, Array.from({ length: 150 }, () => ({})))
    for (const [i, user] of users.entries()) await registerDevice(t.db, user.id, { platform: 'android', token: `logged-${i}` }, t.clock.now())
    const sent = await sendTo(t, users.map((u) => u.id))
    for (let i = 0; i < users.length; i++) expect(fake.received(`logged-${i}`)).toBe(1)
    expect(await details(t, sent._id)).toMatchObject({ recipientCount: 150, deliveredCount: 150, failedCount: 0, pendingCount: 0 })
    // The first hundred answers were lost with their write; the rest are logged.
    expect(await t.db.select().from(pushSends).where(eq(pushSends.notificationId, sent._id))).toHaveLength(50)
  })

  it('a restart in the middle of a send neither loses nor repeats a device', async () => {
    const { t, fake } = await fcmApp({ concurrency: 8 })
    const users = await addUsers(
      t,
      Array.from({ length: 120 }, () => ({})),
    )
    const allTokens: string[] = []
    for (const [i, user] of users.entries()) {
      for (const platform of ['android', 'ios'] as const) {
        const token = `restart-${i}-${platform}`
        await registerDevice(t.db, user.id, { platform, token }, t.clock.now())
        fake.script(token, { delayMs: 10 })
        allTokens.push(token)
      }
    }
    const made = await addNotification(
      t,
      { sentAt: t.clock.now() },
      users.map((u) => u.id),
    )
    t.app.scheduler.deliverInBackground(made.id)
    while (fake.messages < 60) await new Promise((resolve) => setTimeout(resolve, 5))
    await t.app.scheduler.stop()
    const answeredBeforeStop = fake.messages
    // Every message in flight finished and was written down.
    const logged = await t.db.select().from(pushSends).where(eq(pushSends.notificationId, made.id))
    expect(logged).toHaveLength(answeredBeforeStop)
    expect(answeredBeforeStop).toBeLessThan(allTokens.length)
    const halfway = await details(t, made.id)
    expect(halfway.pendingCount).toBeGreaterThan(0)

    // Another process on the same database, after the lease of the stopped one's claim.
    const next = fcmDelivery(t.db, t.clock, fake.config())
    adapters.push(next)
    const app2 = createApp({ db: t.db, storage: t.storage, mailer: t.mailer, clock: t.clock, delivery: next })
    t.clock.advance(DELIVERY_LEASE_MS + 1000)
    await app2.scheduler.runOnce()
    await app2.scheduler.stop()
    for (const token of allTokens) expect(fake.received(token), token).toBe(1)
    expect(fake.messages).toBe(allTokens.length)
    expect(await details(t, made.id)).toMatchObject({ recipientCount: 120, deliveredCount: 120, pendingCount: 0 })
    const attempts = await t.db
      .select({ attempts: notificationRecipients.attempts })
      .from(notificationRecipients)
      .where(and(eq(notificationRecipients.notificationId, made.id), inArray(notificationRecipients.userId, users.map((u) => u.id))))
    expect(new Set(attempts.map((a) => a.attempts))).toEqual(new Set([1]))
  })
})
