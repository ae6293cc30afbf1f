import { eq } from 'drizzle-orm'
import { ROLE } from '../../contract'
import { findAdminByEmail } from '../../server/auth/admins'
import { verifyPassword } from '../../server/auth/passwords'
import { followRevocations, SESSION_CACHE_MS, startSession } from '../../server/auth/sessions'
import { admins } from '../../server/db/schema'
import { EXIT, runAdminCli } from '../../scripts/admin-cli'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { testApp, type TestApp } from './helpers/test-app'

/** Runs the CLI on the test database, keeping what it prints. */
async function cli(t: TestApp, ...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdminCli(argv, {
    db: t.db,
    mailer: t.mailer,
    now: () => t.clock.now(),
    baseUrl: 'https://admin.example.test',
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('npm run admin', () => {
  it('lists the accounts', async () => {
    const t = await testApp()
    const { code, out } = await cli(t, 'list')
    expect(code).toBe(EXIT.ok)
    expect(out).toContain(TEST_ADMIN.email)
    expect(out).toContain(TEST_SUB_ADMIN.email)
    expect(out).toContain('2 account(s).')
  })

  it('creates an account with a password that signs in', async () => {
    const t = await testApp()
    const { code, out } = await cli(t, 'create', '--email', 'Ops@Example.com', '--name', 'Ops Lead', '--role', 'admin', '--password', 'Strong@123')
    expect(code).toBe(EXIT.ok)
    expect(out).toContain('Created the admin account ops@example.com.')
    const row = await findAdminByEmail(t.db, 'ops@example.com')
    expect(row).toMatchObject({ name: 'Ops Lead', role: ROLE.ADMIN, status: 1 })
    expect(await verifyPassword(row!.passwordHash, 'Strong@123')).toBe(true)
    expect(t.mailer.messages).toHaveLength(0)
  })

  it('creates an invited account, mailing and printing the one-time link', async () => {
    const t = await testApp()
    const { code, out } = await cli(t, 'create', '--email', 'ops@example.com', '--name', 'Ops Lead', '--role', 'subadmin')
    expect(code).toBe(EXIT.ok)
    const link = out.match(/https:\/\/admin\.example\.test\/accept-invite\?token=\S+/)?.[0]
    expect(link).toBeDefined()
    expect(t.mailer.messages.at(-1)).toMatchObject({ to: 'ops@example.com' })
    expect(t.mailer.messages.at(-1)!.text).toContain(link)
    expect((await findAdminByEmail(t.db, 'ops@example.com'))?.passwordHash).toBeNull()
  })

  it('refuses bad usage with exit code 2 and the usage text', async () => {
    const t = await testApp()
    for (const argv of [[], ['frobnicate'], ['create', '--email', 'x@example.com', '--name', 'Xi'], ['create', '--email', 'bad', '--name', 'Xi', '--role', 'admin'], ['block'], ['list', '--email', 'a@b.co']]) {
      const { code, err } = await cli(t, ...argv)
      expect(code, argv.join(' ')).toBe(EXIT.usage)
      expect(err).toContain('Usage: npm run admin')
    }
  })

  it('refuses a taken email, an unknown one, and blocking the last active admin, with exit code 1', async () => {
    const t = await testApp()
    expect((await cli(t, 'create', '--email', TEST_ADMIN.email, '--name', 'Again', '--role', 'admin')).code).toBe(EXIT.failed)
    expect((await cli(t, 'block', '--email', 'nobody@example.com')).code).toBe(EXIT.failed)
    const last = await cli(t, 'block', '--email', TEST_ADMIN.email)
    expect(last.code).toBe(EXIT.failed)
    expect(last.err).toContain('is the last active admin')
  })

  it('blocks (ending the sessions) and unblocks', async () => {
    const t = await testApp()
    // The command line is a process of its own: a server hears of the block by notice, as here.
    const listening = await followRevocations(t.db, t.app.sessions)
    try {
      const sub = (await findAdminByEmail(t.db, TEST_SUB_ADMIN.email))!
      const token = await startSession(t.db, sub.id, t.clock.now(), 60_000)
      expect((await t.get('/admin/profile', { token })).status).toBe(200)
      expect((await cli(t, 'block', '--email', TEST_SUB_ADMIN.email)).code).toBe(EXIT.ok)
      // Within half the cache's life: the notice, not the cache running out, ended it.
      await vi.waitFor(async () => expect((await t.get('/admin/profile', { token })).status).toBe(401), {
        timeout: SESSION_CACHE_MS / 2,
        interval: 5,
      })
      expect((await cli(t, 'unblock', '--email', TEST_SUB_ADMIN.email)).code).toBe(EXIT.ok)
      const [row] = await t.db.select().from(admins).where(eq(admins.id, sub.id))
      expect(row?.status).toBe(1)
    } finally {
      await listening.stop()
    }
  })
})
