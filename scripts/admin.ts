/**
 * Admin accounts from the command line, e.g. for the first deployment:
 *
 *   npm run admin -- list
 *   npm run admin -- create --email ann@example.com --name "Ann Lee" --role admin [--password P]
 *   npm run admin -- invite|block|unblock --email ann@example.com
 *
 * See USAGE in admin-cli.ts. Exit codes: 0 done, 1 refused or failed, 2 bad usage.
 */
import { join } from 'node:path'
import { openDatabase, type Database } from '../server/db/client'
import { DataDirLockedError, lockDataDir, type DataDirLock } from '../server/lock'
import { describeError } from '../server/log'
import { outboxMailer } from '../server/mail/outbox'
import { smtpMailer } from '../server/mail/smtp'
import { COMMANDS, EXIT, runAdminCli, USAGE } from './admin-cli'
import { configOrExit, exitWith } from './lib/exit'

async function main(): Promise<number> {
  const argv = process.argv.slice(2)
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0]!)) {
    ;(argv.length ? console.info : console.error)(USAGE)
    return argv.length ? EXIT.ok : EXIT.usage
  }
  // A mistyped command is told so before any database is opened.
  if (!COMMANDS.includes(argv[0]!)) {
    console.error(`Unknown command "${argv[0]}".\n\n${USAGE}`)
    return EXIT.usage
  }
  const config = configOrExit()

  // Two processes on one embedded database would corrupt it: refuse while a server has it.
  let lock: DataDirLock | undefined
  if (!config.databaseUrl) {
    try {
      lock = lockDataDir(config.dataDir)
    } catch (err) {
      if (err instanceof DataDirLockedError) exitWith(`${err.message}\nNothing was changed. Stop the server, or use its Settings > Admins screen.`)
      throw err
    }
  }
  let database: Database | undefined
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    await database.migrate()
    const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(join(config.dataDir, 'outbox'), () => {})
    return await runAdminCli(argv, {
      db: database.db,
      mailer,
      now: () => new Date(),
      baseUrl: config.publicUrl ?? `http://localhost:${config.port}`,
      out: (line) => console.info(line),
      err: (line) => console.error(line),
    })
  } catch (err) {
    console.error(`Failed: ${describeError(err)}`)
    return EXIT.failed
  } finally {
    await database?.close().catch(() => {})
    lock?.release()
  }
}

process.exitCode = await main()
