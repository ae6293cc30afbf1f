import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { startServer, type ServerProcess } from '../../../scripts/lib/server-process'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './accounts'
import { copyEmbeddedTemplate } from './embedded-template'
import { scratchDatabase } from './postgres'

/**
 * Real server processes on one database (the tests of several processes on PostgreSQL), each
 * with a data directory of its own, signed in by the test accounts and without demo data. The
 * first one started migrates the database and creates the accounts, so start it alone.
 */
export function serverProcesses(name: string, databaseUrl: () => string) {
  const servers: ServerProcess[] = []
  const dataDirs = new Map<ServerProcess, string>()
  return {
    servers,
    /** Where `server` keeps its files (its mail outbox, for one). */
    dataDirOf: (server: ServerProcess) => dataDirs.get(server)!,
    async start(): Promise<ServerProcess> {
      const dataDir = mkdtempSync(join(tmpdir(), `petcare-${name}-`))
      const server = await startServer({
        dataDir,
        databaseUrl: databaseUrl(),
        env: {
          SEED_DEMO: 'false',
          ADMIN_EMAIL: TEST_ADMIN.email,
          ADMIN_PASSWORD: TEST_ADMIN.password,
          SUB_ADMIN_EMAIL: TEST_SUB_ADMIN.email,
          SUB_ADMIN_PASSWORD: TEST_SUB_ADMIN.password,
        },
        readyTimeoutMs: 60_000,
      }).catch((err: unknown) => {
        rmSync(dataDir, { recursive: true, force: true })
        throw err
      })
      servers.push(server)
      dataDirs.set(server, dataDir)
      return server
    },
    /** Stops every process still running (SIGTERM, then SIGKILL after 10 s) and removes their files. */
    async stopAll(): Promise<void> {
      await Promise.all(
        servers.map(async (server) => {
          if (server.child.exitCode !== null || server.child.signalCode !== null) return
          server.child.kill('SIGTERM')
          await Promise.race([server.exited, sleep(10_000)])
          if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL')
        }),
      )
      for (const dir of dataDirs.values()) rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * One data folder (and, with DATABASE_URL, one scratch database) for the real server processes a
 * test file starts one after another: a migrated copy of the template, so a start opens a database
 * rather than making one. Declared in a describe: its hooks make and remove both, killing what is
 * left running.
 */
export function sharedDataServers(name: string, env: Record<string, string> = {}) {
  const databaseUrl = process.env.DATABASE_URL?.trim()
  let dataDir = ''
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined
  const servers: ServerProcess[] = []
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `petcare-${name}-`))
    if (databaseUrl) scratch = await scratchDatabase(databaseUrl, `petcare_${name.replace(/-/g, '_')}_${process.pid}`)
    else await copyEmbeddedTemplate(join(dataDir, 'db'))
  })
  afterAll(async () => {
    servers.forEach((s) => s.child.exitCode === null && s.child.kill('SIGKILL'))
    await scratch?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return {
    servers,
    dataDir: () => dataDir,
    async start(): Promise<ServerProcess> {
      const server = await startServer({
        dataDir,
        databaseUrl: scratch?.url,
        env: { SEED_DEMO: 'false', ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, ...env },
        readyTimeoutMs: 60_000,
      })
      servers.push(server)
      return server
    },
  }
}
