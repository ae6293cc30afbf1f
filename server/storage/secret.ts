import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

const isErrno = (err: unknown, code: string) => (err as NodeJS.ErrnoException | undefined)?.code === code

/**
 * The secret that signs upload policies when UPLOAD_SECRET is not set: made once and kept in
 * `path` (DATA_DIR/upload-secret, readable by the owner only), so that a restart keeps the
 * forms already handed out valid.
 */
export function loadOrCreateUploadSecret(path: string): string {
  try {
    const kept = readFileSync(path, 'utf8').trim()
    if (kept.length >= 32) return kept
  } catch (err) {
    if (!isErrno(err, 'ENOENT')) throw err
  }
  mkdirSync(dirname(path), { recursive: true })
  const secret = randomBytes(32).toString('hex')
  try {
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' })
    return secret
  } catch (err) {
    // Another process made it first: use theirs. A short or empty file is replaced.
    if (!isErrno(err, 'EEXIST')) throw err
    const kept = readFileSync(path, 'utf8').trim()
    if (kept.length >= 32) return kept
    writeFileSync(path, `${secret}\n`, { mode: 0o600 })
    return secret
  }
}
