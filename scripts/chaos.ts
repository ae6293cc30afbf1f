/**
 * `npm run chaos`: does an acknowledged write survive a crash? Runs rounds of: start the server,
 * write uniquely named cities through the API (several writers at once), keep each one the API
 * acknowledged (2xx, with its id), kill -9 the server at a random moment, start it again and
 * check that every city acknowledged so far is there and whole (its name, no sites). Prints the
 * rounds passed and the records lost.
 *
 *   npm run chaos -- [--rounds 20] [--max-seconds 240] [--writers 4] [--database-url URL] [--data-dir DIR] [--seed N]
 *
 * Embedded database by default, in a temporary DATA_DIR (removed at the end unless --data-dir
 * is given); on PostgreSQL with --database-url or DATABASE_URL (its own cities are left there).
 * Loopback only; it stops after the rounds or the time limit, whichever comes first. Exit code
 * 0 when nothing was lost, 1 otherwise.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { signIn, startServer, type ServerProcess } from './lib/server-process'

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    'max-seconds': { type: 'string', default: '240' },
    writers: { type: 'string', default: '4' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    seed: { type: 'string' },
  },
})

const rounds = Number(args.rounds)
const maxMs = Number(args['max-seconds']) * 1000
const writers = Number(args.writers)
const databaseUrl = (args['database-url'] ?? process.env.DATABASE_URL?.trim()) || undefined
const dataDir = args['data-dir'] ?? mkdtempSync(join(tmpdir(), 'petcare-chaos-'))
const admin = {
  email: process.env.ADMIN_EMAIL?.trim() || 'admin@petcare.local',
  password: process.env.ADMIN_PASSWORD?.trim() || 'Admin@123',
}

// A small seeded generator, so that a run can be repeated (--seed).
let state = Number(args.seed ?? Math.floor(Math.random() * 2 ** 31)) >>> 0
const seedUsed = state
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0
  return state / 2 ** 32
}

/** Names are 2 to 20 letters and spaces: a run tag and a counter, both written in letters. */
const letters = (n: number, width: number) => {
  let s = ''
  for (let i = 0; i < width; i++, n = Math.floor(n / 26)) s = String.fromCharCode(97 + (n % 26)) + s
  return s
}
const runTag = letters(Math.floor(random() * 26 ** 4), 4)
let counter = 0
const nextName = () => `Chaos ${runTag} ${letters(counter++, 5)}`

interface Acknowledged {
  id: string
  name: string
  round: number
}
const acknowledged: Acknowledged[] = []
const lost = new Map<string, string>() // id -> what was wrong

const api = (server: ServerProcess, token: string, path: string, init: RequestInit = {}) =>
  fetch(`${server.origin}/api/v1${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
    signal: AbortSignal.timeout(10_000),
  })

/** Writes until `stop` resolves; keeps every city the API acknowledged. */
async function writer(server: ServerProcess, token: string, round: number, stopped: () => boolean) {
  while (!stopped()) {
    const name = nextName()
    try {
      const res = await api(server, token, '/admin/city', { method: 'POST', body: JSON.stringify({ name }) })
      if (res.status >= 200 && res.status < 300) {
        const body = (await res.json()) as { data?: { _id?: string; name?: string } }
        if (body.data?._id) acknowledged.push({ id: body.data._id, name, round })
      } else if (!stopped()) {
        throw new Error(`POST /admin/city answered ${res.status}: ${await res.text()}`)
      }
    } catch (err) {
      if (stopped()) return // the server was killed under this request: not acknowledged
      throw err
    }
  }
}

/** Every city on the server, by id (all pages of the list). */
async function allCities(server: ServerProcess, token: string) {
  const byId = new Map<string, { name: string; siteCount: number; createdAt: string }>()
  for (let page = 1; ; page++) {
    const res = await api(server, token, `/admin/city/list?limit=100&page=${page}&sortBy=createdAt&sortOrder=1`)
    if (res.status !== 200) throw new Error(`GET /admin/city/list answered ${res.status}: ${await res.text()}`)
    const body = (await res.json()) as { data: { _id: string; name: string; siteCount: number; createdAt: string }[]; totalPages: number }
    body.data.forEach((c) => byId.set(c._id, c))
    if (page >= body.totalPages) return byId
  }
}

/** Checks every acknowledged city; returns how many are newly missing or damaged. */
async function verify(server: ServerProcess, token: string): Promise<number> {
  const cities = await allCities(server, token)
  let newlyLost = 0
  for (const a of acknowledged) {
    if (lost.has(a.id)) continue
    const c = cities.get(a.id)
    const problem = !c
      ? 'missing'
      : c.name !== a.name
        ? `name ${JSON.stringify(c.name)}`
        : c.siteCount !== 0 || Number.isNaN(Date.parse(c.createdAt))
          ? `damaged ${JSON.stringify(c)}`
          : undefined
    if (problem) {
      lost.set(a.id, `${a.name} (round ${a.round}): ${problem}`)
      newlyLost++
    }
  }
  return newlyLost
}

const start = () =>
  startServer({
    dataDir,
    databaseUrl,
    env: { SEED_DEMO: 'false', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    readyTimeoutMs: 60_000,
  })

async function main() {
  const began = Date.now()
  const where = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${dataDir}`
  console.info(`Chaos: ${rounds} rounds of writes and kill -9 on ${where}, ${writers} writers, seed ${seedUsed}, at most ${maxMs / 1000} s`)
  let passed = 0
  let ran = 0
  let server: ServerProcess | undefined
  // Each start after a kill takes over the dead server's lock and checks every city acknowledged
  // so far, then (while rounds remain) writes again until the next kill.
  let pending: { round: number; killAfter: number; written: number; lockLeft: boolean } | undefined
  try {
    for (let round = 1; ; round++) {
      const more = round <= rounds && Date.now() - began <= maxMs
      if (!more && !pending) break
      server = await start()
      const token = await signIn(server.origin, admin.email, admin.password)
      if (pending) {
        const missing = await verify(server, token)
        if (missing === 0) passed++
        console.info(
          `round ${String(pending.round).padStart(2)}: killed ${pending.killAfter} ms into the writes, ${pending.written} acknowledged` +
            `${pending.lockLeft ? ' (stale lock taken over)' : ''}, ${missing === 0 ? 'all there' : `${missing} LOST`}` +
            ` (${acknowledged.length} in all)`,
        )
        pending = undefined
      }
      if (!more) {
        if (round <= rounds) console.info(`Time limit reached after ${ran} rounds.`)
        server.child.kill('SIGTERM')
        await server.exited
        server = undefined
        break
      }

      ran = round
      const before = acknowledged.length
      let stopped = false
      const writing = Array.from({ length: writers }, () => writer(server!, token, round, () => stopped))
      // The kill comes at a random moment once the writes flow (the first one acknowledged).
      const killAfter = Math.floor(random() * 2000)
      const firstAck = Date.now() + 30_000
      while (acknowledged.length === before && Date.now() < firstAck) await new Promise((r) => setTimeout(r, 5))
      await new Promise((r) => setTimeout(r, killAfter))
      stopped = true
      server.child.kill('SIGKILL')
      const exit = await server.exited
      await Promise.all(writing)
      server = undefined
      if (exit.signal !== 'SIGKILL') throw new Error(`The server was not killed: ${JSON.stringify(exit)}`)
      const lockLeft = !databaseUrl && existsSync(join(dataDir, 'server.lock'))
      pending = { round, killAfter, written: acknowledged.length - before, lockLeft }
    }
  } finally {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL')
    if (!args['data-dir']) rmSync(dataDir, { recursive: true, force: true })
  }

  console.info('')
  for (const problem of [...lost.values()].slice(0, 20)) console.info(`  lost: ${problem}`)
  console.info(
    `Chaos on ${databaseUrl ? 'PostgreSQL' : 'the embedded database'}: ${passed} of ${ran} rounds passed, ` +
      `${lost.size} of ${acknowledged.length} acknowledged records lost, in ${Math.round((Date.now() - began) / 1000)} s.`,
  )
  process.exitCode = lost.size === 0 && ran > 0 ? 0 : 1
}

await main()
