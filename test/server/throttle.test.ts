import { and, eq, lt } from 'drizzle-orm'
import { loginResult, verifyOtpResult } from '../../contract'
import { createApp } from '../../server/app'
import { THROTTLE } from '../../server/auth/throttle'
import { auditLog, throttleEvents } from '../../server/db/schema'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { errorOf, okBody, withoutRequestId } from './helpers/bodies'
import { nothing, testApp, type TestApp } from './helpers/test-app'

const WRONG = 'Wrong@123'
const MINUTE = 60_000

/** A test app that takes the client's address from X-Forwarded-For, so tests can vary it. */
const throttledApp = () => testApp({ config: { trustProxy: true } })

let nextAddress = 0
const freshAddress = () => `198.51.100.${++nextAddress % 250}`
/** The owner's own address, where the tests' sign-ins come from unless they say otherwise. */
const HOME = '192.0.2.10'

const signIn = (t: TestApp, email: string, password: string, address = HOME) =>
  t.post('/admin/login', { email, password }, { headers: { 'X-Forwarded-For': address } })

async function failTimes(t: TestApp, times: number, email: string = TEST_ADMIN.email, address?: string) {
  for (let i = 0; i < times; i++) await errorOf(await signIn(t, email, WRONG, address), 401)
}

describe('sign-in throttling per account and address', () => {
  it('refuses the 6th attempt for an account from one address within 15 minutes with 429 and Retry-After, even with the right password', async () => {
    const t = await throttledApp()
    for (let i = 0; i < 5; i++) {
      await errorOf(await signIn(t, TEST_ADMIN.email, WRONG), 401)
      t.clock.advance(MINUTE) // failures at 0, 1, 2, 3 and 4 minutes
    }
    const res = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password) // at 5 minutes
    const body = await errorOf(res, 429)
    expect(body.error.code).toBe('TOO_MANY_REQUESTS')
    // The oldest failure (at 0) leaves the 15-minute window in 10 minutes.
    expect(res.headers.get('Retry-After')).toBe('600')
    expect(body.message).toBe('Too many failed sign-in attempts. Please try again in 10 minutes.')
    expect(body.error.message).toBe(body.message)
  })

  it('lets the account in again once the oldest failure has left the window', async () => {
    const t = await throttledApp()
    await failTimes(t, 5)
    t.clock.advance(15 * MINUTE - 1000)
    const res = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password)
    const body = await errorOf(res, 429)
    expect(res.headers.get('Retry-After')).toBe('1')
    expect(body.message).toBe('Too many failed sign-in attempts. Please try again in 1 minute.')
    t.clock.advance(1000)
    await okBody(await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password), loginResult)
  })

  it('does not count refused attempts, so retrying does not extend the wait', async () => {
    const t = await throttledApp()
    await failTimes(t, 5)
    for (let i = 0; i < 3; i++) await errorOf(await signIn(t, TEST_ADMIN.email, WRONG), 429)
    t.clock.advance(15 * MINUTE)
    await errorOf(await signIn(t, TEST_ADMIN.email, WRONG), 401)
  })

  it('counts an email in any case and with spaces as one account', async () => {
    const t = await throttledApp()
    await failTimes(t, 3, TEST_ADMIN.email.toUpperCase())
    await failTimes(t, 2, `  ${TEST_ADMIN.email} `)
    await errorOf(await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password), 429)
  })

  it('answers an unknown email exactly as a known one, throttled included', async () => {
    const t = await throttledApp()
    await failTimes(t, 5, TEST_ADMIN.email)
    await failTimes(t, 5, 'nobody@petcare.test')
    const known = await signIn(t, TEST_ADMIN.email, WRONG)
    const unknown = await signIn(t, 'nobody@petcare.test', WRONG)
    expect(withoutRequestId(await errorOf(unknown, 429))).toEqual(withoutRequestId(await errorOf(known, 429)))
    expect(unknown.headers.get('Retry-After')).toBe(known.headers.get('Retry-After'))
  })

  it("keeps other accounts open while one is throttled", async () => {
    const t = await throttledApp()
    await failTimes(t, 5, TEST_ADMIN.email)
    const res = await signIn(t, TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password)
    expect(res.status).toBe(200)
  })

  it("clears the account's failures on a successful sign-in by its owner", async () => {
    const t = await throttledApp()
    await failTimes(t, 4)
    await okBody(await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password), loginResult)
    await failTimes(t, 5)
    await errorOf(await signIn(t, TEST_ADMIN.email, WRONG), 429)
  })

  it('is kept in the database: a second server process on it sees the failures', async () => {
    const t = await throttledApp()
    await failTimes(t, 5)
    const other = createApp({ db: t.db, storage: t.storage, mailer: t.mailer, clock: t.clock, config: { trustProxy: true } })
    const res = await other.request('/api/v1/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': HOME },
      body: JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    })
    await errorOf(res, 429)
  })

  it('lets at most 5 of many parallel guesses reach the password check', async () => {
    const t = await throttledApp()
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn(t, TEST_ADMIN.email, WRONG)))
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7)
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true)
  })
})

describe('sign-in throttling per address', () => {
  it('refuses the 21st failure from one address within 15 minutes, across accounts', async () => {
    const t = await throttledApp()
    const address = '203.0.113.7'
    for (let i = 0; i < 20; i++) await errorOf(await signIn(t, `user${i}@petcare.test`, WRONG, address), 401)
    const res = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password, address)
    expect((await errorOf(res, 429)).message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.')
    expect(res.headers.get('Retry-After')).toBe('900')
    // The account itself is not locked: from elsewhere it signs in.
    expect((await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password, '203.0.113.8')).status).toBe(200)
  })

  it("does not clear the address's failures on a success there", async () => {
    const t = await throttledApp()
    const address = '203.0.113.9'
    for (let i = 0; i < 19; i++) await errorOf(await signIn(t, `user${i}@petcare.test`, WRONG, address), 401)
    expect((await signIn(t, TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password, address)).status).toBe(200)
    await errorOf(await signIn(t, 'user99@petcare.test', WRONG, address), 401)
    await errorOf(await signIn(t, 'user100@petcare.test', WRONG, address), 429)
  })
})

describe('sign-in timing', () => {
  it('checks a password for an unknown email as long as for a known one', async () => {
    const t = await throttledApp()
    const time = async (email: string) => {
      const started = performance.now()
      await errorOf(await signIn(t, email, WRONG, freshAddress()), 401)
      return performance.now() - started
    }
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 5; i++) {
      known.push(await time(TEST_ADMIN.email))
      unknown.push(await time(`nobody${i}@petcare.test`))
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!
    // A hash check takes tens of milliseconds, most of the request; skipping it for unknown
    // emails would make them several times faster. (Loose: the machine may be busy.)
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.35)
  })
})

describe('sign-in audit events', () => {
  const events = (t: TestApp) => t.db.select().from(auditLog).orderBy(auditLog.at)

  it('records failures with the email typed (lower-cased), throttling and success, never the password', async () => {
    const t = await throttledApp()
    await errorOf(await signIn(t, 'Nobody@PetCare.test', WRONG, '192.0.2.1'), 401)
    await failTimes(t, 5, TEST_ADMIN.email, '192.0.2.2')
    await errorOf(await signIn(t, TEST_ADMIN.email, WRONG, '192.0.2.2'), 429)
    t.clock.advance(15 * MINUTE)
    await okBody(await signIn(t, TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password, '192.0.2.3'), loginResult)

    const rows = await events(t)
    const failed = rows.filter((r) => r.action === 'auth.sign_in_failed')
    // The five from one address for one email share a row (server/http/audit.ts, aggregate).
    expect(failed).toHaveLength(2)
    expect(failed[0]).toMatchObject({ actorEmail: 'nobody@petcare.test', actorId: null, address: '192.0.2.1', count: 1 })
    expect(failed[1]).toMatchObject({ actorEmail: TEST_ADMIN.email, address: '192.0.2.2', count: 5 })
    expect(failed[1]!.actorId).toMatch(/^[0-9a-f-]{36}$/)
    const throttled = rows.filter((r) => r.action === 'auth.sign_in_throttled')
    expect(throttled).toHaveLength(1)
    expect(throttled[0]).toMatchObject({ actorEmail: TEST_ADMIN.email, address: '192.0.2.2', detail: { limit: 'account_address', retryAfterS: 900 } })
    const signedIn = rows.filter((r) => r.action === 'auth.sign_in')
    expect(signedIn).toHaveLength(1)
    expect(signedIn[0]).toMatchObject({ actorEmail: TEST_SUB_ADMIN.email, address: '192.0.2.3' })
    expect(signedIn[0]!.requestId).toBeTruthy()
    expect(JSON.stringify(rows)).not.toContain(WRONG)
    expect(JSON.stringify(rows)).not.toContain(TEST_SUB_ADMIN.password)
  })

  it('records a sign-out', async () => {
    const t = await throttledApp()
    const { _id, token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    await okBody(await t.post(`/admin/logout/${_id}`, undefined, { token }), nothing)
    const [row] = (await events(t)).filter((r) => r.action === 'auth.sign_out')
    expect(row).toMatchObject({ actorId: _id, actorEmail: TEST_ADMIN.email })
  })
})

describe('verification code throttling', () => {
  const requestCode = (t: TestApp, email: string) => t.post('/admin/resend-otp', { email })

  it('sends at most 3 codes per email in 15 minutes; the 4th request gets 429 with Retry-After', async () => {
    const t = await throttledApp()
    for (let i = 0; i < 3; i++) {
      await okBody(await requestCode(t, TEST_ADMIN.email), nothing)
      t.clock.advance(MINUTE)
    }
    const res = await t.post('/admin/send-otp', { email: TEST_ADMIN.email })
    const body = await errorOf(res, 429)
    expect(body.error.code).toBe('TOO_MANY_REQUESTS')
    expect(res.headers.get('Retry-After')).toBe(String(12 * 60))
    expect(body.message).toBe('Too many verification codes requested. Please try again in 12 minutes.')
    expect(t.mailer.messages).toHaveLength(3)
    t.clock.advance(12 * MINUTE)
    await okBody(await requestCode(t, TEST_ADMIN.email), nothing)
    expect(t.mailer.messages).toHaveLength(4)
  })

  it('answers an unknown email exactly as a registered one, so the limit does not tell who has an account', async () => {
    const t = await throttledApp()
    for (let i = 0; i < 3; i++) {
      await okBody(await requestCode(t, TEST_ADMIN.email), nothing)
      await okBody(await requestCode(t, 'nobody@petcare.test'), nothing)
    }
    const known = await requestCode(t, TEST_ADMIN.email)
    const unknown = await requestCode(t, 'NOBODY@petcare.test')
    expect(withoutRequestId(await errorOf(unknown, 429))).toEqual(withoutRequestId(await errorOf(known, 429)))
    expect(unknown.headers.get('Retry-After')).toBe(known.headers.get('Retry-After'))
  })

  it('records each request in the audit log, never the code', async () => {
    const t = await throttledApp()
    for (let i = 0; i < 4; i++) await requestCode(t, TEST_ADMIN.email)
    const rows = (await t.db.select().from(auditLog)).filter((r) => r.action === 'auth.otp_requested')
    // Rows come back in no set order (the four share the test clock's time, and PostgreSQL may
    // reuse the space the reset between tests freed).
    expect(rows.map((r) => (r.detail as { outcome: string }).outcome).sort()).toEqual(['sent', 'sent', 'sent', 'throttled'])
    const codes = t.mailer.messages.map((m) => m.text.match(/\d{6}/)![0])
    for (const code of codes) expect(JSON.stringify(rows)).not.toContain(code)
  })
})

describe('the throttle table', () => {
  it('is pruned of rows older than the window as attempts come in', async () => {
    const t = await throttledApp()
    await failTimes(t, 3)
    await requestCode(t)
    t.clock.advance(16 * MINUTE)
    const cutoff = new Date(t.clock.now().getTime() - 15 * MINUTE)
    const dayKinds: string[] = [THROTTLE.signInAccountDay.kind]
    const olderThanWindow = async () =>
      (await t.db.select().from(throttleEvents).where(lt(throttleEvents.at, cutoff))).filter((r) => !dayKinds.includes(r.kind))
    // 3 x (account and address, address, account) + 1 code x (email and address, address, email)
    expect(await olderThanWindow()).toHaveLength(12)
    await failTimes(t, 1, 'someone@petcare.test')
    expect(await olderThanWindow()).toHaveLength(0)
    // A day's rows stay for their own window: the 3 failures still count against the day's ceiling.
    const dayRows = await t.db.select().from(throttleEvents).where(eq(throttleEvents.kind, THROTTLE.signInAccountDay.kind))
    expect(dayRows.filter((r) => r.key === TEST_ADMIN.email)).toHaveLength(3)
    const current = await t.db
      .select()
      .from(throttleEvents)
      .where(and(eq(throttleEvents.kind, THROTTLE.signInAccount.kind), eq(throttleEvents.key, 'someone@petcare.test')))
    expect(current).toHaveLength(1)
  })

  async function requestCode(t: TestApp) {
    await okBody(await t.post('/admin/send-otp', { email: TEST_ADMIN.email }), nothing)
  }
})


describe('an attacker elsewhere', () => {
  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000')
  const requestCode = (t: TestApp, address: string) => t.post('/admin/send-otp', { email: TEST_ADMIN.email }, { headers: { 'X-Forwarded-For': address } })
  const verify = (t: TestApp, otp: string, address: string) =>
    t.post('/admin/verify-otp', { email: TEST_ADMIN.email, otp }, { headers: { 'X-Forwarded-For': address } })
  const throttledLimits = async (t: TestApp) =>
    (await t.db.select().from(auditLog)).filter((r) => r.action === 'auth.sign_in_throttled').map((r) => r.detail?.limit)
  /** `count` wrong passwords for the admin, 5 from each of fresh addresses in 203.0.113.0/24. */
  let nextAttacker = 0
  async function guessFromManyAddresses(t: TestApp, count: number) {
    for (let n = 0; n < count; n++) {
      if (n % 5 === 0) nextAttacker++
      await errorOf(await signIn(t, TEST_ADMIN.email, WRONG, `203.0.113.${nextAttacker % 250}`), 401)
    }
  }
  /** Wrong passwords for the admin until every ceiling is full: 100 in a day, 20 in the last 15 minutes. */
  async function fillSignInCeilings(t: TestApp) {
    for (let round = 0; round < 5; round++) {
      await guessFromManyAddresses(t, 20)
      t.clock.advance(15 * MINUTE)
    }
    t.clock.advance(-15 * MINUTE + 1000) // back inside the last round's 15 minutes
  }

  it('cannot keep the owner from signing in at an address they signed in from: wrong passwords from 4 addresses fill the ceiling of 20', async () => {
    const t = await throttledApp()
    await okBody(await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password, HOME), loginResult)
    await guessFromManyAddresses(t, 20)
    await errorOf(await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password, '203.0.113.249'), 429)
    await okBody(await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password, HOME), loginResult)
  })

  it('meets a ceiling per account of 20 failures in 15 minutes from addresses it never signed in from', async () => {
    const t = await throttledApp()
    await guessFromManyAddresses(t, 20)
    const res = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password, '198.51.100.250')
    expect((await errorOf(res, 429)).message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/)
    expect(await throttledLimits(t)).toEqual(['account'])
    // Other accounts, from the same addresses, are not concerned.
    await okBody(await signIn(t, TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password, `203.0.113.${nextAttacker % 250}`), loginResult)
  })

  it('caps a guess spread over addresses and time at 100 failures a day per account', async () => {
    const t = await throttledApp()
    await fillSignInCeilings(t) // 5 rounds of 20, never 21 within 15 minutes
    t.clock.advance(15 * MINUTE) // the 15-minute ceiling is empty again; the day's holds 100
    const res = await signIn(t, TEST_ADMIN.email, WRONG, '198.51.100.251')
    await errorOf(res, 429)
    expect(await throttledLimits(t)).toEqual(['account_day'])
    // The first round leaves the day's window 24 hours after it began.
    // The first round (at 0) leaves the day's window 24 hours after it; it is now 75 minutes and 1 second.
    expect(res.headers.get('Retry-After')).toBe(String(24 * 60 * 60 - 75 * 60 - 1))
  }, 120_000)

  it('cannot keep the owner out from an address they signed in from, once every ceiling is full: sign-in, asking for a code and using it', async () => {
    const t = await throttledApp()
    await okBody(await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password, HOME), loginResult)
    // Wrong codes: 30 in 30 minutes, 10 in each 15 (the ceilings: 10 in 15 minutes, 30 a day).
    for (let round = 0; round < 3; round++) {
      for (let n = 0; n < 10; n++) await errorOf(await verify(t, '000000', `203.0.113.${220 + round * 2 + Math.floor(n / 5)}`), 400)
      t.clock.advance(15 * MINUTE)
    }
    await fillSignInCeilings(t)
    // Codes asked for: 5 in 15 minutes per email.
    for (let n = 0; n < 5; n++) await okBody(await requestCode(t, `203.0.113.${200 + n}`), nothing)
    // Every ceiling refuses an address the account never signed in from.
    await errorOf(await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password, '198.51.100.252'), 429)
    await errorOf(await requestCode(t, '198.51.100.252'), 429)
    expect((await errorOf(await verify(t, '000000', '198.51.100.252'), 400)).message).toBe('Too many wrong attempts. Please request a new code.')

    await okBody(await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password, HOME), loginResult)
    await okBody(await requestCode(t, HOME), nothing)
    const code = t.mailer.lastCodeTo(TEST_ADMIN.email)
    await errorOf(await verify(t, wrongCodeFor(code), HOME), 400)
    await okBody(await verify(t, code, HOME), verifyOtpResult)
  }, 120_000)

  it('leaves the code its owner asked for alone: codes asked for and wrong codes typed elsewhere touch none of it', async () => {
    const t = await throttledApp()
    await okBody(await requestCode(t, HOME), nothing)
    const code = t.mailer.lastCodeTo(TEST_ADMIN.email)
    await okBody(await requestCode(t, '203.0.113.34'), nothing)
    for (let i = 0; i < 5; i++) await errorOf(await verify(t, wrongCodeFor(code), '203.0.113.34'), 400)
    await okBody(await verify(t, code, HOME), verifyOtpResult)
  })

  it('meets a ceiling per email of 5 codes asked for in 15 minutes from addresses it never signed in from', async () => {
    const t = await throttledApp()
    for (let n = 0; n < 5; n++) await okBody(await requestCode(t, `203.0.113.${40 + n}`), nothing)
    const res = await requestCode(t, HOME)
    expect((await errorOf(res, 429)).message).toBe('Too many verification codes requested. Please try again in 15 minutes.')
    expect(t.mailer.messages).toHaveLength(5)
  })

  it('meets a ceiling per email of 10 wrong codes in 15 minutes from addresses it never signed in from, then 30 a day', async () => {
    const t = await throttledApp()
    await okBody(await requestCode(t, '203.0.113.50'), nothing)
    const code = t.mailer.lastCodeTo(TEST_ADMIN.email)
    for (let n = 0; n < 10; n++) await errorOf(await verify(t, wrongCodeFor(code), `203.0.113.${51 + Math.floor(n / 5)}`), 400)
    // Even the right code, from the address that asked for it, is refused without being tried.
    expect((await errorOf(await verify(t, code, '203.0.113.50'), 400)).message).toBe('Too many wrong attempts. Please request a new code.')
    for (let round = 0; round < 2; round++) {
      t.clock.advance(15 * MINUTE)
      for (let n = 0; n < 10; n++) await errorOf(await verify(t, '000000', `203.0.113.${60 + round * 2 + Math.floor(n / 5)}`), 400)
    }
    t.clock.advance(15 * MINUTE)
    expect((await errorOf(await verify(t, '000000', '203.0.113.70'), 400)).message).toBe('Too many wrong attempts. Please request a new code.')
  })

  it('asking for codes for many emails from one address stops at 10 in 15 minutes', async () => {
    const t = await throttledApp()
    const address = '203.0.113.60'
    const ask = (email: string) => t.post('/admin/send-otp', { email }, { headers: { 'X-Forwarded-For': address } })
    for (let i = 0; i < 10; i++) await okBody(await ask(`user${i}@petcare.test`), nothing)
    await errorOf(await ask(TEST_ADMIN.email), 429)
    await okBody(await requestCode(t, HOME), nothing)
  })
})

describe('an IPv6 client', () => {
  it('rotating addresses inside one /64 is limited like one address', async () => {
    const t = await throttledApp()
    for (let i = 1; i <= 5; i++) await errorOf(await signIn(t, TEST_ADMIN.email, WRONG, `2001:db8:1:2::${i.toString(16)}`), 401)
    await errorOf(await signIn(t, TEST_ADMIN.email, WRONG, '2001:db8:1:2:ffff:ffff:ffff:fff0'), 429)
    await errorOf(await signIn(t, TEST_ADMIN.email, WRONG, '2001:0db8:0001:0002:0:0:0:77'), 429)
    // Another /64 is another address.
    await errorOf(await signIn(t, TEST_ADMIN.email, WRONG, '2001:db8:1:3::1'), 401)
  })

  it('asking for codes from many addresses of one /64 stops at 3 per email', async () => {
    const t = await throttledApp()
    const ask = (address: string) => t.post('/admin/send-otp', { email: TEST_ADMIN.email }, { headers: { 'X-Forwarded-For': address } })
    for (let i = 1; i <= 3; i++) await okBody(await ask(`2001:db8:5:6::${i}`), nothing)
    await errorOf(await ask('2001:db8:5:6::99'), 429)
  })
})

describe('a code typed on another network', () => {
  const requestCode = (t: TestApp, address: string) => t.post('/admin/send-otp', { email: TEST_ADMIN.email }, { headers: { 'X-Forwarded-For': address } })
  const verify = (t: TestApp, otp: string, address: string) =>
    t.post('/admin/verify-otp', { email: TEST_ADMIN.email, otp }, { headers: { 'X-Forwarded-For': address } })

  it('is told so, counts as a wrong try there, and still works where it was asked for', async () => {
    const t = await throttledApp()
    await okBody(await requestCode(t, HOME), nothing)
    const code = t.mailer.lastCodeTo(TEST_ADMIN.email)
    const body = await errorOf(await verify(t, code, '203.0.113.80'), 400)
    expect(body.message).toBe('This code was requested from another network. Please request a new code here.')
    expect(body.error.fields).toEqual({ otp: 'This code was requested from another network. Please request a new code here.' })
    // 4 more tries from there use up that address's 5.
    for (let i = 0; i < 4; i++) await errorOf(await verify(t, code, '203.0.113.80'), 400)
    expect((await errorOf(await verify(t, code, '203.0.113.80'), 400)).message).toBe('Too many wrong attempts. Please request a new code.')
    await okBody(await verify(t, code, HOME), verifyOtpResult)
  })

  it('reads like any wrong code once the code is used', async () => {
    const t = await throttledApp()
    await okBody(await requestCode(t, HOME), nothing)
    const code = t.mailer.lastCodeTo(TEST_ADMIN.email)
    await okBody(await verify(t, code, HOME), verifyOtpResult)
    expect((await errorOf(await verify(t, code, '203.0.113.81'), 400)).message).toBe('Invalid verification code')
  })
})
