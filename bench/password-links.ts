/**
 * What anonymous clients sending bad tokens to the password links cost a signed-in admin
 * (docs/DECISIONS.md, Input that costs nothing): the app served on loopback over a fresh embedded
 * database, N clients in a child process sending POST /admin/reset-password and
 * /admin/accept-invite with made-up tokens as fast as they are answered, while one probe lists
 * users (signed in) and one signs in, each in turn. Prints the answers per second by status, the
 * server's CPU (all its threads, argon2's included) and the probes' latencies.
 *
 *   npx tsx bench/password-links.ts [--clients 16] [--seconds 10] [--rotate]
 *
 * --rotate sends every request from another address (X-Forwarded-For, the server trusting one
 * proxy): what the per-address limit cannot stop, so what is left is the cost of the check itself.
 */
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { serve } from '@hono/node-server'
import { API_PREFIX } from '../contract'
import { createApp } from '../server/app'
import { passwordHashesDone } from '../server/auth/passwords'
import { systemClock } from '../server/clock'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { createLogger } from '../server/log'
import { adminAccounts, ensureAdmins } from '../server/seed/seed'
import { diskStorage } from '../server/storage/disk'

interface Job {
  baseUrl: string
  clients: number
  seconds: number
  rotate: boolean
  token: string
  email: string
  password: string
}

interface Report {
  statuses: Record<string, number>
  listMs: number[]
  signInMs: number[]
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? Number.NaN

async function drive(job: Job): Promise<Report> {
  const api = `${job.baseUrl}${API_PREFIX}`
  const stopAt = performance.now() + job.seconds * 1000
  const statuses: Record<string, number> = {}
  let sent = 0
  const password = 'Attack@12345'
  const client = async (n: number) => {
    while (performance.now() < stopAt) {
      const i = sent++
      const headers: Record<string, string> = { 'Content-Type': 'application/json' }
      if (job.rotate) headers['X-Forwarded-For'] = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`
      const [path, body] =
        (i + n) % 2 === 0
          ? ['/admin/reset-password', { resetToken: `made-up-${i}`, password, confirmPassword: password }]
          : ['/admin/accept-invite', { token: `made-up-${i}`, password, confirmPassword: password }]
      const res = await fetch(`${api}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
      await res.arrayBuffer()
      statuses[res.status] = (statuses[res.status] ?? 0) + 1
    }
  }
  const probe = async (call: () => Promise<Response>, into: number[]) => {
    while (performance.now() < stopAt) {
      const started = performance.now()
      const res = await call()
      await res.arrayBuffer()
      if (!res.ok) throw new Error(`The probe got HTTP ${res.status}`)
      into.push(performance.now() - started)
      await new Promise((done) => setTimeout(done, 100))
    }
  }
  const listMs: number[] = []
  const signInMs: number[] = []
  await Promise.all([
    ...Array.from({ length: job.clients }, (_, n) => client(n)),
    probe(() => fetch(`${api}/admin/users?page=1&limit=10`, { headers: { Authorization: `Bearer ${job.token}` } }), listMs),
    probe(
      () =>
        fetch(`${api}/admin/login`, {
          method: 'POST',
          // Its own address, so the attackers' failures there do not refuse it.
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.200' },
          body: JSON.stringify({ email: job.email, password: job.password }),
        }),
      signInMs,
    ),
  ])
  return { statuses, listMs, signInMs }
}

/** Runs `job` in a child process; `onStart` is called as its clients start (after tsx has loaded it). */
function inChild(job: Job, onStart = () => {}): Promise<Report> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, PASSWORD_LINKS_CHILD: '1' } })
    let report: Report | undefined
    child.on('message', (message) => (message === 'start' ? onStart() : (report = message as Report)))
    child.once('error', reject)
    child.once('exit', (code) => (report ? resolve(report) : reject(new Error(`The load process stopped (exit code ${code})`))))
    child.send(job)
  })
}

async function main() {
  const { values } = parseArgs({ options: { clients: { type: 'string', default: '16' }, seconds: { type: 'string', default: '10' }, rotate: { type: 'boolean', default: false } } })
  const clients = Number(values.clients)
  const seconds = Number(values.seconds)
  const config = loadConfig({ ...process.env, DATABASE_URL: '' })
  const dataDir = mkdtempSync(join(tmpdir(), 'password-links-'))
  const database = await openDatabase({ dataDir })
  let server: Server | undefined
  try {
    await database.migrate()
    await ensureAdmins(database.db, adminAccounts(config.admin, config.subAdmin))
    const app = createApp({
      db: database.db,
      storage: diskStorage(join(dataDir, 'uploads')),
      mailer: { send: async () => {} },
      clock: systemClock,
      config: { trustProxy: true },
      log: createLogger('json', { write: () => {} }),
    })
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }) as Server
    await once(server, 'listening')
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const login = await fetch(`${baseUrl}${API_PREFIX}/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.201' },
      body: JSON.stringify({ email: config.admin.email, password: config.admin.password }),
    })
    const token = ((await login.json()) as { data: { token: string } }).data.token
    const job = { baseUrl, token, email: config.admin.email, password: config.admin.password, rotate: values.rotate }

    const idle = await inChild({ ...job, clients: 0, seconds: 3 })
    let cpuBefore = process.cpuUsage()
    let startedAt = performance.now()
    let hashesBefore = passwordHashesDone()
    const loaded = await inChild({ ...job, clients, seconds }, () => {
      cpuBefore = process.cpuUsage()
      startedAt = performance.now()
      hashesBefore = passwordHashesDone()
    })
    // Less the sign-in probe's own checks.
    const attackHashes = passwordHashesDone() - hashesBefore - loaded.signInMs.length
    const wallS = (performance.now() - startedAt) / 1000
    const cpu = process.cpuUsage(cpuBefore)
    const cpuS = (cpu.user + cpu.system) / 1e6

    const answers = Object.values(loaded.statuses).reduce((a, b) => a + b, 0)
    console.info(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`)
    console.info(`${clients} anonymous clients for ${seconds} s${values.rotate ? ', every request from another address' : ', one address'}`)
    console.info(`answers: ${(answers / seconds).toFixed(1)}/s by status ${JSON.stringify(loaded.statuses)}`)
    console.info(`argon2 hashes for the clients: ${(attackHashes / seconds).toFixed(1)}/s (${attackHashes})`)
    console.info(`server CPU: ${(cpuS / wallS).toFixed(2)} cores (${cpuS.toFixed(1)} s in ${wallS.toFixed(1)} s)`)
    console.info(`signed-in list: median ${median(idle.listMs).toFixed(0)} ms idle, ${median(loaded.listMs).toFixed(0)} ms (p95 ${p95(loaded.listMs).toFixed(0)}) under load`)
    console.info(`sign-in: median ${median(idle.signInMs).toFixed(0)} ms idle, ${median(loaded.signInMs).toFixed(0)} ms (p95 ${p95(loaded.signInMs).toFixed(0)}) under load`)
  } finally {
    if (server) {
      server.closeAllConnections()
      await new Promise((done) => server!.close(done))
    }
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.env.PASSWORD_LINKS_CHILD === '1' && process.send) {
  process.once('message', async (job: Job) => {
    process.send!('start')
    const report = await drive(job)
    process.send!(report, () => process.exit(0))
  })
} else {
  await main()
}
