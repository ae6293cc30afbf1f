import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { MailMessage, Mailer } from './mailer'

/**
 * The development mailer, used when no SMTP_URL is set: each message becomes a readable text
 * file in `dir` (DATA_DIR/outbox), named by time so that names sort oldest first.
 * `npm run outbox` prints the newest ones.
 */
export function outboxMailer(dir: string, log: (line: string) => void): Mailer {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true })
      const sentAt = new Date()
      const name = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.txt`
      await writeFile(join(dir, name), formatMail(message, sentAt), { mode: 0o600 })
      log(`mail to ${message.to}: ${message.subject} — see outbox (npm run outbox)`)
    },
  }
}

export const formatMail = ({ to, subject, text }: MailMessage, sentAt: Date) =>
  `Date: ${sentAt.toISOString()}\nTo: ${to}\nSubject: ${subject}\n\n${text}\n`

/** The newest `count` messages of the outbox, newest first, as their file text. */
export async function readOutbox(dir: string, count: number): Promise<{ file: string; text: string }[]> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return []
  }
  const newest = names
    .filter((n) => n.endsWith('.txt'))
    .sort()
    .reverse()
    .slice(0, count)
  return Promise.all(newest.map(async (file) => ({ file, text: await readFile(join(dir, file), 'utf8') })))
}
