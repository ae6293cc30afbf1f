import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { createApp } from '../../server/app'
import { openPglite, type Database } from '../../server/db/client'
import { listen, notify } from '../../server/db/notify'
import { isPgError, PG_CODE } from '../../server/db/pg-errors'
import { cities } from '../../server/db/schema'
import { diskStorage } from '../../server/storage/disk'
import { copyEmbeddedTemplate } from './helpers/embedded-template'
import { manualClock } from './helpers/manual-clock'
import { memoryMailer } from './helpers/memory-mailer'

// The embedded database as the server opens it: in a worker thread (server/db/pglite-thread.ts).
describe('the embedded database in its worker thread', () => {
  let scratch: string
  let database: Database
  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'petcare-pglite-thread-'))
    const dataDir = join(scratch, 'db')
    await copyEmbeddedTemplate(dataDir) // a PostgreSQL run has none: the database is created here
    database = await openPglite(dataDir)
    await database.migrate()
  })
  afterAll(async () => {
    await database.close() // again, after the last test: it only ends the thread
    rmSync(scratch, { recursive: true, force: true })
  })
  const rows = async <T,>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows
  const cityCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from cities`))[0]!.n

  it('answers statements with rows as Drizzle reads them (timestamps as text, numbers as numbers)', async () => {
    const [row] = await rows<{ at: unknown; n: unknown; j: unknown }>(
      sql`select timestamptz '2026-01-02 03:04:05+00' as at, 41 + ${1} as n, json_build_object('a', 1) as j`,
    )
    expect(row).toEqual({ at: '2026-01-02 03:04:05+00', n: 42, j: { a: 1 } })
  })

  it('commits a transaction that returns and rolls back one that throws', async () => {
    const before = await cityCount()
    await database.db.transaction(async (tx) => {
      await tx.insert(cities).values({ name: 'Threadville' })
    })
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(cities).values({ name: 'Rollbackton' })
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await cityCount()).toBe(before + 1)
    expect(await rows(sql`select name from cities where name in ('Threadville', 'Rollbackton')`)).toEqual([{ name: 'Threadville' }])
  })

  it('loads rows with COPY in a loading transaction, committed with the rest of it', async () => {
    const before = await cityCount()
    await database.loadingTransaction(async (tx, copy) => {
      await tx.insert(cities).values({ name: 'Inserted in the load' })
      await copy('cities', ['name', 'site_count'], '"Copied, with a comma",0\n"Copied ""quoted""",0\n')
    })
    expect(await cityCount()).toBe(before + 3)
    expect(await rows(sql`select name from cities where name like 'Copied%' order by name`)).toEqual([
      { name: 'Copied "quoted"' },
      { name: 'Copied, with a comma' },
    ])
  })

  it("keeps PostgreSQL's error code and constraint, which the routes answer with a 409", async () => {
    const err = await database.db
      .execute(sql`insert into cities (name) values ('Twice'), ('Twice')`)
      .then(() => undefined, (e: unknown) => e)
    expect(isPgError(err, PG_CODE.uniqueViolation)).toBe(true)
    // A failed statement inside a transaction rolls it back whole, and the database goes on.
    expect(await rows(sql`select name from cities where name = 'Twice'`)).toEqual([])
  })

  it('delivers a notification sent in a transaction when it commits, and never when it rolls back', async () => {
    const heard: string[] = []
    let connected = false
    const listening = await listen(database.db, 'thread_test', { onNotice: (payload) => heard.push(payload), onConnect: () => (connected = true) })
    expect(connected).toBe(true)
    await database.db.transaction(async (tx) => notify(tx, 'thread_test', 'committed'))
    await database.db
      .transaction(async (tx) => {
        await notify(tx, 'thread_test', 'rolled back')
        throw new Error('no')
      })
      .catch(() => {})
    await notify(database.db, 'thread_test', 'direct')
    await expect.poll(() => heard).toEqual(['committed', 'direct'])
    await listening.stop()
    await notify(database.db, 'thread_test', 'after stop')
    await rows(sql`select 1`) // the worker has answered everything sent before
    expect(heard).toEqual(['committed', 'direct'])
  })

  it("leaves this thread free while a long statement runs: timers fire before it is answered", async () => {
    let answered = false
    const long = rows(sql`select count(*) from generate_series(1, 3000000)`).then(() => (answered = true))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(answered).toBe(false)
    await long
  })

  it('serves the app: /readyz is 200', async () => {
    const app = createApp({ db: database.db, storage: diskStorage(join(scratch, 'uploads')), mailer: memoryMailer(), clock: manualClock() })
    expect((await app.request('/readyz')).status).toBe(200)
  })

  it('refuses every statement once closed, saying why', async () => {
    await database.close()
    // Drizzle names the statement and keeps the driver's error as the cause.
    await expect(database.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/^The embedded database stopped/) } })
  })
})
