import { mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export class DataDirLockedError extends Error {}

/** DATA_DIR cannot be created or written (a read-only mount, a file in its place, no permission). */
export class DataDirUnwritableError extends Error {}

export interface DataDirLock {
  path: string
  release(): void
}

/** Who holds a lock: the pid, and where the system tells it, when that process started. */
interface LockOwner {
  pid: number
  /** The kernel's start time of the process (/proc/<pid>/stat, clock ticks since boot). */
  startTime?: string
  /** The boot the start time counts from (/proc/sys/kernel/random/boot_id). */
  bootId?: string
}

const readText = (path: string) => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

/** A process's start time, or undefined where /proc is missing (not Linux) or the process is gone. */
function startTimeOf(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`)
  if (!stat) return undefined
  // The command name (2nd field) is in parentheses and may hold spaces: count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return fields[19] // field 22 of the whole line
}

const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim()

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0) // signal 0 only checks that the process exists
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' // exists, owned by someone else
  }
}

/** The lock's owner: JSON ({ pid, startTime, bootId }), or a bare pid as older servers wrote it. */
function readOwner(path: string): LockOwner | undefined {
  const text = readText(path)?.trim()
  if (!text) return undefined
  let owner: Partial<LockOwner> = {}
  try {
    owner = text.startsWith('{') ? (JSON.parse(text) as Partial<LockOwner>) : { pid: Number(text) }
  } catch {
    return undefined
  }
  const { pid } = owner
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined
  return {
    pid,
    startTime: typeof owner.startTime === 'string' ? owner.startTime : undefined,
    bootId: typeof owner.bootId === 'string' ? owner.bootId : undefined,
  }
}

/**
 * Whether the process a lock names may still be using the directory. Pids are reused: after a
 * crash, a container restart numbers its processes from 1 again, so the dead server's pid may now
 * be this very process, the container's first process, or any unrelated one. So a lock naming
 * this process or pid 1 is stale (neither is another server), and otherwise the live process must
 * be the one that wrote the lock: the same start time, in the same boot. A lock without a start
 * time (older servers, or no /proc) counts only while its process runs node.
 */
function ownerIsRunning(owner: LockOwner): boolean {
  if (owner.pid === process.pid || owner.pid === 1) return false
  if (!isAlive(owner.pid)) return false
  const startTime = startTimeOf(owner.pid)
  if (startTime === undefined) return true // no /proc: the pid is all there is to go on
  if (owner.startTime !== undefined) {
    return owner.startTime === startTime && (owner.bootId === undefined || owner.bootId === bootId())
  }
  const command = readText(`/proc/${owner.pid}/cmdline`)
  return command === undefined || /(^|\/)node(js)?\0/.test(command)
}

const describeFsError = (err: unknown) => {
  const e = err as NodeJS.ErrnoException
  const reasons: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'read-only file system',
    ENOTDIR: 'a file stands where a folder is needed',
    EEXIST: 'a file stands where a folder is needed',
    ENOSPC: 'no space left on the device',
  }
  return reasons[e.code ?? ''] ?? e.code ?? String(err)
}

/** Throws a DataDirUnwritableError with one plain line unless `dataDir` exists (or can be made) and takes a file. */
export function ensureWritableDataDir(dataDir: string): void {
  const probe = join(dataDir, `.write-check-${process.pid}`)
  try {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(probe, '')
    rmSync(probe, { force: true })
  } catch (err) {
    throw new DataDirUnwritableError(
      `The data directory ${dataDir} cannot be written (${describeFsError(err)}). Set DATA_DIR to a folder this user can write.`,
    )
  }
}

/**
 * Takes DATA_DIR for this process. The embedded database takes no lock of its own, and two
 * servers on one data directory would corrupt it, so a second server must refuse to start.
 * The lock file names the owner (pid, start time); a lock whose process is gone (killed, crashed)
 * or is not the one that wrote it (see ownerIsRunning) is stale and is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  ensureWritableDataDir(dataDir)
  const path = join(dataDir, 'server.lock')
  const me: LockOwner = { pid: process.pid, startTime: startTimeOf(process.pid), bootId: bootId() }
  const take = () => {
    try {
      writeFileSync(path, `${JSON.stringify(me)}\n`, { flag: 'wx' }) // wx: fails if the file exists
      return true
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
      throw err
    }
  }

  if (!take()) {
    const owner = readOwner(path)
    if (owner && ownerIsRunning(owner)) {
      throw new DataDirLockedError(
        `Another server (pid ${owner.pid}) is already using the data directory ${dataDir}.\n` +
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
      if (readOwner(path)?.pid === process.pid) unlinkSync(path)
    },
  }
}
