import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { API_MSG, loginResult, verifyOtpResult } from '../../contract'
import { createApp } from '../../server/app'
import { logError, logInfo, redactSecrets } from '../../server/log'
import type { Mailer } from '../../server/mail/mailer'
import { outboxMailer, readOutbox } from '../../server/mail/outbox'
import { TEST_ADMIN } from './helpers/accounts'
import { errorOf, okBody } from './helpers/bodies'
import { nothing, testApp } from './helpers/test-app'

const NEW_PASSWORD = 'NewPass@456'
const WRONG = 'Wrong@123'

/** Everything written to the console or standard output (where the JSON log lines go) while `run` runs. */
async function captureLogs(run: () => Promise<void>): Promise<string> {
  const lines: string[] = []
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(' '))
    }),
  )
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk))
    return true
  })
  try {
    await run()
  } finally {
    spies.forEach((spy) => spy.mockRestore())
    stdout.mockRestore()
  }
  return lines.join('\n')
}

/** The JSON log lines among what captureLogs kept. */
const jsonLines = (logs: string) =>
  logs
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)

describe('the server log', () => {
  let outbox: string
  beforeEach(() => {
    outbox = mkdtempSync(join(tmpdir(), 'petcare-outbox-'))
  })
  afterEach(() => rmSync(outbox, { recursive: true, force: true }))

  it('holds no password, code or token through sign-in, a reset and failing requests', async () => {
    const t = await testApp()
    // As server/index.ts runs it: the server's logger (the access log is the app's), the dev outbox logging each mail.
    const root = createApp({ db: t.db, storage: t.storage, mailer: outboxMailer(outbox, logInfo), clock: t.clock })
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      root.request(`/api/v1${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    const secrets: string[] = [TEST_ADMIN.password, NEW_PASSWORD, WRONG]

    const logs = await captureLogs(async () => {
      const { data: session } = await okBody(await post('/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password }), loginResult)
      secrets.push(session.token)
      await errorOf(await post('/admin/login', { email: TEST_ADMIN.email, password: WRONG }), 401)
      await okBody(await post('/admin/send-otp', { email: TEST_ADMIN.email }), nothing)
      await vi.waitFor(async () => expect(await readOutbox(outbox, 1)).toHaveLength(1)) // sent in the background
      const [mail] = await readOutbox(outbox, 1)
      const code = mail!.text.match(/\b\d{6}\b/)![0]
      secrets.push(code)
      const { data } = await okBody(await post('/admin/verify-otp', { email: TEST_ADMIN.email, otp: code }), verifyOtpResult)
      secrets.push(data.resetToken)
      // A token in the query string and in the header of requests that fail.
      await root.request(`/api/v1/admin/profile?token=${session.token}&resetToken=${data.resetToken}`, {
        headers: { Authorization: 'Bearer not-a-live-token-1234567890' },
      })
      await post(`/admin/reset-password?resetToken=${data.resetToken}`, { resetToken: data.resetToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
      await okBody(await post('/admin/login', { email: TEST_ADMIN.email, password: NEW_PASSWORD }), loginResult)
    })
    secrets.push('not-a-live-token-1234567890')

    // The access log did run, one JSON line per call.
    expect(jsonLines(logs)).toContainEqual(expect.objectContaining({ method: 'POST', route: '/api/v1/admin/login', status: 200 }))
    expect(logs).toContain('mail to admin@petcare.test')
    for (const secret of secrets) expect(logs).not.toContain(secret)
  })

  it('does not log the code when sending its mail fails with the message echoed', async () => {
    const t = await testApp()
    const failing: Mailer = {
      send: async (message) => {
        throw new Error(`SMTP 554 rejected message: ${message.text}`)
      },
    }
    const app = createApp({ db: t.db, storage: t.storage, mailer: failing, clock: t.clock })
    const logs = await captureLogs(async () => {
      const res = await app.request('/api/v1/admin/send-otp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: TEST_ADMIN.email }),
      })
      expect(res.status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 20)) // the mail goes out in the background
    })
    expect(logs).toContain('SMTP 554')
    expect(logs).toMatch(/verification code is \[redacted\]/)
    expect(logs).not.toMatch(/\b\d{6}\b/)
  })
})

describe('a database failure', () => {
  it('answers 500 with a generic message and the request id, without SQL, and logs no password', async () => {
    const t = await testApp()
    // Break a table every sign-in uses (and put it back: the worker's database is shared).
    await t.db.execute(sql`alter table throttle_events rename to throttle_events_gone`)
    let body: Awaited<ReturnType<typeof errorOf>> | undefined
    let requestId: string | null = null
    const logs = await captureLogs(async () => {
      try {
        const res = await t.post('/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password })
        requestId = res.headers.get('X-Request-Id')
        body = await errorOf(res, 500)
      } finally {
        await t.db.execute(sql`alter table throttle_events_gone rename to throttle_events`)
      }
    })
    expect(body!.error.code).toBe('INTERNAL')
    expect(body!.message).toBe(API_MSG.internal)
    expect(body!.error.requestId).toBe(requestId)
    expect(JSON.stringify(body)).not.toMatch(/throttle_events|insert|select|relation|sql|\bat\s|\.ts\b/i)
    expect(logs).toContain(requestId!)
    expect(logs).toContain('Database query failed')
    expect(logs).not.toContain(TEST_ADMIN.password)
  })
})

describe('redactSecrets', () => {
  it.each([
    ['Authorization: Bearer abc.DEF-123_x~', 'abc.DEF-123_x~'],
    ['{"email":"a@b.co","password":"Secret@123"}', 'Secret@123'],
    ['{"newPassword":"New@12345","confirmPassword":"New@12345"}', 'New@12345'],
    ['{"resetToken":"tok-abc","otp":"123456"}', 'tok-abc'],
    ['GET /x?token=abc123&page=2', 'abc123'],
    ['POST /y?resetToken=zzz999', 'zzz999'],
    ['connect postgres://petcare:hunter2@db:5432/petcare failed', 'hunter2'],
    ['smtp://mailer:pa55word@smtp.example.com:587', 'pa55word'],
    ['Your verification code is 042917.', '042917'],
  ])('masks the secret in %s', (line, secret) => {
    expect(redactSecrets(line)).not.toContain(secret)
  })

  it('keeps ordinary lines as they are', () => {
    const line = 'POST /api/v1/admin/login 401 42ms 203.0.113.7'
    expect(redactSecrets(line)).toBe(line)
  })

  it('is applied by logError and logInfo', async () => {
    const logs = await captureLogs(async () => {
      logInfo('mail with password=Hunter2@x')
      logError('request', new Error('bad Bearer sekrit-token-value'))
    })
    expect(logs).not.toContain('Hunter2@x')
    expect(logs).not.toContain('sekrit-token-value')
  })
})
