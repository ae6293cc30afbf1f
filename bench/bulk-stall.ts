/**
 * How long a list request waits while a bulk action runs, on the embedded database:
 *
 *   node --import tsx bench/bulk-stall.ts [--rows 10000]
 *
 * Seeds a fresh DATA_DIR with ROWS users (npm run seed), starts the server from the sources,
 * and as the sub admin sends one bulk block of every seeded user by ids, while GET
 * /admin/users?limit=10 is asked again and again, one at a time, until the bulk answer comes.
 * Prints the bulk call's time, the list requests' latencies during it (count, median, p95, max)
 * and the same list's latencies with nothing else running, beside `uptime`'s load. Figures are
 * wall-clock and for reading (docs/DECISIONS.md, Bulk actions), not a test.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { DEFAULT_PASSWORDS } from '../server/config'
import { REPO_ROOT, signIn, startServer } from '../scripts/lib/server-process'

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '10000' } } })
const ROWS = Number(args.rows)

const dataDir = mkdtempSync(join(tmpdir(), 'petcare-bulk-stall-'))
const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim()

const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--users', String(ROWS), '--data-dir', dataDir], {
  cwd: REPO_ROOT,
  encoding: 'utf8',
})
if (seeded.status !== 0) throw new Error(`Seeding failed:\n${seeded.stdout}${seeded.stderr}`)

// No demo data: the users are the seeded ones only, so "every user" is ROWS rows.
const server = await startServer({ dataDir, env: { SEED_DEMO: 'false' }, readyTimeoutMs: 120_000 })
try {
  const token = await signIn(server.origin, 'subadmin@petcare.local', DEFAULT_PASSWORDS.subAdmin)
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
  const api = (path: string, init?: RequestInit) => fetch(`${server.origin}/api/v1${path}`, { headers, ...init })

  const ids: string[] = []
  for (let page = 1; ids.length < ROWS; page++) {
    const body = (await (await api(`/admin/users?limit=100&page=${page}`)).json()) as { data: { _id: string }[] }
    if (body.data.length === 0) break
    ids.push(...body.data.map((u) => u._id))
  }

  /** Latencies (ms) of list requests one after another, while `until` is unsettled (or `count` of them). */
  async function listLatencies(until: { done: boolean } | number): Promise<number[]> {
    const times: number[] = []
    while (typeof until === 'number' ? times.length < until : !until.done) {
      const started = performance.now()
      const res = await api('/admin/users?limit=10')
      await res.arrayBuffer()
      times.push(performance.now() - started)
    }
    return times
  }
  const summary = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b)
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0)
    return `${times.length} requests, median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`
  }

  await listLatencies(20) // warm up
  const idle = await listLatencies(50)
  console.info(`load before: ${load()}`)

  const state = { done: false }
  const started = performance.now()
  const bulk = api('/admin/users/bulk', { method: 'POST', body: JSON.stringify({ action: 'block', ids }) }).then(async (res) => {
    const body = (await res.json()) as { data?: { changed: number; skipped: unknown[] } }
    state.done = true
    return { status: res.status, took: performance.now() - started, changed: body.data?.changed, skipped: body.data?.skipped.length }
  })
  const during = await listLatencies(state)
  const result = await bulk

  console.info(`bulk block of ${ids.length} users by the sub admin: ${result.status}, ${result.changed} changed, ${result.skipped} skipped, ${result.took.toFixed(0)} ms`)
  console.info(`list during the bulk call: ${summary(during)}`)
  console.info(`list with nothing else running: ${summary(idle)}`)
  console.info(`load after: ${load()}`)
} finally {
  server.child.kill('SIGTERM')
  await server.exited
  rmSync(dataDir, { recursive: true, force: true })
}
