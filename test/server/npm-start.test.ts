import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, REPO_ROOT } from '../../scripts/lib/server-process'

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const portOpen = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => (socket.destroy(), done(true)))
    socket.once('error', () => done(false))
  })

/** Waits for `condition`; `what` is read at the timeout (what the server has printed by then). */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Waits for `done`, failing after `timeoutMs` with `what` (read at the timeout). */
async function within(done: Promise<void>, timeoutMs: number, what: () => string) {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what()}`)), timeoutMs)))
  try {
    await Promise.race([done, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Whether any process of the group `pgid` is left (a zombie counts: nobody has waited for it). */
const groupAlive = (pgid: number) => isRunning(-pgid)

// `npm start` and `npm run serve` as an operator or a process manager runs them (the build step
// skipped: the server bundle is built here, once). Both run on one data folder: `npm start` makes
// the database, as a first start does, and `npm run serve` opens it again.
let dataDir: string
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'petcare-npm-start-'))
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' })
  if (build.status !== 0) throw new Error(`The server build failed:\n${build.stderr}`)
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe.each([
  { script: 'npm start', args: ['start', '--', '--no-build'] },
  { script: 'npm run serve', args: ['run', 'serve'] },
])('$script', ({ args }) => {
  let npm: ChildProcess | undefined
  let serverPid: number | undefined
  afterAll(() => {
    if (npm?.pid && groupAlive(npm.pid)) process.kill(-npm.pid, 'SIGKILL')
  })

  it('stops the server cleanly when npm is sent SIGTERM, and ends only after it', async () => {
    const port = await freePort()
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, SERVE_SPA: 'false', SEED_DEMO: 'false' }
    delete env.DATABASE_URL
    // A group of its own, as a process manager starts a service: what is left of it can be seen.
    npm = spawn('npm', args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let printed = ''
    npm.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
    npm.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
    const npmExited = new Promise<void>((done) => npm!.once('exit', () => done()))

    await until(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.ok === true, 60_000, () => `the server to answer:\n${printed}`)
    // The server's own process, as its lock names it.
    serverPid = (JSON.parse(readFileSync(join(dataDir, 'server.lock'), 'utf8')) as { pid: number }).pid
    expect(serverPid).not.toBe(npm.pid)

    npm.kill('SIGTERM')
    // Generous: under a loaded machine (the PostgreSQL suite's other workers) a clean stop, which
    // waits for in-flight work and closes the embedded database, has taken over 20 s.
    await within(npmExited, 60_000, () => `npm to end:\n${printed}`)
    // npm ended after the server, not before it: a process manager that saw npm go sees nothing left.
    expect(isRunning(serverPid)).toBe(false)
    expect(groupAlive(npm.pid!)).toBe(false)
    expect(await portOpen(port)).toBe(false)
    // It went through its shutdown (which removes the lock), rather than being killed.
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false)
    expect(printed).toContain('Stopped.')
  }, 120_000)
})
