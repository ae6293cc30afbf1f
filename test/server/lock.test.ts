import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { DataDirLockedError, DataDirUnwritableError, ensureWritableDataDir, lockDataDir } from '../../server/lock'

const LOCK_MODULE = resolve(import.meta.dirname, '../../server/lock.ts')

/** Another process that takes the lock through server/lock.ts, as a second server would, and holds it. */
async function holdLockElsewhere(dataDir: string): Promise<ChildProcess> {
  const script = `import { lockDataDir } from ${JSON.stringify(LOCK_MODULE)}
lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000)`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((done, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && done())
    child.once('exit', (code) => fail(new Error(`the lock holder exited with ${code}`)))
  })
  return child
}

const lockFile = (dataDir: string) => join(dataDir, 'server.lock')
const ownerPid = (dataDir: string) => (JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as { pid: number }).pid

describe('the DATA_DIR lock', () => {
  let dataDir: string
  const children: ChildProcess[] = []
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'petcare-lock-'))
  })
  afterEach(() => {
    children.splice(0).forEach((child) => child.kill('SIGKILL'))
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('writes this process into DATA_DIR/server.lock and removes it on release', () => {
    const lock = lockDataDir(dataDir)
    expect(ownerPid(dataDir)).toBe(process.pid)
    lock.release()
    expect(existsSync(lockFile(dataDir))).toBe(false)
  })

  it('refuses the directory while another server holds it, and takes it once that one is gone', async () => {
    const other = await holdLockElsewhere(dataDir)
    children.push(other)
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dataDir)).toThrow(`Another server (pid ${other.pid}) is already using the data directory`)
    other.kill('SIGKILL')
    await new Promise((done) => other.once('exit', done))
    lockDataDir(dataDir).release()
  })

  it('takes over a lock left by a process that no longer runs', () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid // has exited by now
    writeFileSync(lockFile(dataDir), `${gone}\n`)
    const lock = lockDataDir(dataDir)
    expect(ownerPid(dataDir)).toBe(process.pid)
    lock.release()
  })

  // After a crash and a container restart, the new server can get the dead one's pid.
  it('takes over a lock that names this very process', () => {
    writeFileSync(lockFile(dataDir), `${JSON.stringify({ pid: process.pid, startTime: '1' })}\n`)
    lockDataDir(dataDir).release()
    writeFileSync(lockFile(dataDir), `${process.pid}\n`)
    lockDataDir(dataDir).release()
  })

  it("takes over a lock that names process 1 (a container's first process is never another server)", () => {
    writeFileSync(lockFile(dataDir), '1\n')
    lockDataDir(dataDir).release()
  })

  it('takes over a lock whose pid now belongs to a process that did not write it', () => {
    const unrelated = spawn('sleep', ['30'])
    children.push(unrelated)
    // Older servers wrote the bare pid: a live process that is not node is not a server.
    writeFileSync(lockFile(dataDir), `${unrelated.pid}\n`)
    lockDataDir(dataDir).release()
    // The pid alive, but started at another time than the one the lock recorded: reused.
    writeFileSync(lockFile(dataDir), `${JSON.stringify({ pid: unrelated.pid, startTime: '12345' })}\n`)
    lockDataDir(dataDir).release()
  })

  it('takes over a lock file that holds no pid', () => {
    writeFileSync(lockFile(dataDir), 'garbage')
    lockDataDir(dataDir).release()
  })

  it('says in one line that a data directory under a file cannot be written', () => {
    const file = join(dataDir, 'a-file')
    writeFileSync(file, '')
    expect(() => ensureWritableDataDir(join(file, 'data'))).toThrow(DataDirUnwritableError)
    expect(() => lockDataDir(join(file, 'data'))).toThrow(/^The data directory .+ cannot be written \(a file stands where a folder is needed\)\. Set DATA_DIR/)
  })
})
