import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { signIn, startServer, type ServerProcess } from '../../scripts/lib/server-process'
import { TEST_ADMIN } from './helpers/accounts'
import { copyEmbeddedTemplate } from './helpers/embedded-template'
import { startFakeFcm, type FakeFcm } from './helpers/fake-fcm'

// The real server as a child process, configured for FCM as an operator would (the service account
// in the environment; FCM_BASE_URL and the account's token_uri at the loopback fake, as tests only may).
describe('the server with FCM configured', () => {
  const dirs: string[] = []
  const servers: ServerProcess[] = []
  let fake: FakeFcm
  beforeAll(async () => {
    fake = await startFakeFcm()
  })
  afterAll(async () => {
    servers.forEach((s) => s.child.exitCode === null && s.child.kill('SIGKILL'))
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }))
    await fake.close()
  })
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'petcare-fcm-server-'))
    dirs.push(dir)
    return dir
  }
  const env = { SEED_DEMO: 'false', ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password }

  it('starts with FCM as its push service and says so', async () => {
    const dir = dataDir()
    // A migrated embedded database (on a PostgreSQL run the server migrates a new one: slower, the same).
    if (!process.env.DATABASE_URL?.trim()) await copyEmbeddedTemplate(join(dir, 'db'))
    const server = await startServer({ dataDir: dir, env: { ...env, FCM_SERVICE_ACCOUNT_JSON: fake.serviceAccountJson, FCM_BASE_URL: fake.url }, readyTimeoutMs: 60_000 })
    servers.push(server)
    expect(server.output()).toContain('Push:     FCM, project petcare-test (FCM_SERVICE_ACCOUNT_JSON)')
    const token = await signIn(server.origin, TEST_ADMIN.email, TEST_ADMIN.password)
    const res = await fetch(`${server.origin}/api/v1/admin/notifications/push-service`, { headers: { Authorization: `Bearer ${token}` } })
    expect(((await res.json()) as { data: unknown }).data).toEqual({ configured: true, provider: 'FCM', projectId: 'petcare-test' })
    server.child.kill('SIGTERM')
    expect((await server.exited).code).toBe(0)
  })

  it('does not start with a service account it cannot use, and says which variable and why', async () => {
    const started = startServer({ dataDir: dataDir(), env: { ...env, FCM_SERVICE_ACCOUNT_JSON: '{"type":"service_account","project_id":"petcare-test"}' }, readyTimeoutMs: 60_000 })
    const refusal = await started.then(
      () => 'started',
      (err: Error) => err.message,
    )
    expect(refusal).toContain('FCM_SERVICE_ACCOUNT_JSON: The service account has no private_key_id')
    expect(refusal).toContain('The server did not start.')
  })
})
