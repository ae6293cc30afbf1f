import { existsSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { connect } from 'node:net'
import { join } from 'node:path'
import { signIn, type ServerProcess } from '../../scripts/lib/server-process'
import { TEST_ADMIN } from './helpers/accounts'
import { sharedDataServers } from './helpers/server-processes'

interface Outcome {
  status?: number
  error?: string
  /** When the answer (or the error) came, relative to the signal (negative: before it). */
  atMs?: number
}

/** One request through `agent` (keep-alive connections). */
function send(agent: Agent, server: ServerProcess, method: string, path: string, token: string, body?: unknown) {
  let written!: () => void
  const isWritten = new Promise<void>((r) => (written = r))
  const answered = new Promise<{ status?: number; error?: string }>((done) => {
    const json = body === undefined ? undefined : JSON.stringify(body)
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path: `/api/v1${path}`,
        agent,
        headers: { Authorization: `Bearer ${token}`, ...(json ? { 'Content-Type': 'application/json' } : {}) },
      },
      (res) => {
        res.resume()
        res.on('end', () => done({ status: res.statusCode }))
        res.on('error', (err) => done({ error: err.message }))
      },
    )
    req.on('error', (err) => done({ error: (err as NodeJS.ErrnoException).code ?? err.message }))
    req.on('finish', written)
    req.end(json)
  })
  return { isWritten, answered }
}

/** Whether a new connection to the port is refused (resolves true) or accepted (false). */
function refused(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      done(false)
    })
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code === 'ECONNREFUSED'))
  })
}

const BURST = 60

// The real server as a child process, stopped with SIGTERM in the middle of a burst of requests.
// With DATABASE_URL set it runs on a scratch database of that server (and takes no DATA_DIR lock).
describe('graceful shutdown under load', () => {
  // The first start opens a migrated database: creating one is npm-start.test.ts's to show.
  const { start, dataDir } = sharedDataServers('shutdown')

  it('finishes the requests in flight, refuses new ones, closes the database, exits 0 and starts again', async () => {
    const server = await start()
    const token = await signIn(server.origin, TEST_ADMIN.email, TEST_ADMIN.password)

    // The burst's connections are opened (and accepted by the server) first: a connection still
    // waiting in the kernel's queue when the port closes is reset, and is no request of the
    // server's yet. On them, writes and reads, all sent before the signal.
    const agent = new Agent({ keepAlive: true, maxSockets: BURST })
    const warmUp = await Promise.all(Array.from({ length: BURST }, () => send(agent, server, 'GET', '/admin/profile', token).answered))
    expect(warmUp.map((a) => a.status)).toEqual(Array(BURST).fill(200))
    const names = Array.from({ length: BURST / 2 }, (_, i) => `Shutdown City ${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`)
    const burst = [
      ...names.map((name) => send(agent, server, 'POST', '/admin/city', token, { name })),
      ...names.map(() => send(agent, server, 'GET', '/admin/users?limit=100&search=a', token)),
    ]
    await Promise.all(burst.map((r) => r.isWritten))
    await Promise.race(burst.map((r) => r.answered)) // the server is busy with them

    const signalledAt = performance.now()
    const outcomes: Outcome[] = burst.map(() => ({}))
    const answered = Promise.all(
      burst.map(async (r, i) => Object.assign(outcomes[i]!, await r.answered, { atMs: performance.now() - signalledAt })),
    )
    server.child.kill('SIGTERM')

    // New connections: tried every 20 ms until one is refused (or the process has gone).
    let refusedAtMs: number | undefined
    let exitedAtMs: number | undefined
    void server.exited.then(() => (exitedAtMs = performance.now() - signalledAt))
    while (exitedAtMs === undefined && refusedAtMs === undefined) {
      if (await refused(server.port)) refusedAtMs = performance.now() - signalledAt
      else await new Promise((r) => setTimeout(r, 20))
    }

    const exit = await server.exited
    await answered
    agent.destroy()

    // Every request sent before the signal was answered, and successfully.
    expect(outcomes.filter((o) => o.status === undefined || o.status < 200 || o.status > 299)).toEqual([])
    // The signal came mid-burst: some answers were still to come.
    expect(outcomes.filter((o) => o.atMs! > 0).length).toBeGreaterThan(0)
    // A connection opened after the signal was refused while the server was still running.
    expect(refusedAtMs).toBeDefined()
    expect(await refused(server.port)).toBe(true)
    // Clean exit: code 0, the database closed ("Stopped." comes after db.close()), the lock gone.
    expect(exit).toEqual({ code: 0, signal: null })
    expect(server.output()).toMatch(/SIGTERM: finishing in-flight requests/)
    expect(server.output()).toMatch(/Stopped\./)
    expect(existsSync(join(dataDir(), 'server.lock'))).toBe(false)

    // The next start on the same data is clean, and holds every city the burst created.
    const again = await start()
    const token2 = await signIn(again.origin, TEST_ADMIN.email, TEST_ADMIN.password)
    const res = await fetch(`${again.origin}/api/v1/admin/city/list?limit=100`, { headers: { Authorization: `Bearer ${token2}` } })
    const list = (await res.json()) as { data: { name: string }[]; total: number }
    expect(res.status).toBe(200)
    expect(list.data.map((c) => c.name).sort()).toEqual([...names].sort())
    again.child.kill('SIGTERM')
    expect(await again.exited).toEqual({ code: 0, signal: null })
  }, 90_000)
})
