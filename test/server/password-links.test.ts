import { adminAccount, ADMINS_MSG, PASSWORD_MSG, ROLE, verifyOtpResult } from '../../contract'
import { passwordHashesDone } from '../../server/auth/passwords'
import { TEST_ADMIN } from './helpers/accounts'
import { errorOf, okBody } from './helpers/bodies'
import { tokenOf } from './helpers/fixtures'
import { nothing, testApp, type TestApp } from './helpers/test-app'

/** argon2 hashes and checks made since the last `countFromHere()` (the process's counter). */
let countedFrom = 0
const countFromHere = () => void (countedFrom = passwordHashesDone())
const argon2Calls = () => passwordHashesDone() - countedFrom

const PASSWORD = 'Welcome@123'
const MINUTE = 60_000

/** A test app that takes the client's address from X-Forwarded-For, so tests can vary it. */
const throttledApp = () => testApp({ config: { trustProxy: true } })

let nextAddress = 0
const freshAddress = () => `198.51.100.${++nextAddress % 250}`

const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } })
const accept = (t: TestApp, token: string, address = freshAddress()) =>
  t.post('/admin/accept-invite', { token, password: PASSWORD, confirmPassword: PASSWORD }, from(address))
const reset = (t: TestApp, resetToken: string, address = freshAddress()) =>
  t.post('/admin/reset-password', { resetToken, password: PASSWORD, confirmPassword: PASSWORD }, from(address))

/** An invitation's token, read from its mail. */
async function inviteToken(t: TestApp, email = 'nia@example.com'): Promise<string> {
  await okBody(await t.post('/admin/admins', { name: 'Nia Park', email, role: ROLE.SUB_ADMIN }, { token: await tokenOf(t) }), adminAccount, 201)
  return decodeURIComponent(t.mailer.messages.findLast((m) => m.to === email)!.text.match(/\/accept-invite\?token=(\S+)/)![1]!)
}

/** A live reset token of the test admin, through the mailed code. */
async function resetToken(t: TestApp): Promise<string> {
  const address = '192.0.2.50'
  await okBody(await t.post('/admin/send-otp', { email: TEST_ADMIN.email }, from(address)), nothing)
  const otp = t.mailer.lastCodeTo(TEST_ADMIN.email)
  return (await okBody(await t.post('/admin/verify-otp', { email: TEST_ADMIN.email, otp }, from(address)), verifyOtpResult)).data.resetToken
}

beforeEach(countFromHere)

describe('the password links (accept-invite, reset-password) with a token that does not work', () => {
  it('hash no password: a made-up, used or expired token costs queries only', async () => {
    const t = await throttledApp()
    const used = await inviteToken(t)
    await okBody(await accept(t, used), nothing)
    const spent = await resetToken(t)
    await okBody(await reset(t, spent), nothing)
    const stale = await resetToken(t)
    t.clock.advance(15 * MINUTE)
    expect(argon2Calls()).toBe(2) // the two that worked: the counter counts

    countFromHere()
    for (let i = 0; i < 4; i++) {
      expect((await errorOf(await accept(t, `made-up-invite-${i}`), 400)).message).toBe(ADMINS_MSG.inviteInvalid)
      expect((await errorOf(await reset(t, `made-up-reset-${i}`), 400)).message).toBe(PASSWORD_MSG.resetTokenInvalid)
    }
    expect((await errorOf(await accept(t, used), 400)).message).toBe(ADMINS_MSG.inviteUsed)
    expect((await errorOf(await reset(t, spent), 400)).message).toBe(PASSWORD_MSG.resetTokenInvalid)
    expect((await errorOf(await reset(t, stale), 400)).message).toBe(PASSWORD_MSG.resetTokenInvalid)
    expect(argon2Calls()).toBe(0)
  })

  it('answer 429 with Retry-After after 20 from one address in 15 minutes, for both calls; other addresses go on', async () => {
    const t = await throttledApp()
    const address = '203.0.113.40'
    for (let i = 0; i < 10; i++) {
      await errorOf(await accept(t, `made-up-invite-${i}`, address), 400)
      await errorOf(await reset(t, `made-up-reset-${i}`, address), 400)
      t.clock.advance(10_000)
    }
    countFromHere()
    const good = await inviteToken(t)
    for (const res of [await accept(t, good, address), await reset(t, 'made-up-reset-x', address)]) {
      const body = await errorOf(res, 429)
      expect(body.error.code).toBe('TOO_MANY_REQUESTS')
      // The first failure (100 s ago) leaves the 15-minute window in 800 s.
      expect(res.headers.get('Retry-After')).toBe('800')
      expect(body.message).toBe('Too many links that did not work. Please try again in 14 minutes.')
    }
    expect(argon2Calls()).toBe(0) // refused before the token, even a good one
    await okBody(await accept(t, good, '203.0.113.41'), nothing)
    t.clock.advance(800_000)
    await errorOf(await reset(t, 'made-up-reset-y', address), 400)
  })

  it('count only what did not work: links that work from one address are never refused', async () => {
    const t = await throttledApp()
    const address = '203.0.113.42'
    for (let i = 0; i < 19; i++) await errorOf(await reset(t, `made-up-${i}`, address), 400)
    for (let i = 0; i < 3; i++) await okBody(await accept(t, await inviteToken(t, `nia${i}@example.com`), address), nothing)
    await errorOf(await reset(t, 'made-up-last', address), 400)
    await errorOf(await reset(t, 'made-up-over', address), 429)
  })
})
