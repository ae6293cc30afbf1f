import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { logError } from '../log'
import { PgliteThread } from './pglite-thread'
import * as schema from './schema'

/** What the app talks to, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** An open database: the Drizzle handle, plus how to migrate and close it. */
export interface Database {
  db: Db
  /** Applies pending migrations from server/db/migrations. */
  migrate(): Promise<void>
  /**
   * Runs `load` in one transaction on one connection, which may also COPY rows in (`copy`):
   * committed when it returns, rolled back when it throws.
   */
  loadingTransaction<R>(load: (tx: Db, copy: CopyInto) => Promise<R>): Promise<R>
  close(): Promise<void>
}

/**
 * Writes `csv` (rows of `columns` in PostgreSQL's CSV format, no header) into `table` with COPY:
 * for loading many rows, several times cheaper for the database than the same rows in an INSERT.
 */
export type CopyInto = (table: string, columns: readonly string[], csv: string) => Promise<void>

const copyStatement = (table: string, columns: readonly string[], source: string) =>
  `copy ${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(', ')}) from ${source} with (format csv)`

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`

const migrationsFolder = join(import.meta.dirname, 'migrations')

const instrumented = new WeakSet<object>()

/** Told how long each statement took, in seconds (the metrics' database histogram). */
export type QueryTimeListener = (seconds: number) => void

// Per driver client (a PGlite, a pg pool). Held weakly: the test suite makes many apps on one
// database, and an app that is gone must not be kept alive by its listener.
const queryTimeListeners = new WeakMap<object, Set<WeakRef<QueryTimeListener>>>()

/**
 * Calls `listener` with the duration of every statement run through `db` (from now on), until
 * the returned function is called. It is held weakly, so keep it.
 */
export function onQueryTime(db: Db, listener: QueryTimeListener): () => void {
  const client = (db as { $client?: unknown }).$client
  if (typeof client !== 'object' || client === null) return () => {} // a stand-in without a driver, as in some tests
  let listeners = queryTimeListeners.get(client)
  if (!listeners) queryTimeListeners.set(client, (listeners = new Set()))
  const ref = new WeakRef(listener)
  listeners.add(ref)
  return () => void listeners.delete(ref)
}

function reportQueryTime(client: object, started: number) {
  const listeners = queryTimeListeners.get(client)
  if (!listeners) return
  const seconds = (performance.now() - started) / 1000
  for (const ref of listeners) {
    const listener = ref.deref()
    if (listener) listener(seconds)
    else listeners.delete(ref)
  }
}

/** Times the promise a statement returns, for onQueryTime. */
async function timed<T>(client: object, run: () => Promise<T>): Promise<T> {
  const started = performance.now()
  try {
    return await run()
  } finally {
    reportQueryTime(client, started)
  }
}

/** The part of PGlite that Drizzle uses, which PgliteThread offers too. */
type PgliteClient = Pick<PGlite, 'query' | 'transaction'>

/**
 * Times every statement for onQueryTime, a transaction's as well (they go through its own
 * handle). With `yieldFirst`, each statement outside a transaction first yields to the event
 * loop: for PGlite on the server's own thread, which runs one statement at a time, synchronously,
 * inside WASM, and hands its answers back in microtasks; under load the queued statements then
 * ran back to back without Node looking at its sockets or timers in between, and a few requests
 * waited for seconds (the API bench's p99, at the same throughput, fell to about a third once each
 * statement yielded: docs/DECISIONS.md). Statements of a
 * transaction never yield: it holds the database exclusively, and waiting there would only hold
 * everyone else up. Applied once per client.
 */
function timeStatements(client: PgliteClient, { yieldFirst }: { yieldFirst: boolean }) {
  if (instrumented.has(client)) return
  instrumented.add(client)
  const query = client.query.bind(client)
  client.query = (async (text: string, params?: unknown[], options?: Parameters<typeof query>[2]) => {
    if (yieldFirst) await new Promise(setImmediate)
    return timed(client, () => query(text, params, options))
  }) as typeof client.query
  const transaction = client.transaction.bind(client)
  client.transaction = ((callback: Parameters<typeof transaction>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx)
      tx.query = ((text: string, params?: unknown[], options?: Parameters<typeof txQuery>[2]) =>
        timed(client, () => txQuery(text, params, options))) as typeof tx.query
      return callback(tx)
    })) as typeof client.transaction
}

/** Drizzle over an embedded database client, its statements timed (and with `yieldFirst`, yielding first). */
function embeddedDatabase(client: PgliteClient & Pick<PGlite, 'close'>, yieldFirst: boolean): Database {
  timeStatements(client, { yieldFirst })
  const db = drizzlePglite({ client: client as PGlite, schema })
  return {
    db,
    migrate: () => migratePglite(db, { migrationsFolder }),
    // PGlite reads COPY's data from a Blob given with the statement, as the file /dev/blob.
    loadingTransaction: (load) =>
      client.transaction((tx) =>
        load(drizzlePglite({ client: tx as unknown as PGlite, schema }), async (table, columns, csv) => {
          await tx.query(copyStatement(table, columns, `'/dev/blob'`), [], { blob: new Blob([csv]) })
        }),
      ),
    close: () => client.close(),
  }
}

/** The embedded PostgreSQL (PGlite) over an existing client on this thread, e.g. an in-memory one in tests. */
export const pgliteDatabase = (client: PGlite): Database => embeddedDatabase(client, true)

/**
 * Opens the embedded PostgreSQL in `dataDir` (`undefined` keeps it in memory), in a worker
 * thread of its own (server/db/pglite-thread.ts), so that a long statement holds that thread and
 * not the server's.
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  return embeddedDatabase((await PgliteThread.start(dataDir)) as unknown as PGlite, false)
}

/** node-postgres's default pool size, kept unless PG_POOL_MAX says otherwise. */
export const PG_POOL_MAX_DEFAULT = 10

/**
 * The pool size: PG_POOL_MAX (a whole number of at least 1), else the default. With PostgreSQL
 * on the same 2-CPU machine, GET /admin/users at 32 connections did as well with 2, 4, 10 or 32
 * connections: the differences stayed within the run-to-run spread (about 15 %), since the CPUs,
 * not the connections, are what the requests wait for. A server elsewhere, with more CPUs, may
 * want a larger pool than the default.
 */
export function pgPoolMax(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.PG_POOL_MAX?.trim()
  if (!value) return PG_POOL_MAX_DEFAULT
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new Error(`PG_POOL_MAX must be a whole number of at least 1 (got "${value}")`)
  return n
}

/**
 * Times each statement of a pooled connection for onQueryTime. pg's query takes a callback (the
 * pool's own query does) or returns a promise (Drizzle); a cursor-like Submittable is left alone.
 */
function timeQueries(pool: pg.Pool, client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((...args: unknown[]) => {
    const started = performance.now()
    const callback = args.at(-1)
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        reportQueryTime(pool, started)
        return callback(...results)
      }
      return query(...args)
    }
    const result = query(...args)
    return result instanceof Promise ? result.finally(() => reportQueryTime(pool, started)) : result
  }) as typeof client.query
}

/** The advisory lock migrations are applied under (any fixed number this app alone uses). */
const MIGRATION_LOCK_KEY = 7_300_411_001

async function loadingTransactionOn<R>(pool: pg.Pool, load: (tx: Db, copy: CopyInto) => Promise<R>): Promise<R> {
  const client = await pool.connect()
  const copy: CopyInto = (table, columns, csv) => pipeline(Readable.from([csv]), client.query(copyFrom(copyStatement(table, columns, 'stdin'))))
  let result: R
  try {
    await client.query('begin')
    result = await load(drizzleNodePg({ client, schema }), copy)
    await client.query('commit')
  } catch (err) {
    // A connection that cannot even roll back is closed rather than handed back to the pool.
    const broken = await client.query('rollback').then(
      () => undefined,
      (rollbackErr: Error) => rollbackErr,
    )
    client.release(broken)
    throw err
  }
  client.release()
  return result
}

/** A real PostgreSQL server, through a pool of `max` connections (PG_POOL_MAX, else 10). */
export function openPostgres(connectionString: string, max = pgPoolMax()): Database {
  const pool = new pg.Pool({ connectionString, max })
  // An idle client can lose its connection; without a listener that error would end the process.
  pool.on('error', (err) => logError('PostgreSQL connection', err))
  pool.on('connect', (client) => timeQueries(pool, client))
  const db = drizzleNodePg({ client: pool, schema })
  return {
    db,
    migrate: async () => {
      // Several processes started at once on one database would each apply the same pending
      // migration, and all but one fail: one migrates under this lock, the others then find
      // nothing left to do.
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
        try {
          await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder })
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
        }
      } finally {
        client.release()
      }
    },
    loadingTransaction: (load) => loadingTransactionOn(pool, load),
    close: () => pool.end(),
  }
}

/** The newest migration of server/db/migrations (its journal time, which the migrator records as created_at). */
const latestMigration = () => {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] }
  return Math.max(...journal.entries.map((e) => e.when))
}

/** Whether the newest migration has been applied to `db` (the readiness check); a database that cannot be reached throws. */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const { rows } = (await db.execute(sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { latest: string | null }[]
  }
  return Number(rows[0]?.latest ?? 0) >= latestMigration()
}

/** DATABASE_URL wins; otherwise the embedded database lives in DATA_DIR/db. */
export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? Promise.resolve(openPostgres(opts.databaseUrl)) : openPglite(join(opts.dataDir, 'db'))
}
