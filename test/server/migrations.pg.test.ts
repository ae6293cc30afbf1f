import pg from 'pg'
import { openPostgres } from '../../server/db/client'
import { scratchDatabase } from './helpers/postgres'

// Runs only on PostgreSQL (vitest.config.ts includes *.pg.test.ts when DATABASE_URL is set).
const databaseUrl = process.env.DATABASE_URL!.trim()

describe('migrations on PostgreSQL', () => {
  it('are applied once when several servers start at the same moment on a new database', async () => {
    const scratch = await scratchDatabase(databaseUrl, `petcare_migrate_${process.pid}`)
    const servers = [openPostgres(scratch.url, 2), openPostgres(scratch.url, 2), openPostgres(scratch.url, 2)]
    try {
      const outcomes = await Promise.allSettled(servers.map((server) => server.migrate()))
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled'])
      const check = new pg.Client(scratch.url)
      await check.connect()
      const { rows } = await check.query<{ times: number }>('select count(*)::int as times from drizzle.__drizzle_migrations group by hash')
      await check.end()
      expect(rows.length).toBeGreaterThan(5)
      expect(rows.every((row) => row.times === 1)).toBe(true)
    } finally {
      await Promise.all(servers.map((server) => server.close()))
      await scratch.drop()
    }
  }, 60_000)
})
