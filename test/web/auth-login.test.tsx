import { screen, waitFor } from '@testing-library/react'
import { AUTH_MSG, MSG } from '@contract'
import { PERSIST_KEY } from '@/lib/storage-keys'
import { db } from './mocks/db'
import { renderRoute } from './render'

const ADMIN = { email: 'admin@petcare.local', password: 'Admin@123' }

async function openLogin(path = '/') {
  const view = renderRoute(path)
  await screen.findByRole('heading', { name: 'Login' })
  return { ...view, email: screen.getByLabelText('Email'), password: screen.getByLabelText('Password') }
}

describe('login', () => {
  it('shows "Enter the required field" under both fields when the empty form is submitted, focusing the email', async () => {
    const { user, email } = await openLogin()
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findAllByText(MSG.required)).toHaveLength(2)
    expect(email).toHaveFocus()
    expect(email).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows no message while a field is being typed in, only once it is left', async () => {
    const { user, email } = await openLogin()
    await user.type(email, 'not-an-email')
    expect(screen.queryByText(MSG.email)).not.toBeInTheDocument()
    await user.tab()
    expect(await screen.findByText(MSG.email)).toBeInTheDocument()
  })

  it('shows "Please enter valid Email" for an email without a domain', async () => {
    const { user, email } = await openLogin()
    await user.type(email, 'admin@petcare')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText(MSG.email)).toBeInTheDocument()
  })

  it('shows "Password should be minimum of 8 characters" for a short password', async () => {
    const { user, password } = await openLogin()
    await user.type(password, 'Ab@1')
    await user.tab()
    expect(await screen.findByText(MSG.passwordMin)).toBeInTheDocument()
  })

  it('shows "Password should be maximum of 16 characters" for a long password', async () => {
    const { user, password } = await openLogin()
    await user.type(password, 'Abcdefgh@12345678')
    await user.tab()
    expect(await screen.findByText(MSG.passwordMax)).toBeInTheDocument()
  })

  it('shows the strength message for a password without an uppercase letter, a digit or a special character', async () => {
    const { user, password } = await openLogin()
    await user.type(password, 'abcdefghij')
    await user.tab()
    expect(await screen.findByText(MSG.passwordPattern)).toBeInTheDocument()
  })

  it('signs in, keeps the session under "persist:root", shows the server message and lands on /dashboard', async () => {
    const { user, email, password, router } = await openLogin()
    await user.type(email, ADMIN.email)
    await user.type(password, ADMIN.password)
    await user.click(screen.getByRole('button', { name: 'Login' }))

    expect(await screen.findByText(AUTH_MSG.loggedIn)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    const stored = JSON.parse(localStorage.getItem(PERSIST_KEY) ?? '{}')
    expect(stored.auth).toMatchObject({ id: db.admins[0]!._id, accessToken: expect.any(String) })
    expect(stored.auth.userDetails).toMatchObject({ name: 'Asha Admin', email: ADMIN.email, role: 1 })
  })

  it('returns to the remembered origin after signing in', async () => {
    const { user, email, password, router } = await openLogin('/dashboard?tab=totals')
    expect(router.state.location.search).toEqual({ redirect: '/dashboard?tab=totals' })
    await user.type(email, ADMIN.email)
    await user.type(password, ADMIN.password)
    await user.click(screen.getByRole('button', { name: 'Login' }))

    await waitFor(() => expect(router.state.location.href).toBe('/dashboard?tab=totals'))
  })

  it('ignores a remembered origin on another site and lands on /dashboard', async () => {
    const { user, email, password, router } = await openLogin('/?redirect=%2F%2Fevil.example%2Fphish')
    expect(router.state.location.search).toEqual({})
    await user.type(email, ADMIN.email)
    await user.type(password, ADMIN.password)
    await user.click(screen.getByRole('button', { name: 'Login' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it("shows the server's message for a wrong password and stays signed out", async () => {
    const { user, email, password, router } = await openLogin()
    await user.type(email, ADMIN.email)
    await user.type(password, 'Wrong@123')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    expect(await screen.findByText(AUTH_MSG.badCredentials)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(localStorage.getItem(PERSIST_KEY)).toBeNull()
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled()
  })

  it.each(['/', '/forgot-password', `/verify-otp?email=${encodeURIComponent(ADMIN.email)}`, '/reset-password'])(
    'sends a visitor who already holds a token from %s to /dashboard',
    async (path) => {
      const { router } = renderRoute(path, { signedInAs: 'admin' })
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    },
  )

  it('moves from email to password on Enter and submits on Enter in the password', async () => {
    const { user, email, password, router } = await openLogin()
    await user.type(email, `${ADMIN.email}{Enter}`)
    expect(password).toHaveFocus()
    await user.type(password, `${ADMIN.password}{Enter}`)

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('links "Forgot password?" to the forgot password screen', async () => {
    const { user, router } = await openLogin()
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }))
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/forgot-password')
  })
})
