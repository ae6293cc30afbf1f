import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { toast } from 'sonner'
import { AUTH_MSG, OTP_CHECK_MSG } from '@contract'
import { api, db, fail } from './mocks/db'
import { server } from './mocks/server'
import { renderRoute } from './render'

/**
 * A screen's error toasts go when the person leaves it (a change of path); success toasts stay.
 * An error lasts 4 s anyway: "gone" alone could be its time running out, so each test also sees
 * the toast dismissed (sonner's dismiss, which its own timer does not call).
 */
const toastTexts = () => Array.from(document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])'), (t) => t.textContent)

/** Watches for toasts closed by the app from here on. */
const watchDismissals = () => vi.spyOn(toast, 'dismiss')

afterEach(() => vi.restoreAllMocks())

const EMAIL = 'admin@petcare.local'

describe('error toasts and the screen they were shown on', () => {
  it('a wrong password, then "Forgot password?": the Forgot page shows no "Invalid email or password"', async () => {
    const { user } = renderRoute('/')
    await user.type(await screen.findByLabelText('Email'), EMAIL)
    await user.type(screen.getByLabelText('Password'), 'Wrong@123')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(toastTexts()).toContain(AUTH_MSG.badCredentials))

    const dismissed = watchDismissals()
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }))
    await screen.findByRole('heading', { name: 'Forgot Password' })
    expect(dismissed).toHaveBeenCalled()
    await waitFor(() => expect(toastTexts()).not.toContain(AUTH_MSG.badCredentials))
  })

  it('a wrong code, then the right one: the Reset page shows no "Invalid verification code"', async () => {
    db.otps.set(EMAIL, '123456')
    const { user } = renderRoute(`/verify-otp?email=${encodeURIComponent(EMAIL)}`)
    const otp = await screen.findByLabelText('OTP')
    await user.type(otp, '654321')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(toastTexts()).toContain(OTP_CHECK_MSG.invalid))

    const dismissed = watchDismissals()
    await user.clear(otp)
    await user.type(otp, '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await screen.findByRole('heading', { name: 'Reset Password' })
    await waitFor(() => expect(toastTexts()).not.toContain(OTP_CHECK_MSG.invalid))
    expect(dismissed).toHaveBeenCalled()
  })

  it('keeps a success toast across the change of screen it comes with', async () => {
    const { user } = renderRoute('/forgot-password')
    await user.type(await screen.findByLabelText('Email'), EMAIL)
    const dismissed = watchDismissals()
    await user.click(screen.getByRole('button', { name: 'Send OTP' }))
    await screen.findByRole('heading', { name: 'Verify OTP' })
    await waitFor(() => expect(toastTexts()).toHaveLength(1))
    expect(dismissed).not.toHaveBeenCalled()
  })

  it('keeps the message of a 401 on the sign-in page it sends the person to', async () => {
    const expired = 'Session expired. Please sign in again.'
    server.use(http.get(api('/admin/dashboard'), () => fail('UNAUTHORIZED', expired)))
    const dismissed = watchDismissals()
    renderRoute('/dashboard', { signedInAs: 'admin' })
    await screen.findByRole('heading', { name: 'Login' })
    await waitFor(() => expect(toastTexts()).toContain(expired))
    expect(dismissed).not.toHaveBeenCalled()
  })

})
