/**
 * Prints the newest messages of the development outbox (mail sent while no SMTP_URL is set).
 * Usage: npm run outbox [-- <count>]    (default 3; reads DATA_DIR, default ./data)
 */
import { resolve } from 'node:path'
import { readOutbox } from '../server/mail/outbox'

const dataDir = resolve(process.env.DATA_DIR || './data')
const count = Math.max(1, Number.parseInt(process.argv[2] ?? '', 10) || 3)
const dir = resolve(dataDir, 'outbox')
const messages = await readOutbox(dir, count)

if (messages.length === 0) {
  console.info(`The outbox is empty (${dir}).`)
} else {
  console.info(`Newest ${messages.length} message(s) in ${dir}, newest first:\n`)
  for (const { file, text } of messages) console.info(`── ${file}\n${text}`)
}
