/**
 * The API part of `npm run bench`: GET /api/v1/admin/users over 100,000 users, loaded with
 * autocannon at 32 connections for a fixed time, next to the same SQL run directly.
 *
 * - Database: the embedded one (PGlite) in .bench-data/users-100k, seeded with `npm run seed`
 *   the first time (about 30 s) and reused afterwards while it holds 100,000 users. With
 *   DATABASE_URL set, that PostgreSQL database is used instead and topped up to 100,000 users by
 *   the seed script: point it at a scratch database.
 * - Server: the app of server/app.ts on that database, behind the access-log middleware (its lines
 *   discarded), served by @hono/node-server on 127.0.0.1 on a free port, in this process's main
 *   thread. The load runs in a worker thread (bench/load.ts), over loopback.
 * - Direct SQL: each scenario's statements are recorded at the driver while one request runs; the
 *   list and count statements are then replayed on the same driver, sequentially, as the route
 *   sends them (both at once). The ratio is the endpoint's p50 under load over that direct p50.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { availableParallelism, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { PGlite } from '@electric-sql/pglite'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import pg from 'pg'
import { API_PREFIX } from '../contract'
import { createApp, type App } from '../server/app'
import { findAdminByEmail } from '../server/auth/admins'
import { startSession } from '../server/auth/sessions'
import { systemClock } from '../server/clock'
import { loadConfig, type ServerConfig } from '../server/config'
import { openDatabase, type Database, type Db } from '../server/db/client'
import { appUsers } from '../server/db/schema'
import { adminAccounts, ensureAdmins } from '../server/db/seed'
import { accessLog } from '../server/http/access-log'
import { lockDataDir, type DataDirLock } from '../server/lock'
import { diskStorage } from '../server/storage/disk'
import { percentile, runLoad, type LoadResult } from './load'

const REPO = resolve(import.meta.dirname, '..')
export const BENCH_DATA_DIR = join(REPO, '.bench-data', 'users-100k')
export const BENCH_USERS = 100_000

/** The goal of the issue: p95 under load, and endpoint p50 over direct SQL p50. */
const GOAL = { p95Ms: 20, ratio: 2 } as const

export interface ApiBenchOptions {
  /** Concurrent connections of the load. */
  connections: number
  /** Measured seconds per scenario. */
  durationS: number
  /** Unmeasured seconds of load before each measurement. */
  warmupS: number
  /** The embedded database's DATA_DIR (ignored with DATABASE_URL). */
  dataDir: string
}

export const API_BENCH_DEFAULTS: ApiBenchOptions = { connections: 32, durationS: 10, warmupS: 2, dataDir: BENCH_DATA_DIR }

interface Scenario {
  name: string
  query: string
}

/** "smith" is one surname in 40 of the seeded users: 2,500 matches, 250 pages. */
const SCENARIOS: Scenario[] = [
  { name: 'list, page 1', query: 'page=1&limit=10' },
  { name: 'search "smith"', query: 'page=1&limit=10&search=smith' },
  { name: 'by name, page 5000', query: 'page=5000&limit=10&sortBy=name&sortOrder=1' },
]

/** Seconds of the one-connection run after each load. */
const SINGLE_CONNECTION_S = 3

/** How the direct SQL is repeated: at least `min` runs, at most `max`, stopping after `budgetMs`. */
const DIRECT_RUNS = { warmup: 3, min: 15, max: 300, budgetMs: 2000 } as const

// ---------------------------------------------------------------------------------------------
// The database

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** Runs the seed script (scripts/seed.ts) in a child process, adding `users` users. */
function seed(users: number, env: NodeJS.ProcessEnv, dataDir?: string) {
  const args = ['tsx', 'scripts/seed.ts', '--users', String(users), ...(dataDir ? ['--data-dir', dataDir] : [])]
  execFileSync('npx', args, { cwd: REPO, stdio: 'inherit', env })
}

interface BenchDatabase {
  database: Database
  lock: DataDirLock | undefined
  where: string
}

async function openAndCount(config: ServerConfig, dataDir: string) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir })
  await database.migrate()
  return { database, users: await database.db.$count(appUsers) }
}

/**
 * The embedded bench database (seeded once, then reused while it holds BENCH_USERS users), or
 * DATABASE_URL's, topped up to BENCH_USERS users.
 */
async function prepareDatabase(config: ServerConfig, dataDir: string): Promise<BenchDatabase> {
  const embedded = !config.databaseUrl
  const where = embedded ? `embedded (PGlite) in ${dataDir}` : 'PostgreSQL (DATABASE_URL)'
  // The seed child must fill the same database: the embedded one unless DATABASE_URL is set.
  const env = { ...process.env, DATABASE_URL: config.databaseUrl ?? '' }
  const dbDir = join(dataDir, 'db')
  // Like the server, hold DATA_DIR while the embedded database is open (the seed takes it itself).
  const lock = () => (embedded ? lockDataDir(dataDir) : undefined)

  if (embedded && !existsSync(join(dbDir, 'PG_VERSION'))) {
    const started = performance.now()
    console.info(`No bench database in ${dataDir} yet: seeding ${BENCH_USERS} users (once; reused by later runs)...`)
    seed(BENCH_USERS, env, dataDir)
    console.info(`Seeded in ${seconds(performance.now() - started)}.`)
  }

  let held = lock()
  let { database, users } = await openAndCount(config, dataDir)
  if (users !== BENCH_USERS) {
    await database.close()
    held?.release()
    if (users > BENCH_USERS && embedded && resolve(dataDir) === BENCH_DATA_DIR) {
      // Our own folder, with too many users: start it again.
      console.info(`The bench database has ${users} users, not ${BENCH_USERS}: seeding it again...`)
      rmSync(dbDir, { recursive: true, force: true })
      seed(BENCH_USERS, env, dataDir)
    } else if (users < BENCH_USERS) {
      console.info(`The ${where} database has ${users} users: adding ${BENCH_USERS - users}...`)
      seed(BENCH_USERS - users, env, embedded ? dataDir : undefined)
    }
    held = lock()
    ;({ database, users } = await openAndCount(config, dataDir))
    if (users !== BENCH_USERS) console.warn(`Note: the database has ${users} users, not ${BENCH_USERS}; measuring it as it is.`)
  }
  // The seed creates the configured admins; a database filled some other way may lack them.
  await ensureAdmins(database.db, adminAccounts(config.admin, config.subAdmin))
  return { database, lock: held, where }
}

// ---------------------------------------------------------------------------------------------
// The driver under Drizzle: statements recorded as the app sends them, and replayed directly.

interface Statement {
  text: string
  params: unknown[]
}

interface RawDriver {
  /** Runs a statement on the driver itself: no Drizzle, no HTTP. */
  query(text: string, params: unknown[]): Promise<unknown>
  /** Hands every statement the app sends to `sink`, until the returned function is called. */
  record(sink: (statement: Statement) => void): () => void
}

/** Set while the server handles a probe request: only its statements are recorded. */
const probeContext = new AsyncLocalStorage<true>()
const PROBE_HEADER = 'x-bench-probe'
const sinkOf = (sink: (statement: Statement) => void) => (statement: Statement) => {
  if (probeContext.getStore()) sink(statement)
}

function rawDriver(db: Db): RawDriver {
  const client = (db as unknown as { $client: unknown }).$client
  if (client instanceof PGlite) {
    // The direct runs call PGlite's own query, not the app's (server/db/client.ts makes each of
    // the app's statements yield to the event loop first).
    const direct = (PGlite.prototype.query as typeof client.query).bind(client)
    return {
      query: (text, params) => direct(text, params, { rowMode: 'array' }),
      record(to) {
        const sink = sinkOf(to)
        const original = client.query
        const query = original.bind(client)
        client.query = ((text: string, params?: unknown[], options?: Parameters<typeof query>[2]) => {
          sink({ text, params: params ?? [] })
          return query(text, params, options)
        }) as typeof client.query
        return () => {
          client.query = original
        }
      },
    }
  }
  if (client instanceof pg.Pool) {
    type Query = (config: string | pg.QueryConfig, values?: unknown[]) => Promise<unknown>
    const pool = client as unknown as { query: Query }
    const query = pool.query.bind(client)
    return {
      query: (text, params) => query({ text, values: params, rowMode: 'array' } as pg.QueryConfig),
      record(to) {
        const sink = sinkOf(to)
        const original = pool.query
        pool.query = (config, values) => {
          const text = typeof config === 'string' ? config : config.text
          sink({ text, params: values ?? (typeof config === 'string' ? [] : (config.values ?? [])) })
          return query(config, values)
        }
        return () => {
          pool.query = original
        }
      },
    }
  }
  throw new Error('Unknown database driver: neither PGlite nor pg.Pool')
}

type StatementKind = 'session' | 'list' | 'count' | 'other'
const kindOf = (text: string): StatementKind =>
  /"sessions"/.test(text) ? 'session' : /^select count\(\*\)|from "row_counts"/i.test(text) ? 'count' : /from "app_users"/.test(text) ? 'list' : 'other'

/** Runs `run` repeatedly, one at a time, and returns each run's duration (ms), sorted. */
async function timeRuns(run: () => Promise<unknown>): Promise<Float64Array> {
  for (let i = 0; i < DIRECT_RUNS.warmup; i++) await run()
  const times: number[] = []
  const started = performance.now()
  while (times.length < DIRECT_RUNS.max && (times.length < DIRECT_RUNS.min || performance.now() - started < DIRECT_RUNS.budgetMs)) {
    const t = performance.now()
    await run()
    times.push(performance.now() - t)
  }
  return Float64Array.from(times).sort()
}

// ---------------------------------------------------------------------------------------------
// The run

interface ScenarioResult {
  scenario: Scenario
  total: number
  load: LoadResult
  /** The same at one connection. */
  single: LoadResult
  /** The route's SQL (list and count, at once), direct, per run. */
  direct: Float64Array
  /** Each statement of one request on its own, direct, per run. */
  statements: { kind: StatementKind; times: Float64Array }[]
}

async function signIn(baseUrl: string, config: ServerConfig, db: Db): Promise<string> {
  const res = await fetch(`${baseUrl}${API_PREFIX}/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: config.admin.email, password: config.admin.password }),
  })
  if (res.ok) return ((await res.json()) as { data: { token: string } }).data.token
  // A password changed in the app: open a session the way the login route does.
  const admin = await findAdminByEmail(db, config.admin.email)
  if (!admin) throw new Error(`Could not sign in as ${config.admin.email} (HTTP ${res.status}), and no such admin exists`)
  return startSession(db, admin.id, systemClock.now(), config.sessionTtlMs)
}

/** The app served on loopback, with the requests it is handling counted. */
interface Harness {
  baseUrl: string
  headers: Record<string, string>
  driver: RawDriver
  /** Resolves once no request has been in progress for a moment. */
  settled(): Promise<void>
}

async function runScenario(scenario: Scenario, harness: Harness, options: ApiBenchOptions): Promise<ScenarioResult> {
  const { baseUrl, headers, driver } = harness
  const url = `${baseUrl}${API_PREFIX}/admin/users?${scenario.query}`

  // One request, marked so that only its statements are recorded.
  const recorded: Statement[] = []
  const stop = driver.record((s) => recorded.push(s))
  const res = await fetch(url, { headers: { ...headers, [PROBE_HEADER]: '1' } }).finally(stop)
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status} ${await res.text()}`)
  const { total } = (await res.json()) as { total: number }
  const routeSql = recorded.filter((s) => kindOf(s.text) !== 'session')

  console.info(`  ${scenario.name}: ${options.warmupS} s warm-up, ${options.durationS} s at ${options.connections} connections...`)
  if (options.warmupS > 0) await runLoad({ url, headers, connections: options.connections, durationS: options.warmupS })
  const load = await runLoad({ url, headers, connections: options.connections, durationS: options.durationS })
  // The requests the load left behind finish first (PGlite answers in microtasks, so a loop of
  // queries would otherwise keep them waiting, and they would run into what follows).
  await harness.settled()
  // One connection: the latency without queueing.
  const single = await runLoad({ url, headers, connections: 1, durationS: SINGLE_CONNECTION_S })
  await harness.settled()

  // The SQL on an idle server, as the route sends it (both at once), then each statement alone.
  const direct = await timeRuns(() => Promise.all(routeSql.map((s) => driver.query(s.text, s.params))))
  const statements = []
  for (const s of recorded) statements.push({ kind: kindOf(s.text), times: await timeRuns(() => driver.query(s.text, s.params)) })
  return { scenario, total, load, single, direct, statements }
}

/** Serves `api` on 127.0.0.1 (a free port) behind the access log, as server/index.ts mounts it. */
async function serveApp(api: App): Promise<{ server: Server; baseUrl: string; settled: () => Promise<void> }> {
  let inFlight = 0
  const root = new Hono()
  root.use(async (c, next) => {
    inFlight++
    try {
      await (c.req.header(PROBE_HEADER) ? probeContext.run(true, next) : next())
    } finally {
      inFlight--
    }
  })
  root.use(accessLog(false, () => {})) // the lines are dropped rather than printed
  root.route('/', api)
  const server = serve({ fetch: root.fetch, hostname: '127.0.0.1', port: 0 }) as Server
  await once(server, 'listening')
  const settled = async () => {
    server.closeIdleConnections()
    for (let quiet = 0; quiet < 3; ) {
      await sleep(20) // a macrotask: lets the server read what is still waiting in its sockets
      quiet = inFlight === 0 ? quiet + 1 : 0
    }
  }
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, settled }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-')
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS')

function report(results: ScenarioResult[], options: ApiBenchOptions, embedded: boolean) {
  console.info(`\nGET ${API_PREFIX}/admin/users, ${options.connections} connections, ${options.durationS} s each (latencies in ms):`)
  console.table(
    results.map(({ scenario, total, load, direct }) => {
      const p50 = percentile(load.latencies, 0.5)
      const p95 = percentile(load.latencies, 0.95)
      const ratio = p50 / percentile(direct, 0.5)
      return {
        scenario: scenario.name,
        matches: total,
        'req/s': Math.round(load.reqPerSec),
        p50: ms(p50),
        p95: ms(p95),
        p99: ms(percentile(load.latencies, 0.99)),
        'non-2xx': load.non2xx + load.errors + load.timeouts,
        'SQL p50': ms(percentile(direct, 0.5)),
        'SQL p95': ms(percentile(direct, 0.95)),
        'ratio p50': ratio.toFixed(1),
        [`p95≤${GOAL.p95Ms}`]: verdict(p95 <= GOAL.p95Ms),
        [`ratio≤${GOAL.ratio}`]: verdict(ratio <= GOAL.ratio),
      }
    }),
  )
  console.info(
    '  SQL: the route\'s list and count statements run directly on the driver, one request at a time, idle server.\n' +
      '  ratio p50: endpoint p50 under load / SQL p50. non-2xx counts errors and timeouts too.',
  )

  console.info('\nWhere the time goes (ms): each statement alone, directly (p50); one connection; the load above:')
  console.table(
    results.map(({ scenario, statements, load, single, direct }) => {
      // A request may send two statements of a kind (e.g. the session lookup and its touch).
      const byKind = new Map<StatementKind, number>()
      for (const { kind, times } of statements) byKind.set(kind, (byKind.get(kind) ?? 0) + percentile(times, 0.5))
      const singleP50 = percentile(single.latencies, 0.5)
      return {
        scenario: scenario.name,
        ...Object.fromEntries([...byKind].map(([kind, value]) => [kind, ms(value)])),
        'p50, 1 conn.': ms(singleP50),
        'ratio, 1 conn.': (singleP50 / percentile(direct, 0.5)).toFixed(1),
        [`ms/req, ${options.connections} conn.`]: ms(1000 / load.reqPerSec),
      }
    }),
  )
  const n = options.connections
  console.info(
    `  ms/req: 1000 / (req/s), the server's time per request once requests queue. ` +
      (embedded
        ? `The embedded database runs one\n  statement at a time, so at ${n} connections a request waits behind the others: mean latency is ${n} x ms/req.`
        : `PostgreSQL runs statements side by side\n  (up to the pool's connections and the CPUs); mean latency is still ${n} x ms/req.`),
  )

  const missed = results.filter(({ load, direct }) => {
    const p50 = percentile(load.latencies, 0.5)
    return percentile(load.latencies, 0.95) > GOAL.p95Ms || p50 / percentile(direct, 0.5) > GOAL.ratio
  })
  console.info(
    missed.length === 0
      ? `\nGoal (p95 ≤ ${GOAL.p95Ms} ms, ratio ≤ ${GOAL.ratio}): PASS`
      : `\nGoal (p95 ≤ ${GOAL.p95Ms} ms, ratio ≤ ${GOAL.ratio}): MISS (${missed.map((r) => r.scenario.name).join(', ')})`,
  )
}

/** Seeds or reuses the database, serves the app, loads each scenario and prints the figures. */
export async function runApiBench(options: ApiBenchOptions = API_BENCH_DEFAULTS): Promise<void> {
  const config = loadConfig(process.env)
  const { database, lock, where } = await prepareDatabase(config, resolve(options.dataDir))
  let server: Server | undefined
  try {
    const api = createApp({
      db: database.db,
      storage: diskStorage(join(options.dataDir, 'uploads')),
      mailer: { send: async () => {} },
      clock: systemClock,
      config: { sessionTtlMs: config.sessionTtlMs },
    })
    const served = await serveApp(api)
    server = served.server
    const { baseUrl, settled } = served

    const token = await signIn(baseUrl, config, database.db)
    const harness: Harness = { baseUrl, headers: { Authorization: `Bearer ${token}` }, driver: rawDriver(database.db), settled }

    console.info(`\nAPI load: database ${where}, server ${baseUrl}`)
    // Other work on the machine shows in every figure: say how busy it was.
    console.info(`  ${availableParallelism()} CPUs, load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} (1, 5, 15 min)`)
    const results: ScenarioResult[] = []
    for (const scenario of SCENARIOS) results.push(await runScenario(scenario, harness, options))
    report(results, options, !config.databaseUrl)
  } finally {
    if (server) {
      server.closeAllConnections()
      await new Promise((done) => server!.close(done))
    }
    await database.close()
    lock?.release()
  }
}
