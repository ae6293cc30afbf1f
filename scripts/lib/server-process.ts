/**
 * Runs the real server (server/index.ts, or the build's build/server.js) as a child process on
 * loopback, for the shutdown test, the chaos script and the screen check. The child is node itself
 * (tsx as a loader, not a wrapper process), so a signal sent to it reaches the server.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..')

/** A free TCP port on 127.0.0.1 (PORT must be 1 to 65535, so the server cannot take port 0). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })
}

export interface ServerProcess {
  child: ChildProcess
  port: number
  /** http://127.0.0.1:PORT */
  origin: string
  /** Everything the server printed so far (stdout and stderr). */
  output(): string
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export interface StartOptions {
  /** DATA_DIR (the embedded database, uploads, outbox, lock). */
  dataDir: string
  /** Use this PostgreSQL server instead of the embedded database. */
  databaseUrl?: string
  env?: Record<string, string>
  /** How long to wait for the first HTTP answer. */
  readyTimeoutMs?: number
  /** Run the production build (build/server.js, serving the built SPA too) instead of the sources. */
  built?: boolean
}

/** Starts the server and resolves once it answers HTTP (or rejects with what it printed). */
export async function startServer(opts: StartOptions): Promise<ServerProcess> {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: opts.dataDir,
    ...(opts.built ? {} : { SERVE_SPA: 'false' }),
    ...opts.env,
  }
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl
  else delete env.DATABASE_URL
  const entry = opts.built ? ['build/server.js'] : ['--import', 'tsx', 'server/index.ts']
  const child = spawn(process.execPath, entry, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  )
  let gone = false
  void exited.then(() => (gone = true))

  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 30_000)
  for (;;) {
    if (gone) throw new Error(`The server exited before answering:\n${printed}`)
    try {
      await fetch(`${origin}/api/v1/admin/profile`, { signal: AbortSignal.timeout(1_000) })
      break // any HTTP answer (401 here) means it is up
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(`The server did not answer within ${opts.readyTimeoutMs ?? 30_000} ms:\n${printed}`)
      }
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return { child, port, origin, output: () => printed, exited }
}

/** Signs in through the API and returns the bearer token. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  const body = (await res.json()) as { data?: { token?: string } }
  if (!res.ok || !body.data?.token) throw new Error(`Sign-in failed: ${res.status} ${JSON.stringify(body)}`)
  return body.data.token
}
