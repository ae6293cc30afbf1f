import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { DELIVERY_STATUS, NOTIFICATION_STATUS } from '../../contract'
import { createApp } from '../../server/app'
import { openPostgres, type Database } from '../../server/db/client'
import { appUsers, notificationRecipients, notifications } from '../../server/db/schema'
import { SCHEDULER_EVERY_MS } from '../../server/notifications/scheduler'
import { diskStorage } from '../../server/storage/disk'
import { TEST_ADMIN } from './helpers/accounts'
import { capturingDelivery } from './helpers/capturing-delivery'
import { manualClock } from './helpers/manual-clock'
import { memoryMailer } from './helpers/memory-mailer'
import { scratchDatabase } from './helpers/postgres'
import { serverProcesses } from './helpers/server-processes'

// Scheduled notifications are sent exactly once by several server processes on one PostgreSQL
// database (each claims a due one with FOR UPDATE SKIP LOCKED). Runs only with DATABASE_URL.
const databaseUrl = process.env.DATABASE_URL?.trim()
const USERS = 25
const NOTIFICATIONS = 12

async function addUsers(db: Database['db'], prefix: string) {
  await db.insert(appUsers).values(
    Array.from({ length: USERS }, (_, i) => ({ username: `${prefix}-${i}`, name: `User ${i}`, email: `${prefix}-${i}@example.com` })),
  )
}

/** Each notification's status, counters and its recipients' attempts, by id. */
async function outcome(db: Database['db'], ids: string[]) {
  const rows = await db
    .select({
      id: notifications.id,
      status: notifications.status,
      delivered: notifications.deliveredCount,
      notSent: notifications.notSentCount,
      pending: notifications.pendingCount,
    })
    .from(notifications)
    .where(inArray(notifications.id, ids))
  const attempts = await db
    .select({ id: notificationRecipients.notificationId, max: sql<number>`max(${notificationRecipients.attempts})::int` })
    .from(notificationRecipients)
    .where(inArray(notificationRecipients.notificationId, ids))
    .groupBy(notificationRecipients.notificationId)
  return { rows, maxAttempts: Math.max(...attempts.map((a) => a.max)) }
}

describe('scheduled notifications on PostgreSQL, several processes', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>
  const opened: Database[] = []

  beforeAll(async () => {
    scratch = await scratchDatabase(databaseUrl!, `petcare_schedule_${process.pid}`)
    const first = openPostgres(scratch.url, 5)
    opened.push(first)
    await first.migrate()
  })

  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close().catch(() => {})))
    await scratch?.drop()
  })

  it('sends each due notification once when two apps (two pools) run their scheduler at the same moment', async () => {
    const [a, b] = [opened[0]!, openPostgres(scratch.url, 5)]
    opened.push(b)
    await addUsers(a.db, 'race')
    const clock = manualClock()
    const uploads = mkdtempSync(join(tmpdir(), 'petcare-schedule-'))
    const apps = [a, b].map((d) => {
      const delivery = capturingDelivery()
      const app = createApp({ db: d.db, storage: diskStorage(uploads, { secret: 'x'.repeat(32) }), mailer: memoryMailer(), clock, delivery })
      return { app, delivery }
    })
    const made = await a.db
      .insert(notifications)
      .values(
        Array.from({ length: NOTIFICATIONS }, (_, i) => ({
          title: `Due ${i}`,
          body: 'x',
          sendTo: 'ALL_USERS' as const,
          status: NOTIFICATION_STATUS.SCHEDULED,
          scheduledAt: new Date(clock.now().getTime() + 60_000),
        })),
      )
      .returning({ id: notifications.id })
    const ids = made.map((m) => m.id)
    clock.advance(60_000)
    const reports = await Promise.all(apps.map(({ app }) => app.scheduler.runOnce()))
    const sent = reports.flatMap((r) => r.sent)
    expect([...sent].sort()).toEqual([...ids].sort()) // every one, none twice
    // Each notification's recipients were handed over by one app, once each.
    const handed = apps.flatMap(({ delivery }) => delivery.delivered)
    expect(handed.flatMap((batch) => batch.userIds)).toHaveLength(NOTIFICATIONS * USERS)
    const { rows, maxAttempts } = await outcome(a.db, ids)
    expect(rows.every((r) => r.status === NOTIFICATION_STATUS.SENT && r.delivered === USERS && r.pending === 0)).toBe(true)
    expect(maxAttempts).toBe(1)
    rmSync(uploads, { recursive: true, force: true })
    await a.db.delete(notifications)
    await a.db.delete(appUsers)
  })

  it('sends a notification scheduled through one server process exactly once with two processes running', async () => {
    const processes = serverProcesses('schedule', () => scratch.url)
    const { start } = processes
    try {
      const db = opened[0]!.db
      await addUsers(db, 'proc')
      const [one] = [await start(), await start()]
      const login = await fetch(`${one!.origin}/api/v1/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
      })
      const { data } = (await login.json()) as { data: { token: string } }
      const ids: string[] = []
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${one!.origin}/api/v1/admin/notification`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${data.token}` },
          body: JSON.stringify({ title: `Soon ${i}`, description: 'x', sendAt: new Date(Date.now() + 2_000).toISOString() }),
        })
        expect(res.status).toBe(201)
        ids.push(((await res.json()) as { data: { _id: string } }).data._id)
      }
      // Both poll every SCHEDULER_EVERY_MS; within two rounds after the time each is sent.
      const giveUpAt = Date.now() + 2_000 + 3 * SCHEDULER_EVERY_MS
      for (;;) {
        const { rows } = await outcome(db, ids)
        if (rows.every((r) => r.status === NOTIFICATION_STATUS.SENT && r.pending === 0)) break
        if (Date.now() > giveUpAt) throw new Error(`not sent in time: ${JSON.stringify(rows)}`)
        await sleep(200)
      }
      // The processes have no push service: each recipient is recorded Not sent, once, by one of them
      // (twice would count it twice or fail on the recipient's key), and nothing is attempted.
      const { rows, maxAttempts } = await outcome(db, ids)
      expect(rows.map((r) => [r.notSent, r.delivered])).toEqual(ids.map(() => [USERS, 0]))
      expect(maxAttempts).toBe(0)
      const [recipients] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notificationRecipients)
        .where(and(inArray(notificationRecipients.notificationId, ids), eq(notificationRecipients.delivery, DELIVERY_STATUS.NOT_SENT)))
      expect(recipients!.n).toBe(ids.length * USERS)
    } finally {
      await processes.stopAll()
    }
  }, 90_000)
})
