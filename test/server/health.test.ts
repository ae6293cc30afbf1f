import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { createApp } from '../../server/app'
import { openPglite, pgliteDatabase, type Database } from '../../server/db/client'
import { diskStorage } from '../../server/storage/disk'
import type { Storage } from '../../server/storage/storage'
import { embeddedTemplate } from './helpers/embedded-template'
import { manualClock } from './helpers/manual-clock'
import { memoryMailer } from './helpers/memory-mailer'
import { testApp } from './helpers/test-app'

const appOn = (database: Database, storage: Storage) => createApp({ db: database.db, storage, mailer: memoryMailer(), clock: manualClock() })

async function probe(app: { request: (path: string) => Response | Promise<Response> }, path: string) {
  const res = await app.request(path)
  return { status: res.status, cacheControl: res.headers.get('Cache-Control'), body: await res.json() }
}

describe('GET /healthz and /readyz', () => {
  let scratch: string
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'petcare-health-'))
  })
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))
  const uploadsIn = (name: string) => diskStorage(join(scratch, name), { secret: 'x'.repeat(32) })

  it('answer 200 ok without sign-in, never cached, when the database and the storage are fine', async () => {
    const { app } = await testApp()
    expect(await probe(app, '/healthz')).toEqual({ status: 200, cacheControl: 'no-store', body: { status: 'ok' } })
    expect(await probe(app, '/readyz')).toEqual({ status: 200, cacheControl: 'no-store', body: { status: 'ok' } })
  })

  // An embedded database each: a copy of the suite's migrated template (global-setup.ts).
  describe('on a database of their own', () => {
    let database: Database
    // One to close or change at will: from the suite's template, or (a PostgreSQL run has none) migrated here.
    const open = async () => {
      const loadDataDir = await embeddedTemplate()
      if (loadDataDir) {
        database = pgliteDatabase(await PGlite.create({ loadDataDir, extensions: { pg_trgm } }))
      } else {
        database = await openPglite(undefined)
        await database.migrate()
      }
    }
    afterEach(async () => {
      await database.close().catch(() => {})
    })

    it('/readyz answers 503 when the database is closed, and /healthz still 200', async () => {
      await open()
      const app = appOn(database, uploadsIn('closed-db'))
      expect((await probe(app, '/readyz')).status).toBe(200)
      await database.close()
      expect(await probe(app, '/readyz')).toEqual({ status: 503, cacheControl: 'no-store', body: { status: 'unavailable' } })
      expect((await probe(app, '/healthz')).status).toBe(200)
    })

    it('/readyz answers 503 when the newest migration is not recorded', async () => {
      await open()
      const app = appOn(database, uploadsIn('behind'))
      expect((await probe(app, '/readyz')).status).toBe(200)
      await database.db.execute('delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)')
      expect(await probe(app, '/readyz')).toEqual({ status: 503, cacheControl: 'no-store', body: { status: 'unavailable' } })
    })

    it('/readyz answers 503 when no file can be stored, and says nothing of why', async () => {
      await open()
      const file = join(scratch, 'not-a-folder')
      writeFileSync(file, '')
      const res = await appOn(database, diskStorage(join(file, 'uploads'))).request('/readyz')
      expect(res.status).toBe(503)
      expect(await res.text()).toBe('{"status":"unavailable"}')
    })
  })
})
