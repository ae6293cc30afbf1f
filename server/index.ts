/**
 * Starts Petcare Admin: the API under /api/v1, uploaded files under /uploads and the built SPA.
 * Configuration is read from the environment (server/config.ts, .env.example).
 */
import net from 'node:net'
import { join, resolve } from 'node:path'
import { Hono } from 'hono'
import { createApp } from './app'
import { followTokenRevocations } from './auth/api-tokens'
import { followRevocations } from './auth/sessions'
import { systemClock } from './clock'
import { ConfigError, DEFAULT_PASSWORDS, loadConfig, readEnvFile, localUrl, uploadOrigins, type ServerConfig } from './config'
import { openDatabase, type Database } from './db/client'
import { SYNC_CONCURRENCY_POSTGRES } from './deps'
import { adminAccounts, ensureAdmins, seedDemo } from './seed/seed'
import { configuredDemoPassword, storedDemoPassword } from './demo-passwords'
import { listen } from './http/server-limits'
import { DataDirLockedError, DataDirUnwritableError, ensureWritableDataDir, lockDataDir, type DataDirLock } from './lock'
import { logError, logInfo } from './log'
import type { Mailer } from './mail/mailer'
import { outboxMailer } from './mail/outbox'
import { petPreviewLookup } from './pet-preview'
import { smtpMailer } from './mail/smtp'
import { stopWhenNpmStops } from './stop-with-npm'
import { isSpaBuilt, spaRoutes } from './spa'
import { demoPictureSource } from './seed/demo-pictures'
import { configuredStorage } from './storage/configured'
import { makeUploadPathsRelative } from './storage/relative-upload-paths'
import { fcmDelivery } from './notifications/fcm'

/** How long in-flight requests get to finish on shutdown. */
const SHUTDOWN_GRACE_MS = 10_000
/** How often idle connections are closed while stopping (the first time after this long). */
const SHUTDOWN_IDLE_SWEEP_MS = 250
const DIST_DIR = resolve(import.meta.dirname, '..', 'dist')

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

function readConfig(): ServerConfig {
  try {
    readEnvFile(process.env)
    return loadConfig(process.env)
  } catch (err) {
    if (err instanceof ConfigError) fail(`${err.message}\nThe server did not start.`)
    throw err
  }
}

function chooseMailer(config: ServerConfig): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom)
  return outboxMailer(join(config.dataDir, 'outbox'), logInfo)
}

/** DATA_DIR holds the embedded database, the disk uploads and their secret, and the dev outbox. */
const needsDataDir = (config: ServerConfig) => !config.databaseUrl || !config.s3 || !config.smtpUrl

async function main() {
  const config = readConfig()
  // The demo passwords are published: a production server must not be reachable with them.
  const demoPassword = config.production ? configuredDemoPassword(config) : undefined
  if (demoPassword) fail(demoPassword)

  // Only the embedded database needs the lock: a PostgreSQL server guards its own data.
  let lock: DataDirLock | undefined
  try {
    if (needsDataDir(config)) ensureWritableDataDir(config.dataDir)
    if (!config.databaseUrl) lock = lockDataDir(config.dataDir)
  } catch (err) {
    if (err instanceof DataDirUnwritableError) fail(err.message)
    if (err instanceof DataDirLockedError) fail(`${err.message}\nThe server did not start.`)
    throw err
  }

  const storage = configuredStorage(config)
  let database: Database | undefined
  let refusal: string | undefined
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    await database.migrate()
    // Once per database, with the disk storage only (the file says why).
    await makeUploadPathsRelative(database.db, storage)
    const created = await ensureAdmins(database.db, adminAccounts(config.admin, config.subAdmin))
    created.forEach((email) => logInfo(`Created the account ${email}`))
    if (config.seedDemo && (await seedDemo(database.db, systemClock.now(), demoPictureSource(storage)))) logInfo('Seeded the demo data')
    refusal = config.production ? await storedDemoPassword(database.db, config) : undefined
  } catch (err) {
    logError('start-up', err)
    await database?.close().catch(() => {})
    lock?.release()
    fail('The server could not open or prepare its database, and did not start.')
  }
  if (refusal) {
    await database.close().catch(() => {})
    lock?.release()
    fail(refusal)
  }
  const db = database

  // Push through FCM when a service account is configured (server/notifications/fcm.ts); else none.
  const delivery = config.fcm ? fcmDelivery(db.db, systemClock, config.fcm) : null
  const api = createApp({
    db: db.db,
    storage,
    mailer: chooseMailer(config),
    clock: systemClock,
    delivery,
    config: {
      sessionTtlMs: config.sessionTtlMs,
      trustProxy: config.trustProxy,
      corsOrigins: config.corsOrigins,
      publicUrl: config.publicUrl,
      auditRetentionMs: config.auditRetentionMs,
      uploadQuota: config.uploadQuota,
      apiTokenRequestsPerMinute: config.apiTokenRequestsPerMinute,
      webhookAllowPrivate: config.webhookAllowPrivate,
      syncConcurrency: config.databaseUrl ? SYNC_CONCURRENCY_POSTGRES : 1,
    },
    metricsToken: config.metricsToken,
  })
  // Housekeeping (server/maintenance.ts): audit retention, unattached uploads, idempotency keys.
  const stopMaintenance = api.maintenance.start()
  // Scheduled notifications sent on time, and deliveries a stopped process left pending (server/notifications/scheduler.ts).
  const stopScheduler = api.scheduler.start()
  // Webhooks out, from the outbox (server/webhooks/dispatcher.ts).
  const stopWebhooks = api.webhooks.start()
  // Sign-outs, password changes and blocks made by other server processes on this database reach this one's session cache.
  const revocations = await followRevocations(db.db, api.sessions)
  // And API tokens revoked there (server/auth/api-tokens.ts).
  const tokenRevocations = await followTokenRevocations(db.db, api.apiTokens)
  const root = new Hono()
  let stopping = false
  // While stopping, a connection closes after its answer instead of waiting for another request.
  root.use(async (c, next) => {
    await next()
    if (stopping) c.header('Connection', 'close')
  })
  root.route('/', api)
  if (config.serveSpa) {
    root.route(
      '/',
      spaRoutes(DIST_DIR, {
        petPreview: petPreviewLookup(db.db),
        petPageAllowance: api.petPageAllowance,
        publicUrl: config.publicUrl,
        uploadOrigins: uploadOrigins(config),
        trustProxy: config.trustProxy,
      }),
    )
  }

  const server = listen(root.fetch, config, () => printBanner(config))
  // GET /metrics reports this server's open connections.
  api.metrics.watchServer(server)
  server.on('error', async (err: NodeJS.ErrnoException) => {
    await db.close().catch(() => {})
    lock?.release()
    if (err.code === 'EADDRINUSE') fail(`Port ${config.port} is already in use. Set PORT to a free port.`)
    if (err.code === 'EADDRNOTAVAIL') fail(`HOST ${config.host} is not an address of this machine. Set HOST (0.0.0.0: every interface).`)
    logError('server', err)
    process.exit(1)
  })

  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    logInfo(`${signal}: finishing in-flight requests, then stopping...`)
    const forceTimer = setTimeout(() => {
      logInfo(`Requests still running after ${SHUTDOWN_GRACE_MS / 1000} s: closing them.`)
      server.closeAllConnections()
    }, SHUTDOWN_GRACE_MS)
    forceTimer.unref()
    // Open event streams end now (their tabs reconnect to another process, or to this server's next start).
    const streamsClosed = api.dataChanges.close()
    // No new sends or deliveries start; the batch in hand ends (its adapter call is bounded).
    const schedulerStopped = stopScheduler()
    // No new webhook attempt; those in hand end (10 s at most) and are recorded.
    const webhooksStopped = stopWebhooks()
    // Stop accepting: new connections are refused from now on (one still waiting in the kernel's
    // queue, not yet accepted by this process, is reset). Not http's close(), which also drops
    // every connection without a request in progress, including those whose request has arrived
    // but not been read yet (their clients would see a reset).
    net.Server.prototype.close.call(server, async () => {
      clearTimeout(forceTimer)
      clearInterval(idleSweep)
      await stopMaintenance() // a round in progress ends before the database closes
      await schedulerStopped
      await delivery?.close() // after the scheduler: its messages in flight are answered
      await webhooksStopped
      await streamsClosed
      await revocations.stop()
      await tokenRevocations.stop()
      await db.close().catch((err) => logError('closing the database', err))
      lock?.release()
      logInfo('Stopped.')
      process.exit(0)
    })
    // Requests already read run to the end and their connections close after the answer
    // (Connection: close, above). Idle connections are closed every little while until none is
    // left, each time just after the event loop has read the sockets (setImmediate runs after
    // the poll phase), so a request that has arrived is read and served rather than cut off.
    const idleSweep = setInterval(() => setImmediate(() => server.closeIdleConnections()), SHUTDOWN_IDLE_SWEEP_MS)
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
  stopWhenNpmStops(() => shutdown('npm stopped'))
}

/** Default demo passwords are printed; a password of your own stays out of the logs. */
const shownPassword = (password: string, fallback: string, variable: string) =>
  password === fallback ? password : `(the ${variable} you set)`

function printBanner(config: ServerConfig) {
  const url = localUrl(config)
  const lines = [
    '',
    `Petcare Admin is running at ${url}${config.host === '127.0.0.1' ? ' (this machine only: set HOST=0.0.0.0 to listen on every interface)' : ''}`,
    `  API:      ${url}/api/v1`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${join(config.dataDir, 'db')}`}`,
    `  Uploads:  ${config.s3 ? `S3 bucket ${config.s3.bucket} (S3_BUCKET)` : `on disk, in ${join(config.dataDir, 'uploads')}`}`,
    `  Mail:     ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `dev outbox in ${join(config.dataDir, 'outbox')} (npm run outbox)`}`,
    config.fcm
      ? `  Push:     FCM, project ${config.fcm.serviceAccount.projectId} (${process.env.FCM_SERVICE_ACCOUNT_FILE ? 'FCM_SERVICE_ACCOUNT_FILE' : 'FCM_SERVICE_ACCOUNT_JSON'})`
      : '  Push:     no push service is configured: notifications are stored, their recipients "Not sent"',
    '',
    'Sign in with:',
    `  admin      ${config.admin.email}  /  ${shownPassword(config.admin.password, DEFAULT_PASSWORDS.admin, 'ADMIN_PASSWORD')}`,
    `  sub admin  ${config.subAdmin.email}  /  ${shownPassword(config.subAdmin.password, DEFAULT_PASSWORDS.subAdmin, 'SUB_ADMIN_PASSWORD')}`,
    '  (set at first start; a password changed in the app stays changed)',
  ]
  if (config.serveSpa && !isSpaBuilt(DIST_DIR)) {
    lines.push('', `Note: ${DIST_DIR} is missing, so only the API is served. Run \`npm run build\` for the web app.`)
  }
  logInfo(lines.join('\n') + '\n')
}

await main()
