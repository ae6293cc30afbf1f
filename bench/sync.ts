/**
 * The integration API's bulk sync: N users as NDJSON, streamed to POST /integration/sync/users
 * itself (app.request with an API token, no socket: the token check, the body read a line at a
 * time, the contract's validation, chunked upserts, the streamed answer), on a fresh embedded database (PGlite in its
 * worker thread, as the server opens it) and, when given, on PostgreSQL. Then the same file again:
 * every line unchanged, what a resumed or repeated import costs. Prints rows/s beside the goals
 * (docs/DECISIONS.md, Integration API) and the heap's growth while it runs (the body is made as it
 * is read, so nothing but the sync holds it), and the CPU time this process spent: on a shared
 * machine, the embedded database's rows per CPU second say what an idle one would do.
 *
 *   npx tsx bench/sync.ts [--rows N] [--chunk N] [--concurrency N (PostgreSQL; 2 as the server)] [--postgres URL] [--no-embedded]
 *   npm run bench -- --no-bundle --no-lighthouse --no-api [--sync-rows N] [--postgres URL]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { sql } from 'drizzle-orm'
import { INTEGRATION_BASE_PATH } from '../contract'
import { NDJSON_MEDIA_TYPE, syncSummary } from '../contract/integration'
import { createApp, type App } from '../server/app'
import { createApiToken } from '../server/auth/api-tokens'
import { systemClock } from '../server/clock'
import { openPglite, openPostgres, type Database } from '../server/db/client'
import { admins } from '../server/db/schema'
import { createLogger } from '../server/log'
import { defaultAppConfig } from '../server/deps'
import { diskStorage } from '../server/storage/disk'

/** Rows a second at a million users (issue 37): PostgreSQL, and the embedded database. */
export const SYNC_GOAL = { postgresRowsPerS: 20_000, embeddedRowsPerS: 5_000, heapGrowthMb: 64 } as const
/** About a minute for both runs on the embedded database of a shared 2-CPU machine. */
export const SYNC_BENCH_DEFAULTS = { rows: 50_000 }

const FIRST_NAMES = ['Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Oliver', 'Ava', 'Elijah', 'Sophia', 'Lucas']
const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez']

/** The NDJSON of `rows` users, made as it is read in pieces of about 64 kB (what a socket hands over). */
async function* usersBody(prefix: string, rows: number): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder()
  let piece = ''
  for (let n = 0; n < rows; n++) {
    const first = FIRST_NAMES[n % 10]!
    const last = LAST_NAMES[Math.floor(n / 10) % 10]!
    piece += `${JSON.stringify({
      externalId: `${prefix}-${n}`,
      username: `${first.toLowerCase()}_${prefix}_${n}`,
      name: `${first} ${last}`,
      email: `${first.toLowerCase()}.${n}.${prefix}@example.com`,
      mobileNo: String(7_700_900_000 + n),
      countryCode: '+44',
      country: 'GB',
      dateOfBirth: `19${60 + (n % 40)}-0${1 + (n % 9)}-1${n % 10}`,
      address: `${n} High Street, London`,
      profileImage: `https://cdn.example.com/avatars/${n}.jpg`,
    })}\n`
    if (piece.length >= 64 * 1024) {
      yield encoder.encode(piece)
      piece = ''
    }
  }
  if (piece) yield encoder.encode(piece)
}

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

/** A stream of the generator's pieces, made only as the reader pulls (as a socket's body is read). */
function streamOf(pieces: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      const next = await pieces.next()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
  })
}

/**
 * One POST /integration/sync/users of `rows` users, through the app (token check, the body's
 * stream, the route, the streamed answer) without a socket. The answer is read as it comes and
 * dropped but for its last line, the summary. The heap is measured after a collection every
 * 20 answered chunks.
 */
async function timedSync(app: App, token: string, prefix: string, rows: number) {
  gc()
  const heapBefore = process.memoryUsage().heapUsed
  let heapPeak = heapBefore
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const res = await app.request(`${INTEGRATION_BASE_PATH}/sync/users`, {
    method: 'POST',
    headers: { 'Content-Type': NDJSON_MEDIA_TYPE, Authorization: `Bearer ${token}` },
    body: streamOf(usersBody(prefix, rows)),
    duplex: 'half',
  } as RequestInit)
  if (res.status !== 200) throw new Error(`The sync answered ${res.status}: ${await res.text()}`)
  const decoder = new TextDecoder()
  let tail = ''
  let parts = 0
  for await (const bytes of res.body!) {
    tail = (tail + decoder.decode(bytes, { stream: true })).slice(-4096)
    if (++parts % 20 === 0) {
      gc()
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
    }
  }
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  const summary = syncSummary.parse(JSON.parse(tail.trimEnd().split('\n').at(-1)!))
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
      runs.push(...(await benchDatabase('PostgreSQL', database, SYNC_GOAL.postgresRowsPerS, rows, chunkRows, options.concurrency ?? 2)))
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
      'CPU s (this process)': r.cpuSeconds.toFixed(1),
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
