/**
 * Fills a database with many realistic rows, for load and speed checks:
 *
 *   npm run seed -- --users 100000 [--places N] [--partners N] [--feedback N] [--notifications N] [--data-dir DIR]
 *
 * Rows are added after those already there (the same generators as the demo data, continuing
 * their numbering), in one transaction. The database is the server's: DATABASE_URL, else the
 * embedded one in DATA_DIR (or --data-dir), which must not be in use by a running server.
 * The admin accounts of the configuration are created if missing, so you can sign in at once.
 * The rows' pictures are the demo's (server/seed/demo-pictures.ts), stored once in the server's
 * upload storage (DATA_DIR/uploads, or S3) and shared by every row.
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../server/db/client'
import { storeDemoPictures } from '../server/seed/demo-pictures'
import { adminAccounts, ensureAdmins, seedRows, type SeedCounts } from '../server/seed/seed'
import { configuredStorage } from '../server/storage/configured'
import { DataDirLockedError, lockDataDir, type DataDirLock } from '../server/lock'
import { describeError } from '../server/log'
import { configOrExit, exitWith } from './lib/exit'

const USAGE = `Usage: npm run seed -- --users N [--places N] [--partners N] [--feedback N] [--notifications N] [--data-dir DIR]

  --users N          users, each with 1 to 3 pets
  --places N         pet shops and as many hospitals
  --partners N       partner requests (hospitals and pet shops in turn)
  --feedback N       feedback of every type, by the users
  --notifications N  notifications (one in three to all users, the rest to a few)
  --data-dir DIR     the embedded database's DATA_DIR (default: DATA_DIR, else ./data)

Unset counts are 0. With DATABASE_URL set, that database is filled instead: the tables it loads
are locked until it is done (a server using them waits).`

function readArgs() {
  let parsed
  try {
    parsed = parseArgs({
      options: {
        users: { type: 'string' },
        places: { type: 'string' },
        partners: { type: 'string' },
        feedback: { type: 'string' },
        notifications: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values
  } catch (err) {
    exitWith(`${(err as Error).message}\n\n${USAGE}`)
  }
  if (parsed.help) {
    console.info(USAGE)
    process.exit(0)
  }
  const count = (name: string, value: string | undefined) => {
    if (value === undefined) return 0
    const n = Number(value)
    if (!Number.isInteger(n) || n < 0 || n > 10_000_000) exitWith(`--${name} must be a whole number from 0 to 10000000 (got "${value}").\n\n${USAGE}`)
    return n
  }
  const places = count('places', parsed.places)
  const counts: SeedCounts = {
    users: count('users', parsed.users),
    petShops: places,
    hospitals: places,
    partners: count('partners', parsed.partners),
    feedback: count('feedback', parsed.feedback),
    notifications: count('notifications', parsed.notifications),
  }
  if (Object.values(counts).every((n) => n === 0)) exitWith(`Nothing to do: give at least one count.\n\n${USAGE}`)
  return { counts, dataDir: parsed['data-dir'] }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

async function main() {
  const { counts, dataDir: dataDirArg } = readArgs()
  const config = configOrExit()
  const dataDir = dataDirArg ? resolve(dataDirArg) : config.dataDir
  const embedded = !config.databaseUrl

  // Two processes on one embedded database would corrupt it: refuse while a server has it.
  let lock: DataDirLock | undefined
  if (embedded) {
    try {
      lock = lockDataDir(dataDir)
    } catch (err) {
      if (err instanceof DataDirLockedError) exitWith(`${err.message}\nNothing was seeded.`)
      throw err
    }
  }

  let database: Database | undefined
  const started = performance.now()
  try {
    console.info(`Seeding ${embedded ? `the embedded database in ${dataDir}` : 'the PostgreSQL database of DATABASE_URL'}...`)
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir })
    await database.migrate()
    for (const email of await ensureAdmins(database.db, adminAccounts(config.admin, config.subAdmin))) {
      console.info(`  created the account ${email}`)
    }
    const pictures = await storeDemoPictures(configuredStorage({ ...config, dataDir }))
    const opened = performance.now()
    console.info(`  database and pictures ready in ${seconds(opened - started)}`)

    let last = opened
    const db = database.db
    const report = await database.loadingTransaction((tx, copy) =>
      seedRows(tx, new Date(), counts, pictures, {
        // Indexes rebuilt after the load (minutes instead of tens of minutes at a million users),
        // and the big tables put in creation order.
        bulk: true,
        copy,
        onProgress: (what, rows) => {
          const now = performance.now()
          console.info(`  ${String(rows).padStart(9)} ${what.padEnd(36)} ${seconds(now - last)}`)
          last = now
        },
      }),
    )
    const loaded = performance.now()
    // Fresh statistics (and a visibility map) so that the planner picks the indexes at once.
    await db.execute(sql`vacuum analyze`)
    // Each batch rewrote the counters' rows (row_counts, daily_counts): on the embedded database,
    // which has no autovacuum, a million users left daily_counts at 79 MB for 1.4 MB of rows and the
    // 12-month chart twice as slow. Rewriting the two small tables takes a fraction of a second.
    if (embedded) await db.execute(sql`vacuum (full, analyze) daily_counts, row_counts`)
    const done = performance.now()
    console.info(`  statistics updated in ${seconds(done - loaded)}`)
    console.info(
      `Done in ${seconds(done - started)}: ${report.users} users, ${report.pets} pets, ${report.petShops} pet shops, ` +
        `${report.hospitals} hospitals, ${report.partners} partners, ${report.feedback} feedback, ` +
        `${report.notifications} notifications (${report.recipients} recipients).`,
    )
  } catch (err) {
    // Without the bound values: a failed batch would print megabytes of rows.
    console.error(`Seeding failed, and nothing was kept: ${describeError(err)}`)
    process.exitCode = 1
  } finally {
    await database?.close().catch(() => {})
    lock?.release()
  }
}

await main()
