import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DataDirLockedError, lockDataDir } from '../../server/lock'

describe('the DATA_DIR lock', () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'petcare-lock-'))
  })
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

  it('writes this process id into DATA_DIR/server.lock and removes it on release', () => {
    const lock = lockDataDir(dataDir)
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid))
    lock.release()
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false)
  })

  it('refuses a second lock on the same directory while the first is held', () => {
    const lock = lockDataDir(dataDir)
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dataDir)).toThrow(/already using the data directory/)
    lock.release()
    lockDataDir(dataDir).release()
  })

  it('takes over a lock left by a process that no longer runs', () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid // has exited by now
    writeFileSync(join(dataDir, 'server.lock'), `${gone}\n`)
    const lock = lockDataDir(dataDir)
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid))
    lock.release()
  })

  it('takes over a lock file that holds no pid', () => {
    writeFileSync(join(dataDir, 'server.lock'), 'garbage')
    lockDataDir(dataDir).release()
  })
})
