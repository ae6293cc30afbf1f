/**
 * The push part of `npm run bench`: a notification to every one of N app users, one device each,
 * through the FCM adapter (server/notifications/fcm.ts) to the fake FCM in a process of its own
 * (bench/fake-fcm-process.ts), delivered by the scheduler as after a send's answer, stopped
 * halfway as a server stopping does (its in-flight messages answered and written), then finished
 * by another scheduler's sweep with a new adapter after the lease, as another process does.
 * Prints the messages per second beside the goal (2,000/s), the sender's peak RSS, and whether
 * any device got no message or more than one (the fake counts them per token).
 *
 * The embedded database (PGlite, in its worker thread as the server opens it) in a fresh folder
 * under .bench-data/push, deleted afterwards; or, with `postgresUrl`, that PostgreSQL database,
 * which must hold no app users (its own are the audience).
 */
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { systemClock, type Clock } from '../server/clock'
import type { ServiceAccount } from '../server/config'
import { openDatabase } from '../server/db/client'
import { notifications } from '../server/db/schema'
import { fcmDelivery } from '../server/notifications/fcm'
import { notificationScheduler } from '../server/notifications/scheduler'
import { rowsOf } from '../server/integration/upsert'
import { addAllActiveRecipients, DELIVERY_LEASE_MS } from '../server/notifications/send'

export const PUSH_GOAL_PER_S = 2000
/** What `npm run bench` sends to unless --push-devices says otherwise: about a minute on the shared 2-CPU machine. */
export const PUSH_BENCH_DEVICES = 60_000

interface Counts {
  messages: number
  lost: number
  repeated: number
  problems: string[]
  rss: number
}

/** Asks the fake a question; its answer comes back with the question's number (several may be in flight). */
function asking(child: ChildProcess) {
  let asked = 0
  const waiting = new Map<number, (answer: unknown) => void>()
  child.on('message', (answer: { id?: number }) => {
    if (answer.id === undefined) return
    waiting.get(answer.id)?.(answer)
    waiting.delete(answer.id)
  })
  return <T>(question: string) =>
    new Promise<T>((resolve) => {
      const id = ++asked
      waiting.set(id, resolve as (answer: unknown) => void)
      child.send({ id, question })
    })
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
const load = () => loadavg().map((n) => n.toFixed(2)).join(', ')

/** Runs the push bench for `devices` devices; true when it met the goal and no device was lost or repeated. */
export async function runPushBench(devices: number, postgresUrl?: string): Promise<boolean> {
  const loadBefore = load()
  const root = resolve('.bench-data', 'push')
  mkdirSync(root, { recursive: true })
  const dataDir = mkdtempSync(join(root, 'run-'))
  const fake = fork(resolve(import.meta.dirname, 'fake-fcm-process.ts'), [String(devices)], { execArgv: ['--import', 'tsx'], stdio: 'inherit' })
  const database = await openDatabase({ databaseUrl: postgresUrl, dataDir })
  try {
    const [{ url, serviceAccount }] = (await once(fake, 'message')) as [{ url: string; serviceAccount: ServiceAccount }]
    const ask = asking(fake)
    await database.migrate()
    const db = database.db
    const users = rowsOf<{ users: number }>(await db.execute(sql`select count(*)::int as users from app_users`))[0]?.users ?? 0
    if (users > 0) throw new Error(`The push bench needs a database with no app users; this one has ${users}.`)
    console.info(`\nPush: seeding ${devices.toLocaleString('en')} app users with a device each...`)
    const seeding = Date.now()
    await db.execute(sql`insert into app_users (username, name, email)
      select 'push_' || i, 'Push ' || i, 'push' || i || '@bench.test' from generate_series(0, ${devices - 1}) as i`)
    await db.execute(sql`insert into push_devices (user_id, platform, token)
      select id, 'android', 'bench-' || substr(username, 6) from app_users where username like 'push\_%'`)
    const [made] = await db.insert(notifications).values({ title: 'Bench', body: 'A million phones', sendTo: 'ALL_USERS', sentAt: new Date() }).returning()
    const id = made!.id
    await db.transaction((tx) => addAllActiveRecipients(tx, id))
    console.info(`Push: seeded in ${((Date.now() - seeding) / 1000).toFixed(0)} s; sending (stopped halfway, then finished by a new adapter)...`)

    // The second delivery's clock is past the lease of the first one's claims, as another process's
    // sweep is later. The adapters sign with the true time (the fake checks it).
    let skew = 0
    const clock: Clock = { now: () => new Date(Date.now() + skew) }
    const config = { serviceAccount, baseUrl: url, ttlSeconds: 2_419_200, linkBase: 'petcare://notifications/' }
    let rssPeak = 0
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 250)
    const started = Date.now()

    // As the server does: its scheduler delivers after the send's answer, and stops (SIGTERM) halfway.
    const first = fcmDelivery(db, systemClock, config)
    const scheduler = notificationScheduler({ db, delivery: first, clock })
    scheduler.deliverInBackground(id)
    await new Promise<void>((resolve) => {
      const watcher = setInterval(() => {
        void ask<{ messages: number }>('messages').then(({ messages }) => {
          if (messages < devices / 2) return
          clearInterval(watcher)
          resolve()
        })
      }, 100)
    })
    await scheduler.stop()
    await first.close()
    const stoppedAt = (await ask<Counts>('counts')).messages
    const pause = Date.now()

    skew = DELIVERY_LEASE_MS + 1000
    // Another server's sweep, once the lease of the stopped one's claims is over.
    const second = fcmDelivery(db, systemClock, config)
    const resumed = Date.now()
    const sweeper = notificationScheduler({ db, delivery: second, clock })
    await sweeper.runOnce()
    await sweeper.stop()
    await second.close()
    const sending = pause - started + (Date.now() - resumed)
    clearInterval(sampler)

    const counts = await ask<Counts>('counts')
    const [left] = await db.select({ pending: notifications.pendingCount, delivered: notifications.deliveredCount }).from(notifications).where(sql`${notifications.id} = ${id}`)
    const rate = counts.messages / (sending / 1000)
    const passed = rate >= PUSH_GOAL_PER_S && counts.lost === 0 && counts.repeated === 0 && left!.pending === 0
    console.table([
      {
        devices,
        messages: counts.messages,
        'sending s': (sending / 1000).toFixed(1),
        'messages/s': Math.round(rate),
        goal: `≥ ${PUSH_GOAL_PER_S}`,
        result: passed ? 'PASS' : 'MISS',
        'stopped at': stoppedAt,
        lost: counts.lost,
        repeated: counts.repeated,
        'users delivered': left!.delivered,
        'sender RSS peak': mb(rssPeak),
        'fake FCM RSS': mb(counts.rss),
      },
    ])
    if (counts.problems.length) console.info(`Fake FCM found: ${counts.problems.join('; ')}`)
    console.info(`Load average before: ${loadBefore}; after: ${load()}\n`)
    return passed
  } finally {
    fake.send({ question: 'close' })
    await database.close().catch(() => {})
    rmSync(dataDir, { recursive: true, force: true })
  }
}
