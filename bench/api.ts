/**
 * The API part of `npm run bench`: every list at the data sizes of a large platform (a million
 * users), a handful of admins at once, and the CSV export of every user.
 *
 * - Database: the embedded one (PGlite) in .bench-data/million, seeded with `npm run seed` the
 *   first time (BENCH_COUNTS) and reused afterwards; with DATABASE_URL set, or with --postgres
 *   URL beside the embedded one, that PostgreSQL database, topped up to the same counts.
 * - Server: the app of server/app.ts on that database, behind the access-log middleware (its lines
 *   discarded), served by @hono/node-server on 127.0.0.1 in this process's main thread (the
 *   embedded database in its own worker thread, as the server opens it).
 * - Load: autocannon in a process of its own (bench/load.ts), CONNECTIONS requests in flight.
 * - Per scenario: a probe request whose statements are recorded at the driver; a warm-up; the
 *   load (p50/p95/p99, the event loop's longest stall meanwhile, monitorEventLoopDelay); then the
 *   same statements replayed directly on the driver from as many loops at once for as long (no
 *   HTTP, auth, validation, Drizzle or JSON): the API's cost is endpoint p50 / SQL p50.
 * - The export: GET /admin/users/export of every user, downloaded by the load process, with the
 *   server's resident memory sampled meanwhile.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import inspector from 'node:inspector/promises'
import type { AddressInfo } from 'node:net'
import { availableParallelism, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { getHeapStatistics } from 'node:v8'
import { serve } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import pg from 'pg'
import { API_PREFIX } from '../contract'
import { createApp, type App } from '../server/app'
import { findAdminByEmail } from '../server/auth/admins'
import { startSession } from '../server/auth/sessions'
import { systemClock } from '../server/clock'
import { loadConfig, type ServerConfig } from '../server/config'
import { openDatabase, type Database, type Db } from '../server/db/client'
import { PgliteThread } from '../server/db/pglite-thread'
import { appUsers, feedback, notifications, partners, places } from '../server/db/schema'
import { adminAccounts, ensureAdmins } from '../server/seed/seed'
import { lockDataDir, type DataDirLock } from '../server/lock'
import { createLogger } from '../server/log'
import { diskStorage } from '../server/storage/disk'
import { download, percentile, runLoad, type DownloadResult, type LoadResult } from './load'

const REPO = resolve(import.meta.dirname, '..')
export const BENCH_DATA_DIR = join(REPO, '.bench-data', 'million')

/** What the bench database holds: the large platform. */
export const BENCH_COUNTS = { users: 1_000_000, places: 50_000, partners: 20_000, feedback: 100_000, notifications: 50_000 } as const

/** The goals: every list's p95, the API over its SQL, the event loop, and the export. */
export const GOAL = { p95Ms: 50, ratio: 1.5, eventLoopMs: 50, exportRowsPerS: 50_000, exportMemoryMb: 50 } as const

export interface ApiBenchOptions {
  /** Requests in flight at once (admins working side by side). */
  connections: number
  /** Measured seconds per scenario. */
  durationS: number
  /** Unmeasured seconds of load before each measurement. */
  warmupS: number
  /** The embedded database's DATA_DIR (ignored with DATABASE_URL). */
  dataDir: string
  /** Only the scenarios whose id starts with one of these (`users`, `users.page1`); all when empty. */
  scenarios: string[]
  /** A PostgreSQL database measured after the embedded one (DATABASE_URL measures it alone). */
  postgresUrl?: string | undefined
  /** When set, the server thread's CPU profile of each measured load is written there (.cpuprofile). */
  cpuProfDir?: string | undefined
}

export const API_BENCH_DEFAULTS: ApiBenchOptions = { connections: 4, durationS: 5, warmupS: 1, dataDir: BENCH_DATA_DIR, scenarios: [] }

interface Scenario {
  id: string
  name: string
  path: string
  query: string
  /** Read the last page of this query (its number comes from the first page's total). */
  lastPage?: boolean
}

interface ListScenarios {
  list: string
  path: string
  /** A word in many rows, one in few, and the sort that stands for "by name". */
  common: string
  rare: string
  nameSort: string
  filters: string[]
}

const LISTS: ListScenarios[] = [
  // One seeded user in 40 is a Smith; "walker63" is part of a few dozen usernames.
  { list: 'users', path: '/admin/users', common: 'smith', rare: 'walker63', nameSort: 'name', filters: ['filter=1', 'filter=2'] },
  { list: 'pet shops', path: '/place/admin/pet-shops', common: 'pet', rare: 'emporium 12', nameSort: 'name', filters: ['filter=1', 'filter=2'] },
  {
    list: 'feedback',
    path: '/feedback/list',
    common: 'app',
    rare: 'walker63',
    nameSort: 'type',
    filters: ['filter=BUG', 'filter=NEW_FEATURE', 'filter=SUGGESTION', 'filter=OTHER', 'status=1', 'status=2', 'status=3'],
  },
  { list: 'notifications', path: '/admin/notifications', common: 'vaccin', rare: 'zqx', nameSort: 'title', filters: ['filter=ALL_USERS', 'filter=SELECTED_USERS'] },
]

const scenariosOf = ({ list, path, common, rare, nameSort, filters }: ListScenarios): Scenario[] => {
  const id = list.replace(/ /g, '-')
  const byName = `sortBy=${nameSort}&sortOrder=1`
  return [
    { id: `${id}.page1`, name: 'page 1', path, query: '' },
    { id: `${id}.search-common`, name: `search "${common}"`, path, query: `search=${encodeURIComponent(common)}` },
    { id: `${id}.search-rare`, name: `search "${rare}"`, path, query: `search=${encodeURIComponent(rare)}` },
    ...filters.map((filter) => ({ id: `${id}.${filter.replace('=', '-').toLowerCase()}`, name: filter, path, query: filter })),
    { id: `${id}.by-name`, name: `by ${nameSort}, page 1`, path, query: byName },
    { id: `${id}.by-name-last`, name: `by ${nameSort}, last page`, path, query: byName, lastPage: true },
    { id: `${id}.page500`, name: 'page 500', path, query: 'page=500' },
  ].map((s) => ({ ...s, name: `${list}: ${s.name}` }))
}

const SCENARIOS = LISTS.flatMap(scenariosOf)
export const SCENARIO_IDS = SCENARIOS.map((s) => s.id)

const EXPORT_PATH = '/admin/users/export'

// ---------------------------------------------------------------------------------------------
// The database

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

type Counts = Record<keyof typeof BENCH_COUNTS, number>

async function countsOf(db: Db): Promise<Counts> {
  return {
    users: await db.$count(appUsers),
    places: await db.$count(places, eq(places.kind, 'petShop')),
    partners: await db.$count(partners),
    feedback: await db.$count(feedback),
    notifications: await db.$count(notifications),
  }
}

/** Runs the seed script (scripts/seed.ts) in a child process, adding `counts`. */
function seed(counts: Counts, env: NodeJS.ProcessEnv, dataDir?: string) {
  const args = Object.entries(counts).flatMap(([name, n]) => (n > 0 ? [`--${name}`, String(n)] : []))
  execFileSync('npx', ['tsx', 'scripts/seed.ts', ...args, ...(dataDir ? ['--data-dir', dataDir] : [])], { cwd: REPO, stdio: 'inherit', env })
}

interface BenchDatabase {
  database: Database
  lock: DataDirLock | undefined
  where: string
}

/** The bench database (`databaseUrl`'s, else the embedded one in `dataDir`), topped up to BENCH_COUNTS once. */
async function prepareDatabase(config: ServerConfig, databaseUrl: string | undefined, dataDir: string): Promise<BenchDatabase> {
  const embedded = !databaseUrl
  const where = embedded ? `embedded (PGlite) in ${dataDir}` : 'PostgreSQL'
  // The seed child must fill the same database: the embedded one unless a URL is given.
  const env = { ...process.env, DATABASE_URL: databaseUrl ?? '' }
  // Like the server, hold DATA_DIR while the embedded database is open (the seed takes it itself).
  const lock = () => (embedded ? lockDataDir(dataDir) : undefined)
  const open = async () => {
    const database = await openDatabase({ databaseUrl, dataDir })
    await database.migrate()
    return database
  }
  if (embedded && !existsSync(join(dataDir, 'db', 'PG_VERSION'))) console.info(`No bench database in ${dataDir} yet: seeding it (once; later runs reuse it)...`)

  let held = lock()
  let database = await open()
  const present = await countsOf(database.db)
  const missing = Object.fromEntries(Object.entries(BENCH_COUNTS).map(([name, n]) => [name, Math.max(0, n - present[name as keyof Counts])])) as Counts
  if (Object.values(missing).some((n) => n > 0)) {
    await database.close()
    held?.release()
    const started = performance.now()
    console.info(`Adding to the ${where} database: ${JSON.stringify(missing)}...`)
    seed(missing, env, embedded ? dataDir : undefined)
    console.info(`Seeded in ${seconds(performance.now() - started)}.`)
    held = lock()
    database = await open()
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
  if (client instanceof PgliteThread) {
    const direct = PgliteThread.prototype.query.bind(client)
    return {
      describe: 'PGlite in its worker thread, one statement at a time (its own queue)',
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
  throw new Error('Unknown database driver: neither PgliteThread nor pg.Pool')
}

const isSessionLookup = (text: string) => /"sessions"/.test(text)

/**
 * The route's statements in the order it sends them: a statement that was sent before another
 * of the current stage had been answered runs beside it (Promise.all), one sent after all of
 * them had been answered waits for them (e.g. a search's count, sent once its page proved short
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

/** Replays `stages` on the driver: one stage after another, the statements of a stage at once. */
const replay = (driver: RawDriver, stages: Statement[][]) => async () => {
  for (const stage of stages) await Promise.all(stage.map((s) => driver.query(s.text, s.params)))
}

/**
 * `run` from `concurrency` loops at once for `durationS` seconds, as autocannon's connections
 * send requests: each loop starts its next run as soon as its last one is answered. The loops
 * share the driver as the requests do (PGlite's queue, or the pg pool and its waiting list).
 * Returns each run's duration (ms), sorted.
 */
async function directLoad(run: () => Promise<unknown>, concurrency: number, durationS: number): Promise<Float64Array> {
  const latencies: number[] = []
  const until = performance.now() + durationS * 1000
  const loop = async () => {
    while (performance.now() < until) {
      const t = performance.now()
      await run()
      latencies.push(performance.now() - t)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, loop))
  return Float64Array.from(latencies).sort()
}

// ---------------------------------------------------------------------------------------------
// The run

interface ScenarioResult {
  scenario: Scenario
  url: string
  total: number
  totalIsLowerBound: boolean
  load: LoadResult
  /** The event loop's longest stall during the load, ms. */
  stallMs: number
  /** The route's SQL replayed directly at the load's concurrency: each run's duration, sorted. */
  sql: Float64Array
}

interface ExportResult {
  download: DownloadResult
  rowsPerS: number
  /** The server process's resident memory: its growth during the export, MB. */
  memoryGrowthMb: number
  stallMs: number
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

/** The event loop's longest stall (ms) while `run` runs. */
async function withStallWatch<T>(run: () => Promise<T>): Promise<[T, number]> {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  try {
    const result = await run()
    return [result, histogram.max / 1e6]
  } finally {
    histogram.disable()
  }
}

async function getJson(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers })
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status} ${await res.text()}`)
  return (await res.json()) as { total: number; limit: number; totalIsLowerBound?: boolean }
}

async function runScenario(scenario: Scenario, harness: Harness, options: ApiBenchOptions): Promise<ScenarioResult> {
  const { baseUrl, headers, driver } = harness
  const base = `${baseUrl}${API_PREFIX}${scenario.path}?${scenario.query}`
  let url = base
  if (scenario.lastPage) {
    const { total, limit } = await getJson(base, headers)
    url = `${base}&page=${Math.max(1, Math.ceil(total / limit))}`
  }

  // One request, marked so that only its statements are recorded.
  const recorded: RecordedStatement[] = []
  const stop = driver.record((s) => recorded.push(s))
  const { total, totalIsLowerBound = false } = await getJson(url, { ...headers, [PROBE_HEADER]: '1' }).finally(stop)
  // An AsyncLocalStorage in use makes Node track every promise (async_hooks), a cost the app
  // itself does not have. Off until the next probe.
  probeContext.disable()
  const routeSql = replay(driver, stagesOf(recorded.filter((s) => !isSessionLookup(s.text))))

  const n = options.connections
  if (options.warmupS > 0) await runLoad({ url, headers, connections: n, durationS: options.warmupS })
  const profiling = options.cpuProfDir ? await startProfile() : undefined
  const [load, stallMs] = await withStallWatch(() => runLoad({ url, headers, connections: n, durationS: options.durationS }))
  if (profiling) await profiling.stop(options.cpuProfDir!, scenario.id)
  // The requests the load left behind finish first, so that they do not run into what follows.
  await harness.settled()
  const sql = await directLoad(routeSql, n, options.durationS)
  const result = { scenario, url, total, totalIsLowerBound, load, stallMs, sql }
  console.info(`  ${line(result)}`)
  return result
}

async function runExport(harness: Harness, cpuProfDir: string | undefined): Promise<ExportResult> {
  const url = `${harness.baseUrl}${API_PREFIX}${EXPORT_PATH}`
  const before = process.memoryUsage().rss
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
  try {
    const profiling = cpuProfDir ? await startProfile() : undefined
    const [result, stallMs] = await withStallWatch(() => download(url, harness.headers))
    if (profiling) await profiling.stop(cpuProfDir!, 'export')
    if (result.status !== 200) throw new Error(`GET ${url}: HTTP ${result.status}`)
    peak = Math.max(peak, process.memoryUsage().rss)
    const rows = result.lines - 1 // the header
    return { download: result, rowsPerS: rows / (result.ms / 1000), memoryGrowthMb: (peak - before) / 2 ** 20, stallMs }
  } finally {
    clearInterval(sampler)
  }
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
      console.info(`    CPU profile of the server's thread: ${file}`)
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

// ---------------------------------------------------------------------------------------------
// The report

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-')
const p = (sorted: ArrayLike<number>, q: number) => percentile(sorted, q)
const ratioOf = (r: ScenarioResult) => p(r.load.latencies, 0.5) / p(r.sql, 0.5)

const passes = (r: ScenarioResult) => ({
  p95: p(r.load.latencies, 0.95) <= GOAL.p95Ms,
  ratio: ratioOf(r) <= GOAL.ratio,
  stall: r.stallMs < GOAL.eventLoopMs,
  errors: r.load.non2xx + r.load.errors + r.load.timeouts === 0,
})

function line(r: ScenarioResult) {
  const total = `${r.total.toLocaleString('en')}${r.totalIsLowerBound ? '+' : ''}`
  return `${r.scenario.name} (${total} rows): p50 ${ms(p(r.load.latencies, 0.5))}, p95 ${ms(p(r.load.latencies, 0.95))} ms, SQL p50 ${ms(p(r.sql, 0.5))} ms, stall ${ms(r.stallMs)} ms`
}

/** One database's figures. */
export interface DatabaseRun {
  where: string
  loadAvg: number[]
  results: ScenarioResult[]
  exported: ExportResult | undefined
}

function reportRun({ where, loadAvg, results, exported }: DatabaseRun, options: ApiBenchOptions) {
  const n = options.connections
  console.info(`\n${where}: ${n} connections, ${options.durationS} s a scenario (ms); load average before: ${loadAvg.map((x) => x.toFixed(2)).join(' ')}`)
  if (results.length > 0) console.table(
    results.map((r) => {
      const ok = passes(r)
      return {
        scenario: r.scenario.name,
        rows: `${r.total.toLocaleString('en')}${r.totalIsLowerBound ? '+' : ''}`,
        'req/s': Math.round(r.load.reqPerSec),
        p50: ms(p(r.load.latencies, 0.5)),
        [`p95 (≤${GOAL.p95Ms})`]: ms(p(r.load.latencies, 0.95)),
        p99: ms(p(r.load.latencies, 0.99)),
        [`SQL p50 ${n}×`]: ms(p(r.sql, 0.5)),
        [`API/SQL (≤${GOAL.ratio})`]: ratioOf(r).toFixed(2),
        [`stall (<${GOAL.eventLoopMs})`]: ms(r.stallMs),
        errors: r.load.non2xx + r.load.errors + r.load.timeouts,
        result: Object.values(ok).every(Boolean) ? 'PASS' : 'MISS',
      }
    }),
  )
  if (exported) {
    const { download: d, rowsPerS, memoryGrowthMb, stallMs } = exported
    console.info(`CSV export of every user (GET ${EXPORT_PATH}):`)
    console.table([
      {
        rows: (d.lines - 1).toLocaleString('en'),
        MB: (d.bytes / 2 ** 20).toFixed(1),
        seconds: (d.ms / 1000).toFixed(1),
        [`rows/s (≥${GOAL.exportRowsPerS.toLocaleString('en')})`]: Math.round(rowsPerS).toLocaleString('en'),
        [`memory +MB (≤${GOAL.exportMemoryMb})`]: memoryGrowthMb.toFixed(1),
        [`stall (<${GOAL.eventLoopMs})`]: ms(stallMs),
        result: rowsPerS >= GOAL.exportRowsPerS && memoryGrowthMb <= GOAL.exportMemoryMb && stallMs < GOAL.eventLoopMs ? 'PASS' : 'MISS',
      },
    ])
  }
}

/** Both databases side by side, one line a scenario: p95 and the API's ratio. */
function reportSideBySide(runs: DatabaseRun[]) {
  if (runs.length < 2) return
  console.info('\nSide by side (p95 ms · API/SQL p50):')
  console.table(
    runs[0]!.results.map((r, i) =>
      Object.fromEntries([
        ['scenario', r.scenario.name],
        ...runs.map((run) => {
          const other = run.results[i]
          return [run.where.split(' ')[0]!, other ? `${ms(p(other.load.latencies, 0.95))} · ${ratioOf(other).toFixed(2)}` : '-']
        }),
      ]),
    ),
  )
}

/** The goals missed, by database; empty when every one was met. */
function missesOf(runs: DatabaseRun[]): string[] {
  const misses: string[] = []
  for (const { where, results, exported } of runs) {
    for (const r of results) {
      const failed = Object.entries(passes(r)).filter(([, ok]) => !ok).map(([goal]) => goal)
      if (failed.length) misses.push(`${where.split(' ')[0]} ${r.scenario.id}: ${failed.join(', ')}`)
    }
    if (exported && !(exported.rowsPerS >= GOAL.exportRowsPerS && exported.memoryGrowthMb <= GOAL.exportMemoryMb && exported.stallMs < GOAL.eventLoopMs)) {
      misses.push(`${where.split(' ')[0]} export`)
    }
  }
  return misses
}

// ---------------------------------------------------------------------------------------------

async function benchDatabase(config: ServerConfig, databaseUrl: string | undefined, options: ApiBenchOptions): Promise<DatabaseRun> {
  const dataDir = resolve(options.dataDir)
  const { database, lock, where } = await prepareDatabase(config, databaseUrl, dataDir)
  let server: Server | undefined
  try {
    const api = createApp({
      db: database.db,
      storage: diskStorage(join(dataDir, 'uploads')),
      mailer: { send: async () => {} },
      clock: systemClock,
      config: { sessionTtlMs: config.sessionTtlMs },
      // The access log's lines are made as in production, then dropped rather than printed.
      log: createLogger('json', { write: () => {} }),
    })
    const served = await serveApp(api)
    server = served.server
    const token = await signIn(served.baseUrl, config, database.db)
    const harness: Harness = { baseUrl: served.baseUrl, headers: { Authorization: `Bearer ${token}` }, driver: rawDriver(database.db), settled: served.settled }

    const loadAvg = loadavg()
    console.info(`\nAPI: ${where} (${harness.driver.describe}); server heap limit ${Math.round(getHeapStatistics().heap_size_limit / 2 ** 20)} MB; ${availableParallelism()} CPUs, load average ${loadAvg.map((x) => x.toFixed(2)).join(' ')}`)
    const chosen = options.scenarios.length ? SCENARIOS.filter((s) => options.scenarios.some((id) => s.id.startsWith(id))) : SCENARIOS
    const results: ScenarioResult[] = []
    for (const scenario of chosen) results.push(await runScenario(scenario, harness, options))
    const wantsExport = options.scenarios.length === 0 || options.scenarios.includes('export')
    const exported = wantsExport ? await runExport(harness, options.cpuProfDir) : undefined
    const run = { where, loadAvg, results, exported }
    reportRun(run, options)
    return run
  } finally {
    if (server) {
      server.closeAllConnections()
      await new Promise((done) => server!.close(done))
    }
    await database.close()
    lock?.release()
  }
}

/** Seeds or reuses the database(s), serves the app, loads each scenario and prints the figures; true when every goal was met. */
export async function runApiBench(options: ApiBenchOptions = API_BENCH_DEFAULTS): Promise<boolean> {
  const config = loadConfig(process.env)
  const urls = config.databaseUrl ? [config.databaseUrl] : [undefined, ...(options.postgresUrl ? [options.postgresUrl] : [])]
  const runs: DatabaseRun[] = []
  for (const url of urls) runs.push(await benchDatabase(config, url, options))
  reportSideBySide(runs)
  const misses = missesOf(runs)
  console.info(misses.length === 0 ? '\nAPI goals: PASS' : `\nAPI goals missed:\n  ${misses.join('\n  ')}`)
  return misses.length === 0
}
