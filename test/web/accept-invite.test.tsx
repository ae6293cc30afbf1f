import { screen, waitFor } from '@testing-library/react'
import { ADMINS_MSG, MSG } from '@contract'
import { db } from './mocks/db'
import { inviteFor } from './mocks/handlers/admins'
import { renderRoute } from './render'

/** The invitation link's screen. */

/** An invited account, as POST /admin/admins leaves it, and its link's token. */
function invited() {
  db.admins.push({ _id: 'a-inv', name: 'Nia Park', email: 'nia@petcare.local', role: 2, profileImage: null, password: null })
  return inviteFor('a-inv')
}

async function openInvite(token: string) {
  const view = renderRoute(`/accept-invite?token=${encodeURIComponent(token)}`)
  await screen.findByRole('heading', { name: 'Set Your Password' })
  return view
}

describe('accepting an invitation', () => {
  it('moves the token out of the URL into history state', async () => {
    const token = invited()
    const { router } = await openInvite(token)
    await waitFor(() => expect(router.state.location.href).toBe('/accept-invite'))
    expect(router.state.location.state.inviteToken).toBe(token)
  })

  it('checks the password rules under the fields', async () => {
    const { user } = await openInvite(invited())
    await user.type(screen.getByLabelText('Password'), 'short')
    await user.type(screen.getByLabelText('Confirm Password'), 'other')
    await user.click(screen.getByRole('button', { name: 'Set Password' }))
    expect(await screen.findByText(MSG.passwordMin)).toBeInTheDocument()
    expect(screen.getByText(MSG.passwordMatch)).toBeInTheDocument()
  })

  it('sets the password, shows the server message and goes to sign-in', async () => {
    const token = invited()
    const { user, router } = await openInvite(token)
    await user.type(screen.getByLabelText('Password'), 'Welcome@123')
    await user.type(screen.getByLabelText('Confirm Password'), 'Welcome@123')
    await user.click(screen.getByRole('button', { name: 'Set Password' }))
    expect(await screen.findByText(ADMINS_MSG.inviteAccepted)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(db.admins.at(-1)!.password).toBe('Welcome@123')
    expect(db.invites.get(token)?.state).toBe('used')
  })

  it.each([
    ['expired', ADMINS_MSG.inviteExpired],
    ['used', ADMINS_MSG.inviteUsed],
  ] as const)('says so when the invitation is %s, and hides the form', async (state, message) => {
    const token = invited()
    db.invites.get(token)!.state = state
    const { user } = await openInvite(token)
    await user.type(screen.getByLabelText('Password'), 'Welcome@123')
    await user.type(screen.getByLabelText('Confirm Password'), 'Welcome@123')
    await user.click(screen.getByRole('button', { name: 'Set Password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeInTheDocument()
  })

  it('explains what to do when opened without a link', async () => {
    renderRoute('/accept-invite')
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMINS_MSG.inviteMissing)
  })
})
