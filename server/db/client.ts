import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { logError } from '../log'
import * as schema from './schema'

/** What the app talks to, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** An open database: the Drizzle handle, plus how to migrate and close it. */
export interface Database {
  db: Db
  /** Applies pending migrations from server/db/migrations. */
  migrate(): Promise<void>
  close(): Promise<void>
}

const migrationsFolder = join(import.meta.dirname, 'migrations')

/** The embedded PostgreSQL (PGlite) over an existing client, e.g. an in-memory one in tests. */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite({ client, schema })
  return {
    db,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  }
}

/** Opens the embedded PostgreSQL in `dataDir`; `undefined` keeps it in memory. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } })
  return pgliteDatabase(client)
}

/** A real PostgreSQL server. */
export function openPostgres(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString })
  // An idle client can lose its connection; without a listener that error would end the process.
  pool.on('error', (err) => logError('PostgreSQL connection', err))
  const db = drizzleNodePg({ client: pool, schema })
  return {
    db,
    migrate: () => migrateNodePg(db, { migrationsFolder }),
    close: () => pool.end(),
  }
}

/** DATABASE_URL wins; otherwise the embedded database lives in DATA_DIR/db. */
export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? Promise.resolve(openPostgres(opts.databaseUrl)) : openPglite(join(opts.dataDir, 'db'))
}
