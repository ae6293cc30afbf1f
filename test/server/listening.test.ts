import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Server } from 'node:http'
import { freePort, REPO_ROOT } from '../../scripts/lib/server-process'
import { loadConfig } from '../../server/config'
import { listen } from '../../server/http/server-limits'
import { request as httpRequest } from 'node:http'
import { createdApiToken } from '../../contract/api-tokens'
import { okBody } from './helpers/bodies'
import { tokenOf } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

/** Runs the server until it exits by itself (a refused start): its exit code and what it printed. */
async function startRefused(env: Record<string, string>) {
  const runEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(await freePort()), SERVE_SPA: 'false', ...env }
  delete runEnv.DATABASE_URL
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: REPO_ROOT, env: runEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  let printed = ''
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  const code = await new Promise<number | null>((done) => child.once('exit', done))
  return { code, printed: printed.trim() }
}

/** Whether a TCP connection to host:port is accepted. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect({ host, port })
    socket.once('connect', () => (socket.destroy(), done(true)))
    socket.once('error', () => done(false))
  })

interface SlowSocket {
  socket: Socket
  /** When the server closed it, in ms from the start of the batch (undefined: still open). */
  closedAtMs?: number
  /** The status line the server sent before closing, if any. */
  answer: string
}

/**
 * Opens `count` connections that send the start of a request, then one more byte every 200 ms
 * and never finish: of the headers (`headers`), or of a 1 MB upload announced by Content-Length.
 */
function trickle(port: number, count: number, part: 'headers' | 'body', startedAt: number): SlowSocket[] {
  const head =
    part === 'headers'
      ? 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n'
      : 'POST /uploads/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 1000000\r\n\r\n'
  return Array.from({ length: count }, () => {
    const slow: SlowSocket = { socket: connect({ host: '127.0.0.1', port }), answer: '' }
    slow.socket.setNoDelay(true)
    slow.socket.on('connect', () => slow.socket.write(head))
    const drip = setInterval(() => slow.socket.writable && slow.socket.write(part === 'headers' ? 'X' : ' '), 200)
    slow.socket.on('data', (chunk: Buffer) => (slow.answer += chunk.toString()))
    slow.socket.on('error', () => {})
    slow.socket.on('close', () => {
      clearInterval(drip)
      slow.closedAtMs = performance.now() - startedAt
    })
    return slow
  })
}

async function until(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
  return condition()
}

async function timedGet(url: string) {
  const started = performance.now()
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  await res.arrayBuffer()
  return { status: res.status, ms: performance.now() - started, keepAlive: res.headers.get('keep-alive') }
}

const LIMITS = { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, keepAliveTimeoutMs: 1_000, maxConnections: 40 }

interface Listening {
  server: Server
  port: number
  origin: string
}

async function listening(fetch: (request: Request) => Response | Promise<Response>, where: Parameters<typeof listen>[1]): Promise<Listening> {
  let server!: Server
  const port = await new Promise<number>((done) => (server = listen(fetch, where, (address) => done(address.port))))
  return { server, port, origin: `http://127.0.0.1:${port}` }
}

describe('how the server listens', () => {
  let scratch: string
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'petcare-listening-'))
  })
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true })
  })

  describe('refusing to start', () => {
    it('in production with a demo password: one message that says what to set, exit code 1', async () => {
      const { code, printed } = await startRefused({ NODE_ENV: 'production', DATA_DIR: join(scratch, 'demo'), ADMIN_PASSWORD: 'Own-pass1' })
      expect(code).toBe(1)
      expect(printed).toBe(
        'NODE_ENV is production but SUB_ADMIN_PASSWORD is unset or a built-in demo password: set SUB_ADMIN_PASSWORD to a password of your own. The server did not start.',
      )
    })

    it('on a data directory that cannot be written: one line, no stack trace, exit code 1', async () => {
      // A path under a regular file: mkdir fails (ENOTDIR) even for root, whom permissions do not stop.
      const file = join(scratch, 'a-file')
      writeFileSync(file, '')
      const { code, printed } = await startRefused({ DATA_DIR: join(file, 'data') })
      expect(code).toBe(1)
      expect(printed).toBe(
        `The data directory ${join(file, 'data')} cannot be written (a file stands where a folder is needed). Set DATA_DIR to a folder this user can write.`,
      )
    })
  })

  // In this process, through the same listen() the server's start uses, on the app of a test database.
  describe('a running server', () => {
    let loopback: Listening
    let everywhere: Listening
    let t: TestApp
    beforeAll(async () => {
      t = await testApp()
      const defaults = loadConfig({})
      expect(defaults.host).toBe('127.0.0.1')
      loopback = await listening(t.app.fetch, { ...defaults, port: 0, http: LIMITS })
      everywhere = await listening(t.app.fetch, { ...defaults, port: 0, host: '0.0.0.0' })
    })
    afterAll(async () => {
      for (const { server } of [loopback, everywhere]) {
        server.closeAllConnections()
        await new Promise((done) => server.close(done))
      }
    })

    // 127.0.0.2 is this machine too, but not the address a server bound to 127.0.0.1 listens on.
    it('listens on loopback only by default, and on every interface with HOST=0.0.0.0', async () => {
      expect(await accepts('127.0.0.1', loopback.port)).toBe(true)
      expect(await accepts('127.0.0.2', loopback.port)).toBe(false)
      expect(await accepts('127.0.0.2', everywhere.port)).toBe(true)
    })

    it('closes an idle keep-alive connection after its timeout, and tells the client the limits', async () => {
      expect((await timedGet(`${loopback.origin}/healthz`)).keepAlive).toBe('timeout=1, max=1000')
      const socket = connect({ host: '127.0.0.1', port: loopback.port })
      let closedAt = 0
      socket.on('close', () => (closedAt = performance.now()))
      socket.on('data', () => {})
      await new Promise((r) => socket.once('connect', r))
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
      const answeredAt = performance.now()
      expect(await until(() => closedAt > 0, 5_000)).toBe(true)
      expect(closedAt - answeredAt).toBeGreaterThan(500)
    })

    it('lets a streamed bulk sync run past the request timeout: every line answered, then the summary', async () => {
      const created = await t.post('/admin/api-tokens', { name: 'App backend', scopes: ['users:write'] }, { token: await tokenOf(t) })
      const secret = (await okBody(created, createdApiToken, 201)).data.secret
      const answer = await new Promise<string>((done, fail) => {
        const req = httpRequest(`${loopback.origin}/api/v1/integration/sync/users`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/x-ndjson' },
        })
        req.on('error', fail)
        req.on('response', (res) => {
          let text = ''
          res.on('data', (chunk: Buffer) => (text += chunk.toString()))
          res.on('end', () => done(text))
          res.on('error', fail)
        })
        // A line every 250 ms for 3 s: the whole body takes longer than the 2 s request timeout.
        let n = 0
        const drip = setInterval(() => {
          req.write(`${JSON.stringify({ externalId: `slow-${n}`, username: `slow${n}`, name: 'Slow Sync', email: `slow${n}@example.com` })}\n`)
          if (++n === 12) {
            clearInterval(drip)
            req.end()
          }
        }, 250)
      })
      const lines = answer.trim().split('\n').map((line) => JSON.parse(line) as { result?: string; lines?: number; committed?: number })
      expect(lines.slice(0, -1).map((l) => l.result)).toEqual(Array(12).fill('created'))
      expect(lines.at(-1)).toMatchObject({ done: true, lines: 12, committed: 12 })
    }, 20_000)

    it('cuts trickled headers and bodies after their timeouts, caps connections, and keeps answering others', async () => {
      const started = performance.now()
      // Bodies, fewer than the cap: the server keeps answering meanwhile.
      const bodies = trickle(loopback.port, 30, 'body', started)
      await new Promise((r) => setTimeout(r, 500))
      const during = await timedGet(`${loopback.origin}/healthz`)
      expect(during.status).toBe(200)
      expect(await until(() => bodies.every((s) => s.closedAtMs !== undefined), 10_000)).toBe(true)
      const bodyCut = Math.max(...bodies.map((s) => s.closedAtMs!))
      // Held until the request timeout (not refused on sight), then told so.
      expect(Math.min(...bodies.map((s) => s.closedAtMs!))).toBeGreaterThan(1_500)
      expect(bodies.map((s) => s.answer.split('\r\n')[0])).toEqual(bodies.map(() => 'HTTP/1.1 408 Request Timeout'))

      // Headers, more than the cap: those beyond it are closed at once, the rest at the header timeout.
      const headerStart = performance.now()
      const headers = trickle(loopback.port, 60, 'headers', headerStart)
      expect(await until(() => headers.every((s) => s.closedAtMs !== undefined), 10_000)).toBe(true)
      const refusedAtOnce = headers.filter((s) => s.closedAtMs! < 500).length
      const heldUntilTimeout = headers.filter((s) => s.closedAtMs! > 800)
      expect(heldUntilTimeout.map((s) => s.answer.split('\r\n')[0])).toEqual(heldUntilTimeout.map(() => 'HTTP/1.1 408 Request Timeout'))
      const headerCut = Math.max(...headers.map((s) => s.closedAtMs!))
      const after = await timedGet(`${loopback.origin}/healthz`)
      expect(after.status).toBe(200)

      console.info(
        `slow clients: 30 trickled bodies cut by ${Math.round(bodyCut)} ms (requestTimeout 2 s), a normal request meanwhile ${Math.round(during.ms)} ms; ` +
          `60 trickled headers with a cap of 40: ${refusedAtOnce} closed at once, all cut by ${Math.round(headerCut)} ms (headersTimeout 1 s); ` +
          `a normal request after ${Math.round(after.ms)} ms`,
      )
      expect(refusedAtOnce).toBeGreaterThanOrEqual(20)
      expect(heldUntilTimeout.length).toBeGreaterThanOrEqual(30)
      // Generous bounds for a loaded machine: cut well before the 30 s the limits would have been.
      expect(bodyCut).toBeLessThan(8_000)
      expect(headerCut).toBeLessThan(8_000)
    }, 60_000)
  })
})
