import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { type ServerProcess } from '../../scripts/lib/server-process'
import { SESSION_CACHE_MS } from '../../server/auth/sessions'
import { openPostgres, type Database } from '../../server/db/client'
import { listen, notify } from '../../server/db/notify'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { scratchDatabase } from './helpers/postgres'
import { serverProcesses } from './helpers/server-processes'

// Three real server processes on one PostgreSQL database (DATABASE_URL: CI's PostgreSQL run).
// Each keeps found sessions for SESSION_CACHE_MS; a revocation made through one of them must
// reach the caches of all three within REVOCATION_LIMIT_MS, through LISTEN/NOTIFY.

// Runs only on PostgreSQL (vitest.config.ts includes *.pg.test.ts when DATABASE_URL is set).
const databaseUrl = process.env.DATABASE_URL?.trim()
const REVOCATION_LIMIT_MS = 100
/** How often each process is asked whether a revoked token still opens a request. */
const POLL_MS = 3

interface Signed {
  token: string
  _id: string
}

async function api(server: ServerProcess, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.origin}/api/v1${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  const text = await res.text()
  return { status: res.status, body: text }
}

async function login(server: ServerProcess, email: string, password: string): Promise<Signed> {
  const res = await api(server, 'POST', '/admin/login', undefined, { email, password })
  if (res.status !== 200) throw new Error(`Sign-in failed: ${res.status} ${res.body}`)
  return (JSON.parse(res.body) as { data: Signed }).data
}

const profileStatus = async (server: ServerProcess, token: string) => (await api(server, 'GET', '/admin/profile', token)).status
/** An API token is asked on the integration API, a session on the admin API. */
const statusFor = async (server: ServerProcess, token: string) =>
  token.startsWith('pct_') ? (await api(server, 'GET', '/integration/token', token)).status : profileStatus(server, token)

/**
 * Asks every process, every POLL_MS, until each refuses `token`, while `revoke` runs; resolves
 * with each process's delay: from the revoking answer to the first 401 (0 when it came first).
 */
async function delaysUntilRefused(servers: ServerProcess[], token: string, revoke: () => Promise<void>): Promise<number[]> {
  // Each process has the session in its cache now, for SESSION_CACHE_MS.
  for (const server of servers) expect(await statusFor(server, token)).toBe(200)
  const giveUpAt = performance.now() + 2 * SESSION_CACHE_MS + 2_000
  const refusedAt = servers.map(async (server) => {
    for (;;) {
      const status = await statusFor(server, token)
      const at = performance.now()
      if (status === 401) return at
      expect(status).toBe(200)
      if (at > giveUpAt) throw new Error(`${server.origin} still accepts the revoked token`)
      await sleep(POLL_MS)
    }
  })
  await revoke()
  const revokedAt = performance.now()
  return (await Promise.all(refusedAt)).map((at) => Math.max(0, at - revokedAt))
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const summary = (xs: number[]) => `median ${median(xs).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} answers)`

describe('several server processes on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>
  const processes = serverProcesses('multi', () => scratch.url)
  const { servers } = processes
  const measured: Record<string, number[]> = { logout: [], 'password change': [], 'password reset': [], 'admin block': [], 'API token revoke': [] }
  /** The password test changes it. */
  let adminPassword: string = TEST_ADMIN.password

  const start = processes.start

  beforeAll(async () => {
    scratch = await scratchDatabase(databaseUrl!, `petcare_multi_${process.pid}`)
    await start() // the first one migrates the database and creates the accounts
    await Promise.all([start(), start()])
  })

  afterAll(async () => {
    await processes.stopAll()
    await scratch?.drop()
    const lines = Object.entries(measured)
      .filter(([, xs]) => xs.length)
      .map(([kind, xs]) => `  ${kind}: ${summary(xs)}`)
    if (lines.length) console.info(`Revocation delays on ${servers.length} processes:\n${lines.join('\n')}`)
  })

  it('ends a session on every process within 100 ms of a logout on one of them', async () => {
    for (let round = 0; round < 3; round++) {
      const revoking = servers[round % servers.length]!
      const { token, _id } = await login(revoking, TEST_ADMIN.email, TEST_ADMIN.password)
      const delays = await delaysUntilRefused(servers, token, async () => {
        expect((await api(revoking, 'POST', `/admin/logout/${_id}`, token)).status).toBe(200)
      })
      measured.logout!.push(...delays)
      for (const delay of delays) expect(delay).toBeLessThan(REVOCATION_LIMIT_MS)
    }
  })

  it('ends the other sessions of an admin on every process within 100 ms of a password change', async () => {
    for (let round = 0; round < 2; round++) {
      const revoking = servers[(round + 1) % servers.length]!
      const here = await login(revoking, TEST_ADMIN.email, adminPassword)
      const elsewhere = await login(servers[round % servers.length]!, TEST_ADMIN.email, adminPassword)
      const newPassword = `Changed@${round}`
      const delays = await delaysUntilRefused(servers, elsewhere.token, async () => {
        const change = { oldPassword: adminPassword, newPassword, confirmPassword: newPassword }
        const res = await api(revoking, 'POST', '/admin/change-password', here.token, change)
        expect(res.status, res.body).toBe(200)
      })
      adminPassword = newPassword
      measured['password change']!.push(...delays)
      for (const delay of delays) expect(delay).toBeLessThan(REVOCATION_LIMIT_MS)
      // The session that changed the password stays signed in everywhere.
      for (const server of servers) expect(await profileStatus(server, here.token)).toBe(200)
    }
  })

  it('ends every session of an admin on every process within 100 ms of a password reset', async () => {
    const { token } = await login(servers[0]!, TEST_ADMIN.email, adminPassword)
    // The code goes to the dev outbox of the process that was asked for it.
    expect((await api(servers[1]!, 'POST', '/admin/send-otp', undefined, { email: TEST_ADMIN.email })).status).toBe(200)
    const otp = await vi.waitFor(
      () => {
        const outbox = join(processes.dataDirOf(servers[1]!), 'outbox')
        const code = (existsSync(outbox) ? readdirSync(outbox) : []).map((f) => /\b\d{6}\b/.exec(readFileSync(join(outbox, f), 'utf8'))?.[0]).find(Boolean)
        if (!code) throw new Error('no code in the outbox yet')
        return code
      },
      { timeout: 5_000 },
    )
    const verified = await api(servers[2]!, 'POST', '/admin/verify-otp', undefined, { email: TEST_ADMIN.email, otp })
    expect(verified.status, verified.body).toBe(200)
    const { resetToken } = (JSON.parse(verified.body) as { data: { resetToken: string } }).data
    const newPassword = 'Reset@123'
    const delays = await delaysUntilRefused(servers, token, async () => {
      const res = await api(servers[2]!, 'POST', '/admin/reset-password', undefined, { resetToken, password: newPassword, confirmPassword: newPassword })
      expect(res.status, res.body).toBe(200)
    })
    adminPassword = newPassword
    measured['password reset']!.push(...delays)
    for (const delay of delays) expect(delay).toBeLessThan(REVOCATION_LIMIT_MS)
  })

  it('ends every session of a blocked admin on every process within 100 ms', async () => {
    const admin = await login(servers[0]!, TEST_ADMIN.email, adminPassword)
    for (let round = 0; round < 2; round++) {
      const revoking = servers[(round + 2) % servers.length]!
      const sub = await login(servers[round % servers.length]!, TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password)
      const delays = await delaysUntilRefused(servers, sub.token, async () => {
        const res = await api(revoking, 'PATCH', `/admin/admins/${sub._id}/status`, admin.token, { status: 2 })
        expect(res.status, res.body).toBe(200)
      })
      measured['admin block']!.push(...delays)
      for (const delay of delays) expect(delay).toBeLessThan(REVOCATION_LIMIT_MS)
      expect((await api(revoking, 'PATCH', `/admin/admins/${sub._id}/status`, admin.token, { status: 1 })).status).toBe(200)
    }
  })

  it('refuses a revoked API token on every process within 100 ms', async () => {
    const admin = await login(servers[0]!, TEST_ADMIN.email, adminPassword)
    for (let round = 0; round < 3; round++) {
      const revoking = servers[round % servers.length]!
      const made = await api(servers[0]!, 'POST', '/admin/api-tokens', admin.token, { name: `Backend ${round}`, scopes: ['read'] })
      expect(made.status, made.body).toBe(201)
      const { token, secret } = (JSON.parse(made.body) as { data: { token: { _id: string }; secret: string } }).data
      const delays = await delaysUntilRefused(servers, secret, async () => {
        const res = await api(revoking, 'POST', `/admin/api-tokens/${token._id}/revoke`, admin.token)
        expect(res.status, res.body).toBe(200)
      })
      measured['API token revoke']!.push(...delays)
      for (const delay of delays) expect(delay).toBeLessThan(REVOCATION_LIMIT_MS)
    }
  })

})

describe('listening for notifications on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>
  let database: Database

  beforeAll(async () => {
    scratch = await scratchDatabase(databaseUrl!, `petcare_listen_${process.pid}`)
    database = openPostgres(scratch.url, 2)
  })
  afterAll(async () => {
    await database?.close()
    await scratch?.drop()
  })

  it('connects again after losing its connection, says so, and hears the notices sent after that', async () => {
    const heard: string[] = []
    let connects = 0
    const listening = await listen(database.db, 'test_channel', { onNotice: (p) => heard.push(p), onConnect: () => connects++ }, { retryMinMs: 20 })
    try {
      expect(connects).toBe(1)
      await notify(database.db, 'test_channel', 'first')
      await vi.waitFor(() => expect(heard).toEqual(['first']))

      // The listening connection is cut from the server's side (a restart, a failover, a proxy).
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
      )
      await vi.waitFor(() => expect(connects).toBe(2), { timeout: 5_000 })
      await notify(database.db, 'test_channel', 'second')
      await vi.waitFor(() => expect(heard).toEqual(['first', 'second']))
    } finally {
      await listening.stop()
    }
  })

  it('delivers a notice sent in a transaction only when it commits', async () => {
    const heard: string[] = []
    const listening = await listen(database.db, 'test_channel', { onNotice: (p) => heard.push(p), onConnect: () => {} })
    try {
      await database.db
        .transaction(async (tx) => {
          await notify(tx, 'test_channel', 'rolled back')
          throw new Error('roll back')
        })
        .catch(() => {})
      await database.db.transaction(async (tx) => {
        await notify(tx, 'test_channel', 'committed')
        await sleep(50)
        expect(heard).toEqual([]) // not before the commit
      })
      await vi.waitFor(() => expect(heard).toEqual(['committed']))
    } finally {
      await listening.stop()
    }
  })
})
