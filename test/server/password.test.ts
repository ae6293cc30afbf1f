import { onQueryTime } from '../../server/db/client'
import { adminProfile, MSG, OTP_TTL_MS, PASSWORD_MSG, verifyOtpResult } from '../../contract'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { errorOf, okBody, withoutRequestId } from './helpers/bodies'
import { nothing, testApp, type TestApp } from './helpers/test-app'

const SENT = PASSWORD_MSG.otpSent
const NEW_PASSWORD = 'NewPass@456'

/** Requests a code for the test admin and returns it, read from the mail. */
async function requestCode(t: TestApp, path = '/admin/send-otp') {
  await okBody(await t.post(path, { email: TEST_ADMIN.email }), nothing)
  return t.mailer.lastCodeTo(TEST_ADMIN.email)
}

const verify = (t: TestApp, otp: string, email: string = TEST_ADMIN.email) => t.post('/admin/verify-otp', { email, otp })
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000')

describe('POST /admin/send-otp and /admin/resend-otp', () => {
  it('mails a 6-digit code to a registered admin', async () => {
    const t = await testApp()
    const body = await okBody(await t.post('/admin/send-otp', { email: TEST_ADMIN.email }), nothing)
    expect(body.message).toBe(SENT)
    expect(t.mailer.messages).toHaveLength(1)
    expect(t.mailer.messages[0]).toMatchObject({ to: TEST_ADMIN.email, subject: 'Your Petcare Admin verification code' })
    expect(t.mailer.lastCodeTo(TEST_ADMIN.email)).toMatch(/^\d{6}$/)
  })

  it('gives the same answer for an unknown email and sends no mail', async () => {
    const t = await testApp()
    const body = await okBody(await t.post('/admin/resend-otp', { email: 'nobody@petcare.test' }), nothing)
    expect(body).toEqual({ isSuccess: true, message: SENT, data: null })
    expect(t.mailer.messages).toHaveLength(0)
  })

  it('answers 400 with the email message for an invalid email', async () => {
    const t = await testApp()
    const body = await errorOf(await t.post('/admin/send-otp', { email: 'admin@' }), 400)
    expect(body.error.fields).toEqual({ email: MSG.email })
  })

  it('replaces the earlier code when a new one is sent', async () => {
    const t = await testApp()
    const first = await requestCode(t)
    const second = await requestCode(t, '/admin/resend-otp')
    if (first !== second) await errorOf(await verify(t, first), 400)
    await okBody(await verify(t, second), verifyOtpResult)
  })
})

describe('POST /admin/verify-otp', () => {
  it('exchanges the mailed code for a reset token', async () => {
    const t = await testApp()
    const code = await requestCode(t)
    const body = await okBody(await verify(t, code), verifyOtpResult)
    expect(body.message).toBe(PASSWORD_MSG.otpVerified)
    expect(body.data.resetToken).toMatch(/^[\w-]{43}$/)
  })

  it('refuses a wrong code, naming the otp field', async () => {
    const t = await testApp()
    const code = await requestCode(t)
    const body = await errorOf(await verify(t, wrongCodeFor(code)), 400)
    expect(body.error.fields).toEqual({ otp: 'Invalid verification code' })
  })

  it('refuses a code for an email that has none, like a wrong code', async () => {
    const t = await testApp()
    const body = await errorOf(await verify(t, '123456', 'nobody@petcare.test'), 400)
    expect(body.message).toBe('Invalid verification code')
  })

  it('refuses an expired code', async () => {
    const t = await testApp()
    const code = await requestCode(t)
    t.clock.advance(OTP_TTL_MS + 1)
    const body = await errorOf(await verify(t, code), 400)
    expect(body.message).toBe('Verification code has expired. Please request a new one.')
  })

  it('accepts a code until the last moment of its 10 minutes', async () => {
    const t = await testApp()
    const code = await requestCode(t)
    t.clock.advance(OTP_TTL_MS - 1)
    await okBody(await verify(t, code), verifyOtpResult)
  })

  it('accepts a code only once', async () => {
    const t = await testApp()
    const code = await requestCode(t)
    await okBody(await verify(t, code), verifyOtpResult)
    const body = await errorOf(await verify(t, code), 400)
    expect(body.message).toBe('Verification code has already been used. Please request a new one.')
  })

  it('kills the code after 5 wrong tries, so even the right code fails on the 6th', async () => {
    const t = await testApp()
    const code = await requestCode(t)
    for (let i = 0; i < 5; i++) await errorOf(await verify(t, wrongCodeFor(code)), 400)
    const body = await errorOf(await verify(t, code), 400)
    expect(body.message).toBe('Too many wrong attempts. Please request a new code.')
  })

  it('still accepts the right code after 4 wrong tries', async () => {
    const t = await testApp()
    const code = await requestCode(t)
    for (let i = 0; i < 4; i++) await errorOf(await verify(t, wrongCodeFor(code)), 400)
    await okBody(await verify(t, code), verifyOtpResult)
  })

  it('answers 400 with our message for a code that is not 6 digits', async () => {
    const t = await testApp()
    const body = await errorOf(await verify(t, '12ab'), 400)
    expect(body.error.fields).toEqual({ otp: MSG.otpInvalid })
  })
})

describe('POST /admin/reset-password', () => {
  async function resetToken(t: TestApp) {
    const { data } = await okBody(await verify(t, await requestCode(t)), verifyOtpResult)
    return data.resetToken
  }

  it('sets the new password and signs the admin out everywhere', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const res = await t.post('/admin/reset-password', {
      resetToken: await resetToken(t),
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    })
    expect((await okBody(res, nothing)).message).toBe(PASSWORD_MSG.passwordReset)
    await errorOf(await t.get('/admin/profile', { token }), 401)
    await errorOf(await t.post('/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password }), 401)
    await t.login(TEST_ADMIN.email, NEW_PASSWORD)
  })

  it('accepts a reset token only once', async () => {
    const t = await testApp()
    const payload = { resetToken: await resetToken(t), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }
    await okBody(await t.post('/admin/reset-password', payload), nothing)
    const body = await errorOf(await t.post('/admin/reset-password', { ...payload, password: 'Other@789', confirmPassword: 'Other@789' }), 400)
    expect(body.message).toBe(PASSWORD_MSG.resetTokenInvalid)
  })

  it('refuses a reset token older than 15 minutes', async () => {
    const t = await testApp()
    const token = await resetToken(t)
    t.clock.advance(15 * 60 * 1000)
    await errorOf(await t.post('/admin/reset-password', { resetToken: token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }), 400)
  })

  it('answers 400 when the passwords do not match', async () => {
    const t = await testApp()
    const body = await errorOf(
      await t.post('/admin/reset-password', { resetToken: await resetToken(t), password: NEW_PASSWORD, confirmPassword: 'Other@789' }),
      400,
    )
    expect(body.error.fields).toEqual({ confirmPassword: MSG.passwordMatch })
  })
})

describe('POST /admin/change-password', () => {
  it('answers 400 on oldPassword when the old password is wrong', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const res = await t.post(
      '/admin/change-password',
      { oldPassword: 'Wrong@123', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token },
    )
    const body = await errorOf(res, 400)
    expect(body.error.fields).toEqual({ oldPassword: PASSWORD_MSG.oldPasswordWrong })
    expect(body.message).toBe(PASSWORD_MSG.oldPasswordWrong)
  })

  it('changes the password, ends the other sessions and keeps the caller signed in', async () => {
    const t = await testApp()
    const here = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const elsewhere = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const subAdmin = await t.login(TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password)
    const res = await t.post(
      '/admin/change-password',
      { oldPassword: TEST_ADMIN.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: here.token },
    )
    expect((await okBody(res, nothing)).message).toBe(PASSWORD_MSG.passwordChanged)
    await okBody(await t.get('/admin/profile', { token: here.token }), adminProfile)
    await errorOf(await t.get('/admin/profile', { token: elsewhere.token }), 401)
    await okBody(await t.get('/admin/profile', { token: subAdmin.token }), adminProfile)
    await t.login(TEST_ADMIN.email, NEW_PASSWORD)
  })

  it('refuses a new password equal to the old one', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const res = await t.post(
      '/admin/change-password',
      { oldPassword: TEST_ADMIN.password, newPassword: TEST_ADMIN.password, confirmPassword: TEST_ADMIN.password },
      { token },
    )
    expect((await errorOf(res, 400)).error.fields).toEqual({ newPassword: PASSWORD_MSG.samePassword })
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    const res = await t.post('/admin/change-password', {
      oldPassword: TEST_ADMIN.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    })
    await errorOf(res, 401)
  })
})

describe('POST /admin/verify-otp tells nobody who has an account', () => {
  const UNKNOWN = 'nobody@petcare.test'
  const wrongAnswer = async (res: Response) => withoutRequestId(await errorOf(res, 400))

  it('answers an unknown email exactly as a known one with a live code, also after 5 wrong codes', async () => {
    const t = await testApp()
    const code = await requestCode(t)
    await okBody(await t.post('/admin/send-otp', { email: UNKNOWN }), nothing)
    const wrong = wrongCodeFor(code)
    for (let i = 0; i < 5; i++) {
      const known = await wrongAnswer(await verify(t, wrong))
      expect(await wrongAnswer(await verify(t, wrong, UNKNOWN))).toEqual(known)
      expect(known.error.fields).toEqual({ otp: 'Invalid verification code' })
    }
    for (const otp of [wrong, code]) {
      const known = await wrongAnswer(await verify(t, otp))
      expect(known.message).toBe('Too many wrong attempts. Please request a new code.')
      expect(known.error.fields).toEqual({ otp: 'Too many wrong attempts. Please request a new code.' })
      expect(await wrongAnswer(await verify(t, otp, UNKNOWN))).toEqual(known)
    }
  })

  it('counts wrong codes by the email as typed, in any case, whether or not it has an account', async () => {
    const t = await testApp()
    for (let i = 0; i < 5; i++) await errorOf(await verify(t, '123456', i % 2 ? UNKNOWN : UNKNOWN.toUpperCase()), 400)
    expect((await errorOf(await verify(t, '123456', UNKNOWN), 400)).message).toBe('Too many wrong attempts. Please request a new code.')
  })

  it('gives a new code 5 tries again, for a known and an unknown email alike', async () => {
    const t = await testApp()
    for (let i = 0; i < 5; i++) {
      await errorOf(await verify(t, '123456'), 400)
      await errorOf(await verify(t, '123456', UNKNOWN), 400)
    }
    const code = await requestCode(t)
    await okBody(await t.post('/admin/send-otp', { email: UNKNOWN }), nothing)
    expect((await errorOf(await verify(t, '123456', UNKNOWN), 400)).message).toBe('Invalid verification code')
    await okBody(await verify(t, code), verifyOtpResult)
  })

  it('says "expired" or "used" only to the right code: a wrong one reads as for an unknown email', async () => {
    const t = await testApp()
    const code = await requestCode(t)
    await okBody(await verify(t, code), verifyOtpResult) // used
    const used = await wrongAnswer(await verify(t, wrongCodeFor(code)))
    expect(used).toEqual(await wrongAnswer(await verify(t, wrongCodeFor(code), UNKNOWN)))
    expect(used.message).toBe('Invalid verification code')

    const fresh = await requestCode(t)
    t.clock.advance(OTP_TTL_MS + 1) // expired
    const expired = await wrongAnswer(await verify(t, wrongCodeFor(fresh)))
    expect(expired).toEqual(await wrongAnswer(await verify(t, wrongCodeFor(fresh), UNKNOWN)))
    expect(expired.message).toBe('Invalid verification code')
  })

  it('does the same database work for an unknown email as for a known one, so its time tells nothing', async () => {
    const t = await testApp()
    const code = await requestCode(t) // a live code for the known email: its wrong tries are counted on it
    let statements = 0
    const counted = () => void statements++
    const stopCounting = onQueryTime(t.db, counted)
    const statementsOf = async (email: string) => {
      statements = 0
      await errorOf(await verify(t, wrongCodeFor(code), email), 400)
      return statements
    }
    const known = await statementsOf(TEST_ADMIN.email)
    const unknown = await statementsOf(UNKNOWN)
    stopCounting()
    expect(known).toBeGreaterThan(0)
    expect(unknown).toBe(known)
  })
})

describe('POST /admin/change-password attempt limit', () => {
  const change = (t: TestApp, token: string, oldPassword: string) =>
    t.post('/admin/change-password', { oldPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { token })

  it('refuses the 6th try within 15 minutes after 5 wrong old passwords with 429 and Retry-After, even the right one', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    for (let i = 0; i < 5; i++) {
      await errorOf(await change(t, token, 'Wrong@123'), 400)
      t.clock.advance(60_000)
    }
    const res = await change(t, token, TEST_ADMIN.password)
    const body = await errorOf(res, 429)
    expect(body.error.code).toBe('TOO_MANY_REQUESTS')
    expect(res.headers.get('Retry-After')).toBe('600')
    expect(body.message).toBe('Too many wrong old passwords. Please try again in 10 minutes.')
    t.clock.advance(10 * 60_000)
    await okBody(await change(t, token, TEST_ADMIN.password), nothing)
  })

  it('counts per account, from every session of it', async () => {
    const t = await testApp()
    const one = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const two = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const other = await t.login(TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password)
    for (let i = 0; i < 5; i++) await errorOf(await change(t, (i % 2 ? one : two).token, 'Wrong@123'), 400)
    await errorOf(await change(t, one.token, 'Wrong@123'), 429)
    await errorOf(await change(t, other.token, 'Wrong@123'), 400)
  })

  it('forgets the wrong tries once the right old password is given', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    for (let i = 0; i < 4; i++) await errorOf(await change(t, token, 'Wrong@123'), 400)
    // The right old password, refused for another reason (the same new password).
    const same = { oldPassword: TEST_ADMIN.password, newPassword: TEST_ADMIN.password, confirmPassword: TEST_ADMIN.password }
    await errorOf(await t.post('/admin/change-password', same, { token }), 400)
    for (let i = 0; i < 5; i++) await errorOf(await change(t, token, 'Wrong@123'), 400)
    await errorOf(await change(t, token, 'Wrong@123'), 429)
  })
})

describe('a password reset and the sign-in lock', () => {
  it('lets the owner sign in at once with the new password after guessers locked the account', async () => {
    const t = await testApp()
    for (let i = 0; i < 5; i++) await errorOf(await t.post('/admin/login', { email: TEST_ADMIN.email, password: 'Wrong@123' }), 401)
    await errorOf(await t.post('/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password }), 429)
    const { data } = await okBody(await verify(t, await requestCode(t)), verifyOtpResult)
    const reset = { resetToken: data.resetToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }
    await okBody(await t.post('/admin/reset-password', reset), nothing)
    await t.login(TEST_ADMIN.email, NEW_PASSWORD)
  })
})
