import { mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  path: string
  release(): void
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0) // signal 0 only checks that the process exists
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' // exists, owned by someone else
  }
}

const readPid = (path: string) => {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/**
 * Takes DATA_DIR for this process. The embedded database takes no lock of its own, and two
 * servers on one data directory would corrupt it, so a second server must refuse to start.
 * The lock file holds the owner's pid; a lock whose process is gone (killed, crashed) is stale
 * and is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, 'server.lock')
  const take = () => {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' }) // wx: fails if the file exists
      return true
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
      throw err
    }
  }

  if (!take()) {
    const owner = readPid(path)
    if (owner !== undefined && isAlive(owner)) {
      throw new DataDirLockedError(
        `Another server (pid ${owner}) is already using the data directory ${dataDir}.\n` +
          `Stop it first, or give this one another DATA_DIR.`,
      )
    }
    rmSync(path, { force: true }) // stale: its owner is gone
    if (!take()) throw new DataDirLockedError(`Another server took the data directory ${dataDir} just now.`)
  }

  return {
    path,
    release() {
      // Only remove the lock if it is still ours.
      if (readPid(path) === process.pid) unlinkSync(path)
    },
  }
}
