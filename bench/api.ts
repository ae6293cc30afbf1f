/**
 * The API part of `npm run bench`: GET /api/v1/admin/users over 100,000 users, loaded with
 * autocannon at 32 connections for a fixed time, next to the same SQL run directly.
 *
 * - Database: the embedded one (PGlite) in .bench-data/users-100k, seeded with `npm run seed`
 *   the first time (about 30 s) and reused afterwards while it holds 100,000 users. With
 *   DATABASE_URL set, that PostgreSQL database is used instead and topped up to 100,000 users by
 *   the seed script: point it at a scratch database (bench/README.md sets one up). Its pool has
 *   PG_POOL_MAX connections (server/db/client.ts; 10 unless set).
 * - Server: the app of server/app.ts on that database, behind the access-log middleware (its lines
 *   discarded), served by @hono/node-server on 127.0.0.1 on a free port, in this process's main
 *   thread. The load runs in a worker thread (bench/load.ts), over loopback, on the same CPUs.
 * - Direct SQL: each scenario's statements are recorded at the driver while one probe request
 *   runs, with when each was sent and answered, and replayed on the same driver in the route's
 *   order (the list and the row_counts total at once; the search's count after its page):
 *   - idle: one replay at a time on the idle server;
 *   - at the load's concurrency: as many replay loops at once as the load has connections, for
 *     as long as the load, through the same driver (PGlite's queue, or the app's own pg pool).
 * - The ratios:
 *   - ratio p50 (the issue's): endpoint p50 under load / idle SQL p50. It sets a latency under
 *     queueing against one without: by Little's law the endpoint's mean latency at N connections is
 *     N / throughput, so this ratio is at least N / (throughput x idle SQL time), and at 32
 *     connections on 2 CPUs it cannot come near 2 even with no API at all (bench/README.md).
 *   - ratio p95 at N×: endpoint p95 / direct SQL p95 at the same concurrency. Both queue the same
 *     way, so this is what HTTP, auth, validation, Drizzle and JSON add: the API's own overhead.
 * - Also printed: each statement alone, the endpoint at one connection, the throughput each
 *   latency goal needs (Little's law), and where the CPUs went during each load (/proc, Linux):
 *   the server thread, the load generator, PostgreSQL, and anything else running meanwhile.
 *   With --cpu-prof DIR, the server thread's CPU profile of each load is written to DIR.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import inspector from 'node:inspector/promises'
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
import { adminAccounts, ensureAdmins } from '../server/seed/seed'
import { lockDataDir, type DataDirLock } from '../server/lock'
import { createLogger } from '../server/log'
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
  /** Only these scenarios (their ids, SCENARIO_IDS); all when empty. */
  scenarios: string[]
  /** When set, the main thread's CPU profile of each measured load is written there (.cpuprofile). */
  cpuProfDir?: string | undefined
}

export const API_BENCH_DEFAULTS: ApiBenchOptions = { connections: 32, durationS: 10, warmupS: 2, dataDir: BENCH_DATA_DIR, scenarios: [] }

interface Scenario {
  id: string
  name: string
  query: string
}

/** "smith" is one surname in 40 of the seeded users: 2,500 matches, 250 pages. */
const SCENARIOS: Scenario[] = [
  { id: 'page1', name: 'list, page 1', query: 'page=1&limit=10' },
  { id: 'search', name: 'search "smith"', query: 'page=1&limit=10&search=smith' },
  { id: 'page5000', name: 'by name, page 5000', query: 'page=5000&limit=10&sortBy=name&sortOrder=1' },
]
export const SCENARIO_IDS = SCENARIOS.map((s) => s.id)

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

/** A statement as the app sent it: when it was sent and when its answer came (performance.now()). */
interface RecordedStatement extends Statement {
  startedAt: number
  endedAt?: number
}

interface RawDriver {
  /** What runs the statements, and how many at once. */
  describe: string
  /** Runs a statement on the driver itself: no Drizzle, no HTTP. */
  query(text: string, params: unknown[]): Promise<unknown>
  /** Hands every statement the app sends to `sink`, until the returned function is called. */
  record(sink: (statement: RecordedStatement) => void): () => void
}

/** Set while the server handles a probe request: only its statements are recorded. */
const probeContext = new AsyncLocalStorage<true>()
const PROBE_HEADER = 'x-bench-probe'
/** Records a probe request's statements, each with the time it was sent and answered. */
const recorderOf =
  (sink: (statement: RecordedStatement) => void) =>
  <T>(statement: Statement, send: () => Promise<T>): Promise<T> => {
    if (!probeContext.getStore()) return send()
    const recorded: RecordedStatement = { ...statement, startedAt: performance.now() }
    sink(recorded)
    const answer = send()
    const done = () => {
      recorded.endedAt = performance.now()
    }
    answer.then(done, done)
    return answer
  }

function rawDriver(db: Db): RawDriver {
  const client = (db as unknown as { $client: unknown }).$client
  if (client instanceof PGlite) {
    // The direct runs call PGlite's own query, not the app's (server/db/client.ts makes each of
    // the app's statements yield to the event loop first).
    const direct = (PGlite.prototype.query as typeof client.query).bind(client)
    return {
      describe: 'PGlite, one statement at a time (its own queue)',
      query: (text, params) => direct(text, params, { rowMode: 'array' }),
      record(to) {
        const recorder = recorderOf(to)
        const original = client.query
        const query = original.bind(client)
        client.query = ((text: string, params?: unknown[], options?: Parameters<typeof query>[2]) =>
          recorder({ text, params: params ?? [] }, () => query(text, params, options))) as typeof client.query
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
      describe: `pg.Pool of ${client.options.max} connections (PG_POOL_MAX)`,
      query: (text, params) => query({ text, values: params, rowMode: 'array' } as pg.QueryConfig),
      record(to) {
        const recorder = recorderOf(to)
        const original = pool.query
        pool.query = (config, values) => {
          const text = typeof config === 'string' ? config : config.text
          const params = values ?? (typeof config === 'string' ? [] : (config.values ?? []))
          return recorder({ text, params }, () => query(config, values))
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

/**
 * The route's statements in the order it sends them: a statement that was sent before another
 * of the current stage had been answered runs beside it (Promise.all), one sent after all of
 * them had been answered waits for them (e.g. the search's count, sent once its page proved short
 * of the total).
 */
function stagesOf(statements: RecordedStatement[]): Statement[][] {
  const stages: RecordedStatement[][] = []
  for (const statement of statements) {
    const stage = stages.at(-1)
    if (stage?.some((s) => s.endedAt === undefined || statement.startedAt < s.endedAt)) stage.push(statement)
    else stages.push([statement])
  }
  return stages
}

const shapeOf = (stages: Statement[][]) => stages.map((stage) => stage.map((s) => kindOf(s.text)).join(' ∥ ')).join(' → ')

/** Replays `stages` on the driver: one stage after another, the statements of a stage at once. */
const replay = (driver: RawDriver, stages: Statement[][]) => async () => {
  for (const stage of stages) await Promise.all(stage.map((s) => driver.query(s.text, s.params)))
}

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

/** Direct runs at a concurrency: like the HTTP load, without HTTP. */
interface DirectLoad {
  reqPerSec: number
  /** Each run's duration (ms), sorted. */
  latencies: Float64Array
}

/**
 * `run` from `concurrency` loops at once for `durationS` seconds, as autocannon's connections
 * send requests: each loop starts its next run as soon as its last one is answered. The loops
 * share the driver as the requests do (PGlite's queue, or the pg pool and its waiting list).
 */
async function directLoad(run: () => Promise<unknown>, concurrency: number, durationS: number): Promise<DirectLoad> {
  const latencies: number[] = []
  const started = performance.now()
  const until = started + durationS * 1000
  const loop = async () => {
    while (performance.now() < until) {
      const t = performance.now()
      await run()
      latencies.push(performance.now() - t)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, loop))
  return { reqPerSec: latencies.length / ((performance.now() - started) / 1000), latencies: Float64Array.from(latencies).sort() }
}

// ---------------------------------------------------------------------------------------------
// The run

interface ScenarioResult {
  scenario: Scenario
  total: number
  load: LoadResult
  /** The same at one connection. */
  single: LoadResult
  /** The 1-minute load average of the machine as the scenario began. */
  loadAvg: number
  /** CPUs used during the measured load (Linux). */
  cpu: CpuUse | undefined
  /** The route's SQL (list and count) as the route sends it (`shape`), direct, one run at a time. */
  shape: string
  direct: Float64Array
  /** The same from as many loops at once as the load has connections, for as long. */
  directLoad: DirectLoad
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
  const recorded: RecordedStatement[] = []
  const stop = driver.record((s) => recorded.push(s))
  const res = await fetch(url, { headers: { ...headers, [PROBE_HEADER]: '1' } }).finally(stop)
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status} ${await res.text()}`)
  const { total } = (await res.json()) as { total: number }
  // An AsyncLocalStorage in use makes Node track every promise (async_hooks): about 3 % of the
  // server's thread under load, a cost the app itself does not have. Off until the next probe.
  probeContext.disable()
  const stages = stagesOf(recorded.filter((s) => kindOf(s.text) !== 'session'))
  const routeSql = replay(driver, stages)

  const n = options.connections
  const loadAvg = loadavg()[0]!
  console.info(`  ${scenario.name}: ${options.warmupS} s warm-up, ${options.durationS} s at ${n} connections, then the SQL directly...`)
  if (options.warmupS > 0) await runLoad({ url, headers, connections: n, durationS: options.warmupS })
  const profiling = options.cpuProfDir ? await startProfile() : undefined
  const cpuBefore = cpuSnapshot()
  const load = await runLoad({ url, headers, connections: n, durationS: options.durationS })
  const cpu = cpuUse(cpuBefore, cpuSnapshot())
  if (profiling) console.info(`    CPU profile of the server's thread: ${await profiling.stop(options.cpuProfDir!, scenario.id)}`)
  // The requests the load left behind finish first (PGlite answers in microtasks, so a loop of
  // queries would otherwise keep them waiting, and they would run into what follows).
  await harness.settled()
  // One connection: the latency without queueing.
  const single = await runLoad({ url, headers, connections: 1, durationS: SINGLE_CONNECTION_S })
  await harness.settled()

  // The SQL on an idle server, as the route sends it, then each statement alone.
  const direct = await timeRuns(routeSql)
  const statements = []
  for (const s of recorded) statements.push({ kind: kindOf(s.text), times: await timeRuns(() => driver.query(s.text, s.params)) })
  // The same SQL at the load's concurrency, warmed up and measured as long as the load.
  if (options.warmupS > 0) await directLoad(routeSql, n, options.warmupS)
  const concurrent = await directLoad(routeSql, n, options.durationS)
  return { scenario, total, load, loadAvg, cpu, single, shape: shapeOf(stages), direct, directLoad: concurrent, statements }
}

/** CPU time so far (ms): the machine's (busy, and all), this process's, its main thread's, local PostgreSQL's. */
interface CpuSnapshot {
  at: number
  machineBusy: number
  machineTotal: number
  process: number
  serverThread: number
  postgres: number
}

/** Clock ticks (USER_HZ: 100 on Linux) of /proc's counters, in ms. */
const TICK_MS = 10

/** utime + stime (ms) of a /proc/.../stat line, and its command name. */
function procStat(path: string): { comm: string; cpuMs: number } {
  const stat = readFileSync(path, 'utf8')
  const close = stat.lastIndexOf(')')
  const fields = stat.slice(close + 2).split(' ') // from field 3 (state) on
  return { comm: stat.slice(stat.indexOf('(') + 1, close), cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS }
}

/** The CPU time of this machine's `postgres` processes (0 when the server runs elsewhere). */
function postgresCpuMs(): number {
  let total = 0
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      const { comm, cpuMs } = procStat(`/proc/${pid}/stat`)
      if (comm === 'postgres') total += cpuMs
    } catch {
      // gone meanwhile
    }
  }
  return total
}

/** Linux (/proc) only: undefined elsewhere. */
function cpuSnapshot(): CpuSnapshot | undefined {
  try {
    // /proc/stat: "cpu user nice system idle iowait irq softirq steal ...", in clock ticks.
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
    const idle = ticks[3]! + ticks[4]!
    const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0)
    const usage = process.cpuUsage()
    return {
      at: performance.now(),
      machineBusy: (total - idle) * TICK_MS,
      machineTotal: total * TICK_MS,
      process: (usage.user + usage.system) / 1000,
      serverThread: procStat(`/proc/self/task/${process.pid}/stat`).cpuMs,
      postgres: postgresCpuMs(),
    }
  } catch {
    return undefined
  }
}

/** CPU use between two snapshots, in CPUs (1 = one CPU all the time). */
interface CpuUse {
  /** The whole machine. */
  machine: number
  /** The server's thread (this process's main thread). */
  serverThread: number
  /** The rest of this process: the load generator's worker thread, GC and libuv threads. */
  restOfProcess: number
  /** This machine's PostgreSQL server processes. */
  postgres: number
  /** Everything else on the machine (other people's work, the kernel's). */
  others: number
}

function cpuUse(from: CpuSnapshot | undefined, to: CpuSnapshot | undefined): CpuUse | undefined {
  if (!from || !to) return undefined
  const wall = to.at - from.at
  const machine = ((to.machineBusy - from.machineBusy) / (to.machineTotal - from.machineTotal)) * availableParallelism()
  const process = (to.process - from.process) / wall
  const serverThread = (to.serverThread - from.serverThread) / wall
  const postgres = (to.postgres - from.postgres) / wall
  return { machine, serverThread, restOfProcess: process - serverThread, postgres, others: Math.max(0, machine - process - postgres) }
}

/** Profiles this thread (the server's) until `stop`, which writes DIR/api-SCENARIO-TIME.cpuprofile (open it in Chrome DevTools). */
async function startProfile() {
  const session = new inspector.Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  return {
    async stop(dir: string, id: string) {
      const { profile } = await session.post('Profiler.stop')
      session.disconnect()
      mkdirSync(dir, { recursive: true })
      const file = join(dir, `api-${id}-${Date.now()}.cpuprofile`)
      writeFileSync(file, JSON.stringify(profile))
      return file
    },
  }
}

/** Serves `api` (with its access log) on 127.0.0.1, a free port. */
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
const p = (sorted: ArrayLike<number>, q: number) => percentile(sorted, q)

/** The two ratios of a scenario: the issue's (idle SQL), and at equal concurrency. */
function ratiosOf({ load, direct, directLoad }: ScenarioResult) {
  return { idle: p(load.latencies, 0.5) / p(direct, 0.5), concurrent: p(load.latencies, 0.95) / p(directLoad.latencies, 0.95) }
}

function report(results: ScenarioResult[], options: ApiBenchOptions, embedded: boolean) {
  const n = options.connections
  // Little's law: n requests always in flight, so mean latency = n / throughput.
  const neededReqPerSec = n / (GOAL.p95Ms / 1000)

  console.info(`\nGET ${API_PREFIX}/admin/users, ${n} connections, ${options.durationS} s each (latencies in ms):`)
  console.table(
    results.map(({ scenario, total, load, loadAvg }) => ({
      scenario: scenario.name,
      matches: total,
      'req/s': Math.round(load.reqPerSec),
      p50: ms(p(load.latencies, 0.5)),
      p95: ms(p(load.latencies, 0.95)),
      p99: ms(p(load.latencies, 0.99)),
      'non-2xx': load.non2xx + load.errors + load.timeouts,
      'load avg': loadAvg.toFixed(2),
      [`p95≤${GOAL.p95Ms}`]: verdict(p(load.latencies, 0.95) <= GOAL.p95Ms),
    })),
  )
  console.info(
    '  non-2xx counts errors and timeouts too. load avg: the 1-minute load average as the load began (before its warm-up);\n' +
      '  the bench\'s own threads and PostgreSQL\'s backends add to it once it runs: see the CPU table below.',
  )

  console.info(`\nThe same SQL directly on the driver (ms), idle and at ${n} at once; the endpoint over it:`)
  console.table(
    results.map((r) => {
      const ratios = ratiosOf(r)
      return {
        scenario: r.scenario.name,
        'route SQL': r.shape,
        'idle p50': ms(p(r.direct, 0.5)),
        'ratio p50': ratios.idle.toFixed(1),
        [`${n}× req/s`]: Math.round(r.directLoad.reqPerSec),
        [`${n}× p50`]: ms(p(r.directLoad.latencies, 0.5)),
        [`${n}× p95`]: ms(p(r.directLoad.latencies, 0.95)),
        [`ratio p95 ${n}×`]: ratios.concurrent.toFixed(2),
        [`p50≤${GOAL.ratio}`]: verdict(ratios.idle <= GOAL.ratio),
        [`${n}×≤${GOAL.ratio}`]: verdict(ratios.concurrent <= GOAL.ratio),
      }
    }),
  )
  console.info(
    `  route SQL: the statements as the route sends them (∥ at once, → one after the other), session lookup left out.\n` +
      `  ratio p50 (the issue's): endpoint p50 at ${n} connections / the SQL's p50 one run at a time on an idle server.\n` +
      `  ratio p95 ${n}×: endpoint p95 / the SQL's p95 from ${n} loops at once for ${options.durationS} s on the same driver\n` +
      `  (PGlite's queue, or the same pg pool): what HTTP, auth, validation, Drizzle and JSON add at equal concurrency.`,
  )

  console.info(`\nWhere the time goes (ms): each statement alone, directly (p50); one connection; ms per request under load:`)
  console.table(
    results.map(({ scenario, statements, load, single, direct, directLoad }) => {
      // A request may send two statements of a kind (e.g. the session lookup and its touch).
      const byKind = new Map<StatementKind, number>()
      for (const { kind, times } of statements) byKind.set(kind, (byKind.get(kind) ?? 0) + p(times, 0.5))
      const singleP50 = p(single.latencies, 0.5)
      return {
        scenario: scenario.name,
        ...Object.fromEntries([...byKind].map(([kind, value]) => [kind, ms(value)])),
        'p50, 1 conn.': ms(singleP50),
        'ratio, 1 conn.': (singleP50 / p(direct, 0.5)).toFixed(1),
        'ms/req': ms(1000 / load.reqPerSec),
        [`SQL ms/req ${n}×`]: ms(1000 / directLoad.reqPerSec),
        [`mean ${n}/(req/s)`]: ms((n * 1000) / load.reqPerSec),
        [`req/s for p95≤${GOAL.p95Ms}`]: `≥ ${Math.round(neededReqPerSec)}`,
      }
    }),
  )
  console.info(
    `  ms/req: 1000 / (req/s), the time per request once requests queue; SQL ms/req: the same for the direct SQL at ${n}×.\n` +
      `  Little's law: with ${n} requests always in flight the mean latency is ${n} / (req/s), and p95 ≥ mean in these runs, so\n` +
      `  p95 ≤ ${GOAL.p95Ms} ms needs at least ${n} / ${GOAL.p95Ms / 1000} s = ${Math.round(neededReqPerSec)} req/s (${ms(1000 / neededReqPerSec)} ms/req). ` +
      (embedded
        ? `The embedded database runs one statement\n  at a time in this thread, so SQL ms/req ${n}× is a floor under ms/req.`
        : `PostgreSQL runs statements side by side (up to\n  the pool's connections and the CPUs); its ${n}× req/s bounds the endpoint's, on the same CPUs.`) +
      `\n  The load generator (autocannon) is a worker thread of this process, on the same CPUs.`,
  )

  if (results.some((r) => r.cpu)) {
    console.info(`\nCPU during the load (in CPUs, ${availableParallelism()} in all; 1.00 = one CPU all the time):`)
    console.table(
      results.map(({ scenario, cpu, load }) => {
        if (!cpu) return { scenario: scenario.name }
        const ours = cpu.serverThread + cpu.restOfProcess + cpu.postgres
        const perReq = (cpus: number) => (cpus * 1000) / load.reqPerSec
        // One thread does at most 1000 ms of work a second; all of ours share the machine's CPUs.
        const ceiling = Math.min(1000 / perReq(cpu.serverThread), (availableParallelism() * 1000) / perReq(ours))
        return {
          scenario: scenario.name,
          machine: cpu.machine.toFixed(2),
          'server thread': cpu.serverThread.toFixed(2),
          'load generator': cpu.restOfProcess.toFixed(2),
          postgres: cpu.postgres.toFixed(2),
          others: cpu.others.toFixed(2),
          'ms/req server': ms(perReq(cpu.serverThread)),
          'ms/req ours': ms(perReq(ours)),
          'req/s alone': Math.round(ceiling),
        }
      }),
    )
    console.info(
      '  load generator: the rest of this process (autocannon\'s worker thread, GC and libuv threads); postgres: this\n' +
        '  machine\'s postgres processes (0 for the embedded database, which runs in the server thread); others: the rest\n' +
        '  of the machine, i.e. anything else running meanwhile. ms/req: CPU time per request, of the server thread and of\n' +
        '  all of the above but others. req/s alone: what those costs allow with the machine to ourselves, the server\n' +
        '  thread using at most one CPU and everything at most all of them (an estimate: contention inflates the costs).\n' +
        `  p95 ≤ ${GOAL.p95Ms} ms at ${n} connections needs at least ${Math.round(neededReqPerSec)} req/s.`,
    )
  }

  const missed = (ok: (r: ScenarioResult) => boolean) =>
    results.filter((r) => !ok(r)).map((r) => r.scenario.name)
  const goals: [string, string[]][] = [
    [`p95 ≤ ${GOAL.p95Ms} ms`, missed((r) => p(r.load.latencies, 0.95) <= GOAL.p95Ms)],
    [`ratio p50 ≤ ${GOAL.ratio} (idle SQL, the issue's)`, missed((r) => ratiosOf(r).idle <= GOAL.ratio)],
    [`ratio p95 ≤ ${GOAL.ratio} (SQL at ${n}×)`, missed((r) => ratiosOf(r).concurrent <= GOAL.ratio)],
  ]
  console.info('')
  for (const [goal, misses] of goals) console.info(`Goal ${goal}: ${misses.length === 0 ? 'PASS' : `MISS (${misses.join(', ')})`}`)
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
      // The access log's lines are made as in production, then dropped rather than printed.
      log: createLogger('json', { write: () => {} }),
    })
    const served = await serveApp(api)
    server = served.server
    const { baseUrl, settled } = served

    const token = await signIn(baseUrl, config, database.db)
    const harness: Harness = { baseUrl, headers: { Authorization: `Bearer ${token}` }, driver: rawDriver(database.db), settled }

    console.info(`\nAPI load: database ${where} (${harness.driver.describe}), server ${baseUrl}`)
    // Other work on the machine shows in every figure: say how busy it was.
    console.info(`  ${availableParallelism()} CPUs, load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} (1, 5, 15 min)`)
    const results: ScenarioResult[] = []
    const chosen = options.scenarios.length ? SCENARIOS.filter((s) => options.scenarios.includes(s.id)) : SCENARIOS
    for (const scenario of chosen) results.push(await runScenario(scenario, harness, options))
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
