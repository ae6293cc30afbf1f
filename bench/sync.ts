/**
 * The integration API's bulk sync: N users as NDJSON, streamed over a socket to POST
 * /integration/sync/users with an API token (the token check, the body read a line at a time, the
 * contract's validation, chunked upserts, the streamed answer) from a client in a process of its
 * own, on a fresh embedded database (PGlite in its worker thread, as the server opens it) and,
 * when given, on PostgreSQL. Then the same file again: every line unchanged, what a resumed or
 * repeated import costs. Prints rows/s beside the goals (docs/DECISIONS.md, Integration API), the
 * heap's growth while it runs (the client makes the body as it sends it, so nothing but the sync
 * holds it), and the CPU time the server's process spent: on a shared machine, the embedded
 * database's rows per CPU second say what an idle one would do.
 *
 *   npx tsx bench/sync.ts [--rows N] [--chunk N] [--concurrency N (PostgreSQL; as the server by default)] [--postgres URL] [--no-embedded]
 *   npm run bench -- --no-bundle --no-lighthouse --no-api [--sync-rows N] [--postgres URL]
 */
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { sql } from 'drizzle-orm'
import { INTEGRATION_BASE_PATH } from '../contract'
import { syncSummary } from '../contract/integration'
import { createApp, type App } from '../server/app'
import { createApiToken } from '../server/auth/api-tokens'
import { systemClock } from '../server/clock'
import { loadConfig } from '../server/config'
import { openPglite, openPostgres, type Database } from '../server/db/client'
import { admins } from '../server/db/schema'
import { listen } from '../server/http/server-limits'
import { createLogger } from '../server/log'
import { defaultAppConfig, SYNC_CONCURRENCY_POSTGRES } from '../server/deps'
import { diskStorage } from '../server/storage/disk'

/** Rows a second at a million users (issue 37): PostgreSQL, and the embedded database. */
export const SYNC_GOAL = { postgresRowsPerS: 20_000, embeddedRowsPerS: 5_000, heapGrowthMb: 64 } as const
/** About a minute for both runs on the embedded database of a shared 2-CPU machine. */
export const SYNC_BENCH_DEFAULTS = { rows: 50_000 }

export interface SyncRun {
  database: string
  pass: 'new rows' | 'same file again'
  rows: number
  seconds: number
  /** CPU time of this process (the embedded database's thread included; PostgreSQL's own processes not). */
  cpuSeconds: number
  rowsPerS: number
  goal: number
  heapGrowthMb: number
  errors: number
}

// A real collection between samples, so that the heap's growth is what the sync holds, not garbage.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/**
 * One POST /integration/sync/users of `rows` users to the app served on loopback, as the server
 * serves it (server/http/server-limits.ts), from the client in a process of its own
 * (bench/sync-client.ts). The heap is measured after a collection each second.
 */
async function timedSync(app: App, token: string, prefix: string, rows: number) {
  const server = listen(app.fetch, { port: 0, host: '127.0.0.1', http: loadConfig({}).http })
  await once(server, 'listening')
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${INTEGRATION_BASE_PATH}/sync/users`
  gc()
  const heapBefore = process.memoryUsage().heapUsed
  let heapPeak = heapBefore
  const sampler = setInterval(() => {
    gc()
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
  }, 1000)
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const client = fork(resolve(import.meta.dirname, 'sync-client.ts'), [url, token, prefix, String(rows)], { execArgv: ['--import', 'tsx'] })
  const [answer] = (await once(client, 'message')) as [{ status: number; last: string }]
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  clearInterval(sampler)
  server.close()
  if (answer.status !== 200) throw new Error(`The sync answered ${answer.status}: ${answer.last}`)
  const summary = syncSummary.parse(JSON.parse(answer.last))
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, heapGrowthMb: (heapPeak - heapBefore) / 1024 ** 2, errors: summary.errors }
}

/** An app on the database, and an API token with users:write (made by a bench admin). */
async function appWithToken(database: Database, chunkRows: number, concurrency: number) {
  const app = createApp({
    db: database.db,
    storage: diskStorage(mkdtempSync(join(tmpdir(), 'petcare-sync-bench-uploads-')), { secret: 'sync-bench-upload-secret-0123456789' }),
    mailer: { send: async () => {} },
    clock: systemClock,
    log: createLogger('json', { write: () => {} }),
    config: { syncChunkRows: chunkRows, syncConcurrency: concurrency },
  })
  const email = `sync-bench-${Date.now()}@example.com`
  const [admin] = await database.db.insert(admins).values({ name: 'Sync bench', email, role: 1 }).returning({ id: admins.id })
  const { secret } = await createApiToken(
    database.db,
    { name: 'Sync bench', scopes: ['users:write'], expiresAt: null, createdBy: admin!.id },
    new Date(),
  )
  return { app, token: secret }
}

async function benchDatabase(
  name: string,
  database: Database,
  goal: number,
  rows: number,
  chunkRows: number,
  concurrency: number,
): Promise<SyncRun[]> {
  await database.migrate()
  const { app, token } = await appWithToken(database, chunkRows, concurrency)
  const prefix = `b${Date.now().toString(36)}`
  const runs: SyncRun[] = []
  for (const pass of ['new rows', 'same file again'] as const) {
    const { seconds, cpuSeconds, heapGrowthMb, errors } = await timedSync(app, token, prefix, rows)
    runs.push({ database: name, pass, rows, seconds, cpuSeconds, rowsPerS: rows / seconds, goal, heapGrowthMb, errors })
  }
  const {
    rows: [{ n }],
  } = (await database.db.execute(sql`select count(*)::int as n from app_users`)) as unknown as { rows: [{ n: number }] }
  console.info(`${name}: ${n.toLocaleString('en')} users in the table after the run`)
  return runs
}

/** Runs the sync bench on the embedded database and, with `postgresUrl`, on PostgreSQL; false when a goal is missed. */
export async function runSyncBench(
  options: { rows?: number; chunkRows?: number; concurrency?: number; postgresUrl?: string | undefined; embedded?: boolean } = {},
) {
  const rows = options.rows ?? SYNC_BENCH_DEFAULTS.rows
  const chunkRows = options.chunkRows ?? defaultAppConfig.syncChunkRows
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')
  console.info(
    `\nBulk sync (POST /integration/sync/users) of ${rows.toLocaleString('en')} users, ${chunkRows} a chunk (load average ${load()} before):`,
  )
  const runs: SyncRun[] = []
  if (options.embedded !== false) {
    const dir = mkdtempSync(join(tmpdir(), 'petcare-sync-bench-'))
    const database = await openPglite(dir)
    try {
      runs.push(...(await benchDatabase('embedded (PGlite)', database, SYNC_GOAL.embeddedRowsPerS, rows, chunkRows, 1)))
    } finally {
      await database.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
  if (options.postgresUrl) {
    const database = openPostgres(options.postgresUrl)
    try {
      runs.push(...(await benchDatabase('PostgreSQL', database, SYNC_GOAL.postgresRowsPerS, rows, chunkRows, options.concurrency ?? SYNC_CONCURRENCY_POSTGRES)))
    } finally {
      await database.close()
    }
  }
  const met = (r: SyncRun) => r.rowsPerS >= r.goal && r.heapGrowthMb <= SYNC_GOAL.heapGrowthMb && r.errors === 0
  console.table(
    runs.map((r) => ({
      database: r.database,
      pass: r.pass,
      rows: r.rows,
      seconds: r.seconds.toFixed(1),
      'rows/s': Math.round(r.rowsPerS),
      'CPU s (server process)': r.cpuSeconds.toFixed(1),
      goal: `≥ ${r.goal}`,
      'heap growth': `${r.heapGrowthMb.toFixed(1)} MB (≤ ${SYNC_GOAL.heapGrowthMb})`,
      errors: r.errors,
      result: met(r) ? 'PASS' : 'MISS',
    })),
  )
  console.info(`Load average after: ${load()}`)
  return runs.every(met)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string' },
      chunk: { type: 'string' },
      concurrency: { type: 'string' },
      postgres: { type: 'string' },
      'no-embedded': { type: 'boolean', default: false },
    },
  })
  const ok = await runSyncBench({
    rows: values.rows ? Number(values.rows) : undefined,
    chunkRows: values.chunk ? Number(values.chunk) : undefined,
    concurrency: values.concurrency ? Number(values.concurrency) : undefined,
    postgresUrl: values.postgres ?? process.env.DATABASE_URL,
    embedded: !values['no-embedded'],
  })
  process.exitCode = ok ? 0 : 1
}
