import { act, screen, waitFor } from '@testing-library/react'
import { MSG, OTP_CHECK_MSG, PASSWORD_MSG } from '@contract'
import { RESEND_COOLDOWN_SECONDS } from '@/features/auth/VerifyOtpPage'
import { db } from './mocks/db'
import { renderRoute } from './render'

const EMAIL = 'admin@petcare.local'
const verifyPath = `/verify-otp?email=${encodeURIComponent(EMAIL)}`

async function openOtp(code = '123456') {
  db.otps.set(EMAIL, code)
  const view = renderRoute(verifyPath)
  await screen.findByRole('heading', { name: 'Verify OTP' })
  return { ...view, otp: screen.getByLabelText('OTP') }
}

/** The reset screen as a verified code leaves it: the token in history state. */
async function openReset(resetToken = 'reset-test-token') {
  db.resetTokens.set(resetToken, EMAIL)
  const view = renderRoute('/forgot-password')
  await screen.findByRole('heading', { name: 'Forgot Password' })
  await act(() => view.router.navigate({ to: '/reset-password', state: { resetToken } }))
  await screen.findByRole('heading', { name: 'Reset Password' })
  return { ...view, password: screen.getByLabelText('Password'), confirm: screen.getByLabelText('Confirm Password') }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('forgot password', () => {
  it('fills the email a link carries when it is a valid one, trimmed, and leaves a malformed one out', async () => {
    const first = renderRoute(`/forgot-password?email=${encodeURIComponent(` ${EMAIL} `)}`)
    expect(await screen.findByLabelText('Email')).toHaveValue(EMAIL)
    first.unmount()
    renderRoute('/forgot-password?email=admin%40petcare')
    expect(await screen.findByLabelText('Email')).toHaveValue('')
  })

  it('shows "Enter the required field" when no email is given', async () => {
    const { user } = renderRoute('/forgot-password')
    await user.click(await screen.findByRole('button', { name: 'Send OTP' }))
    expect(await screen.findByText(MSG.required)).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveFocus()
  })

  it('shows "Please enter valid Email" for a malformed email', async () => {
    const { user } = renderRoute('/forgot-password')
    await user.type(await screen.findByLabelText('Email'), 'admin at petcare')
    await user.tab()
    expect(await screen.findByText(MSG.email)).toBeInTheDocument()
  })

  it('shows the server message as a toast and moves to the OTP screen carrying the email', async () => {
    const { user, router } = renderRoute('/forgot-password')
    await user.type(await screen.findByLabelText('Email'), EMAIL)
    await user.click(screen.getByRole('button', { name: 'Send OTP' }))

    expect(await screen.findByText(PASSWORD_MSG.otpSent)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Verify OTP' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/verify-otp')
    expect(router.state.location.search).toEqual({ email: EMAIL })
    expect(screen.getByText(EMAIL)).toBeInTheDocument()
    expect(db.otps.get(EMAIL)).toMatch(/^\d{6}$/)
  })
})

describe('verify OTP', () => {
  it('sends a link without a valid email to the forgot password screen', async () => {
    const { router } = renderRoute('/verify-otp?email=not-an-email')
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/forgot-password')
  })

  it('shows "Enter the required field" when no code is given', async () => {
    const { user } = await openOtp()
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText(MSG.required)).toBeInTheDocument()
  })

  it('asks for the 6 digit code when the code is too short', async () => {
    const { user, otp } = await openOtp()
    await user.type(otp, '123')
    await user.tab()
    expect(await screen.findByText(MSG.otpInvalid)).toBeInTheDocument()
  })

  it("shows the server's message for a wrong code and stays on the OTP screen", async () => {
    const { user, otp, router } = await openOtp('123456')
    await user.type(otp, '654321')
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    expect(await screen.findByText(OTP_CHECK_MSG.invalid)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/verify-otp')
    expect(otp).toHaveFocus()
  })

  it('keeps "Resend OTP" disabled during a 30 second countdown, then sends a new code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { user } = await openOtp('111111')
    const resend = screen.getByRole('button', { name: 'Resend OTP' })
    expect(RESEND_COOLDOWN_SECONDS).toBe(30)
    expect(resend).toBeDisabled()
    expect(screen.getByText('in 0:30')).toBeInTheDocument()

    act(() => vi.advanceTimersByTime(10_000))
    expect(screen.getByText('in 0:20')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(20_000))
    expect(resend).toBeEnabled()
    expect(screen.queryByText(/^in \d/)).not.toBeInTheDocument()

    await user.click(resend)
    expect(await screen.findByText(PASSWORD_MSG.otpSent)).toBeInTheDocument()
    expect(db.otps.get(EMAIL)).not.toBe('111111')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled())
    expect(screen.getByText('in 0:30')).toBeInTheDocument()
  })

  it('sends a visitor without an email to the forgot password screen', async () => {
    const { router } = renderRoute('/verify-otp')
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/forgot-password')
  })
})

describe('reset password', () => {
  it('shows "Enter the required field" under both fields when the empty form is submitted', async () => {
    const { user, password } = await openReset()
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findAllByText(MSG.required)).toHaveLength(2)
    expect(password).toHaveFocus()
  })

  it('shows "Password should be minimum of 8 characters" for a short password', async () => {
    const { user, password } = await openReset()
    await user.type(password, 'Ab@1')
    await user.tab()
    expect(await screen.findByText(MSG.passwordMin)).toBeInTheDocument()
  })

  it('shows "Password should be maximum of 16 characters" for a long password', async () => {
    const { user, password } = await openReset()
    await user.type(password, 'Abcdefgh@12345678')
    await user.tab()
    expect(await screen.findByText(MSG.passwordMax)).toBeInTheDocument()
  })

  it('shows the strength message for a password without a special character', async () => {
    const { user, password } = await openReset()
    await user.type(password, 'Abcdefgh1')
    await user.tab()
    expect(await screen.findByText(MSG.passwordPattern)).toBeInTheDocument()
  })

  it('shows "Password and Confirm Password must match" when the two differ', async () => {
    const { user, password, confirm } = await openReset()
    await user.type(password, 'NewPass@123')
    await user.type(confirm, 'NewPass@124')
    await user.tab()
    expect(await screen.findByText(MSG.passwordMatch)).toBeInTheDocument()
  })

  it("shows the server's message when the reset token is no longer valid", async () => {
    const { user, password, confirm, router } = await openReset('reset-test-token')
    db.resetTokens.clear()
    await user.type(password, 'NewPass@123')
    await user.type(confirm, 'NewPass@123')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))

    expect(await screen.findByText(PASSWORD_MSG.resetTokenInvalid)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/reset-password')
  })

  it('sends a visitor without a reset token to the forgot password screen', async () => {
    const { router } = renderRoute('/reset-password')
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/forgot-password')
  })

  it('resets the password from the login screen to the login screen, keeping the token out of the URL', async () => {
    const { user, router } = renderRoute('/')
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }))
    await user.type(await screen.findByLabelText('Email'), EMAIL)
    await user.click(screen.getByRole('button', { name: 'Send OTP' }))

    await user.type(await screen.findByLabelText('OTP'), db.otps.get(EMAIL)!)
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    await screen.findByRole('heading', { name: 'Reset Password' })
    const [resetToken] = [...db.resetTokens.keys()]
    expect(router.state.location.href).toBe('/reset-password')
    expect(router.state.location.state.resetToken).toBe(resetToken)

    await user.type(screen.getByLabelText('Password'), 'NewPass@123')
    await user.type(screen.getByLabelText('Confirm Password'), 'NewPass@123')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))

    expect(await screen.findByText(PASSWORD_MSG.passwordReset)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(db.admins[0]!.password).toBe('NewPass@123')
  })
})
