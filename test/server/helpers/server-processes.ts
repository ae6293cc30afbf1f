import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { startServer, type ServerProcess } from '../../../scripts/lib/server-process'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './accounts'

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
