import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { threadId } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import { inject } from 'vitest'
import * as zm from 'zod/mini'
import { API_PREFIX, loginResult, type LoginResult } from '../../../contract'
import { createApp } from '../../../server/app'
import { openPostgres, pgliteDatabase, type Database, type Db } from '../../../server/db/client'
import type { AppConfig } from '../../../server/deps'
import type { NotificationDelivery } from '../../../server/notifications/delivery'
import { createLogger } from '../../../server/log'
import { diskStorage } from '../../../server/storage/disk'
import { okBody } from './bodies'
import { capturingDelivery } from './capturing-delivery'
import { embeddedTemplate } from './embedded-template'
import { manualClock, type ManualClock } from './manual-clock'
import { memoryMailer } from './memory-mailer'
import { checkingAnswers } from './openapi-check'
import { databaseUrlFor, quoteIdent } from './postgres'

/**
 * One database per worker, loaded from the suite's migrated template (global-setup.ts), and put
 * back to the template's rows before every test: emptying the tables and re-inserting a few rows
 * takes milliseconds, loading a database most of a second. The database is an embedded one
 * (PGlite), or, with DATABASE_URL set, a database of its own on that PostgreSQL server created
 * from the template database.
 */
interface WorkerDatabase {
  database: Database
  reset(): Promise<void>
}

/** Just what taking and restoring the snapshot needs, from either driver. */
interface SqlRunner {
  query<T>(text: string, params?: unknown[]): Promise<T[]>
  /** Runs a script of several statements (no parameters) in one call. */
  exec(script: string): Promise<void>
  /** Reclaims deleted rows, where nothing else does. */
  vacuum?(): Promise<void>
}

let workerDatabase: Promise<WorkerDatabase> | undefined
/** The worker's latest app, done with when the next test makes its own. */
let latestApp: { metrics: { stopTimingQueries(): void } } | undefined
const tempDirs: string[] = []

/**
 * Tables of counts that other tables' triggers keep, which fire under the replica role too
 * (migrations 0005 and 0012). They are emptied after the tables they count, whose deletes would
 * otherwise count themselves out into them again (daily_counts, emptied in alphabetical order,
 * was left with negative counts for what the previous test had made), and they are not restored:
 * the template's rows count themselves in as they go back.
 */
const COUNTER_TABLES = new Set(['row_counts', 'daily_counts'])

/** Reads the template's rows once, and returns how to put them back. */
async function snapshotReset(sql: SqlRunner): Promise<() => Promise<void>> {
  const tables = await sql.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename`,
  )
  const snapshot: { table: string; columns: string; rows: string }[] = []
  const isCounter = (table: { name: string }) => COUNTER_TABLES.has(table.name)
  for (const { name } of tables.filter((t) => !isCounter(t))) {
    const rows = await sql.query<{ rows: string }>(`select coalesce(json_agg(t), '[]')::text as rows from ${name} t`)
    // Generated columns (app_users.search_text) are computed again, not written.
    const columns = await sql.query<{ list: string }>(
      `select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as list from information_schema.columns
       where table_schema = 'public' and quote_ident(table_name) = $1 and is_generated = 'NEVER'`,
      [name],
    )
    if (rows[0] && rows[0].rows !== '[]') snapshot.push({ table: name, columns: columns[0]!.list, rows: rows[0].rows })
  }
  // DELETE, not TRUNCATE: a truncated table gets new files, and on the embedded database making
  // and opening them cost half of every reset (about 25 of its 50 ms). The counters go last: the
  // other tables' deletes count themselves out into them.
  const emptyingOrder = [...tables.filter((t) => !isCounter(t)), ...tables.filter(isCounter)]
  // One script, sent in one call: statement by statement, the calls cost more than the statements
  // (on the embedded database, about 6 ms against 3.5 for the deletes alone).
  const script = [
    'begin',
    'set local session_replication_role = replica', // rows go in and out in any order
    ...emptyingOrder.map(({ name }) => `delete from ${name}`),
    ...snapshot.map(
      ({ table, columns, rows }) =>
        `insert into ${table} (${columns}) select ${columns} from json_populate_recordset(null::${table}, '${rows.replaceAll("'", "''")}'::json)`,
    ),
    'commit',
  ].join(';\n')
  let resets = 0
  return async () => {
    try {
      await sql.exec(script)
    } catch (err) {
      await sql.exec('rollback')
      throw err
    }
    // The deleted rows stay in the tables and their indexes until a vacuum; the embedded database
    // runs none by itself (PostgreSQL's autovacuum does).
    if (++resets % VACUUM_EVERY === 0) await sql.vacuum?.()
  }
}

/** Resets between vacuums of the embedded database. */
const VACUUM_EVERY = 100

async function openWorkerPglite(): Promise<WorkerDatabase> {
  const client = await PGlite.create({ loadDataDir: await embeddedTemplate(), extensions: { pg_trgm } })
  const reset = await snapshotReset({
    query: async (text, params) => (await client.query<never>(text, params)).rows,
    exec: async (script) => void (await client.exec(script)),
    vacuum: async () => void (await client.exec('vacuum')),
  })
  return { database: pgliteDatabase(client), reset }
}

async function openWorkerPostgres(databaseUrl: string): Promise<WorkerDatabase> {
  const template = inject('postgresTemplate')
  // The worker's process and thread name its database (a new worker gets a new one), which
  // global-setup.ts drops at the end by the template's prefix.
  const name = `${template}_w${process.pid}_${threadId}`
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`)
    await admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`)
  } finally {
    await admin.end()
  }
  const url = databaseUrlFor(databaseUrl, name)
  const database = openPostgres(url)
  // The reset has a connection of its own, outside the app's pool.
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const reset = await snapshotReset({
    query: async (text, params) => (await client.query(text, params)).rows,
    exec: async (script) => void (await client.query(script)),
  })
  return { database, reset }
}

const openWorkerDatabase = () => {
  const databaseUrl = process.env.DATABASE_URL?.trim()
  return databaseUrl ? openWorkerPostgres(databaseUrl) : openWorkerPglite()
}

/** Removes the temporary upload folders made so far (setup.ts calls it after each file). */
export function resetTestUploads() {
  tempDirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }))
}

/** Signs the test storage's upload policies (tests forge policies with it). */
export const TEST_UPLOAD_SECRET = 'test-upload-secret-0123456789abcdef'

type Json = Record<string, unknown> | unknown[]
interface CallOptions {
  token?: string
  headers?: Record<string, string>
}

/**
 * A fresh app on the template's data: the two test accounts (helpers/accounts.ts), no demo
 * data, an in-memory mailer, a manual clock, disk storage in a temporary folder and a push
 * delivery that keeps what it is given (`delivered`), unless another `delivery` is passed
 * (null: no push service configured, as the server runs by default; a function: made on the
 * test's database and clock, as the FCM adapter is).
 */
export async function testApp(
  options: { config?: Partial<AppConfig>; delivery?: NotificationDelivery | null | ((db: Db, clock: ManualClock) => NotificationDelivery) } = {},
) {
  workerDatabase ??= openWorkerDatabase()
  const { database, reset } = await workerDatabase
  const { db, loadingTransaction } = database
  await reset()

  const mailer = memoryMailer()
  const clock = manualClock()
  const uploadsDir = mkdtempSync(join(tmpdir(), 'petcare-test-uploads-'))
  tempDirs.push(uploadsDir)
  const storage = diskStorage(uploadsDir, { secret: TEST_UPLOAD_SECRET })
  const delivery = capturingDelivery()
  // The access log's lines stay here (parsed), instead of filling the test output.
  const logLines: Record<string, unknown>[] = []
  const log = createLogger('json', { write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) })
  // Every answer a test gets through app.request is held to the OpenAPI document (helpers/openapi-check.ts).
  const chosen = typeof options.delivery === 'function' ? options.delivery(db, clock) : options.delivery
  const app = checkingAnswers(createApp({ db, storage, mailer, clock, delivery: chosen === undefined ? delivery : chosen, config: options.config, log }))
  latestApp?.metrics.stopTimingQueries()
  latestApp = app

  const headersOf = ({ token, headers }: CallOptions, json: boolean) => ({
    ...(json ? { 'Content-Type': 'application/json' } : {}),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...headers,
  })
  /** Calls `/api/v1${path}`. */
  const call = (method: string, path: string, json?: Json, opts: CallOptions = {}) =>
    app.request(`${API_PREFIX}${path}`, {
      method,
      headers: headersOf(opts, json !== undefined),
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    })

  const get = (path: string, opts?: CallOptions) => call('GET', path, undefined, opts)
  const post = (path: string, json?: Json, opts?: CallOptions) => call('POST', path, json, opts)
  const put = (path: string, json?: Json, opts?: CallOptions) => call('PUT', path, json, opts)

  /** Signs in and returns the login answer's data (with the token). */
  async function login(email: string, password: string): Promise<LoginResult> {
    const { data } = await okBody(await post('/admin/login', { email, password }), loginResult)
    return data
  }

  return { app, db, loadingTransaction, mailer, clock, storage, uploadsDir, delivered: delivery.delivered, logLines, call, get, post, put, login }
}

export type TestApp = Awaited<ReturnType<typeof testApp>>

/** `data: null` answers. */
export const nothing = zm.null()
