import { asc, eq } from 'drizzle-orm'
import { setTimeout as sleep } from 'node:timers/promises'
import { openPostgres } from '../../server/db/client'
import { webhookDeliveries, webhookEndpoints } from '../../server/db/schema'
import { emitWebhookEvent } from '../../server/webhooks/emit'
import { scratchDatabase } from './helpers/postgres'

// Runs only on PostgreSQL (vitest.config.ts includes *.pg.test.ts when DATABASE_URL is set): on
// the embedded database transactions run one at a time, so they cannot overlap.
const databaseUrl = process.env.DATABASE_URL!.trim()

describe('webhook order on PostgreSQL', () => {
  it('sends in commit order: a transaction that queued first and commits last does not let a later one ahead', async () => {
    const scratch = await scratchDatabase(databaseUrl, `petcare_webhook_order_${process.pid}`)
    const database = openPostgres(scratch.url, 4)
    try {
      await database.migrate()
      const db = database.db
      await db.insert(webhookEndpoints).values({ url: 'https://hooks.example.com/h', events: ['user.blocked'], secret: 'whsec_' + Buffer.alloc(32).toString('base64') })
      const committed: string[] = []
      let releaseFirst!: () => void
      let queuedFirst!: () => void
      const firstQueued = new Promise<void>((done) => (queuedFirst = done))
      // The first transaction queues its event, then stays open while the second queues and commits.
      const first = db.transaction(async (tx) => {
        await emitWebhookEvent(tx, 'user.blocked', { user: 'first' }, new Date())
        queuedFirst()
        await new Promise<void>((done) => (releaseFirst = done))
      })
      await firstQueued
      const second = db
        .transaction((tx) => emitWebhookEvent(tx, 'user.blocked', { user: 'second' }, new Date()))
        .then(() => committed.push('second'))
      await sleep(300)
      releaseFirst()
      await first
      committed.push('first')
      await second
      const queued = await db.select({ payload: webhookDeliveries.payload }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending')).orderBy(asc(webhookDeliveries.seq))
      // The order the dispatcher sends in is the order the changes committed in.
      expect(queued.map((d) => (d.payload as { data: { user: string } }).data.user)).toEqual(committed)
      expect(committed).toEqual(['first', 'second'])
    } finally {
      await database.close()
      await scratch.drop()
    }
  })
})
