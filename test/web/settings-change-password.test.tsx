import { screen, waitFor, within } from '@testing-library/react'
import { MSG, PASSWORD_MSG } from '@contract'
import { db } from './mocks/db'
import { renderRoute } from './render'
import { screenWidth } from './screen-width'

async function openChangePassword() {
  const view = renderRoute('/settings/change-password', { signedInAs: 'admin' })
  await screen.findByRole('heading', { name: 'Change Password' })
  return {
    ...view,
    oldPassword: screen.getByLabelText('Old Password'),
    newPassword: screen.getByLabelText('New Password'),
    confirmPassword: screen.getByLabelText('Confirm Password'),
    submit: screen.getByRole('button', { name: 'Update Password' }),
  }
}

describe('settings', () => {
  it('sends /settings to /settings/change-password', async () => {
    const { router } = renderRoute('/settings', { signedInAs: 'admin' })
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/settings/change-password')
  })

  it('lists the secondary menu with Change Password as the current page', async () => {
    renderRoute('/settings/change-password', { signedInAs: 'subAdmin' })
    const menu = await screen.findByRole('navigation', { name: 'Settings' })
    expect(within(menu).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Change Password',
      'Privacy Policy',
      "FAQ's",
      'Terms & Conditions',
      'Contact Us',
      'Support',
      'API Reference',
    ])
    expect(within(menu).getByRole('link', { name: 'Change Password' })).toHaveAttribute('aria-current', 'page')
  })
})

describe('settings on a phone', () => {
  afterEach(() => vi.restoreAllMocks())

  it('opens a page with its name on a folded menu, which unfolds to switch and folds again', async () => {
    screenWidth(360)
    const { user, router } = renderRoute('/settings/change-password', { signedInAs: 'admin' })
    await screen.findByRole('heading', { name: 'Change Password' })
    // Not the ten entries above the page: the current one, on a button that unfolds them.
    expect(screen.queryByRole('navigation', { name: 'Settings' })).not.toBeInTheDocument()
    const switcher = screen.getByRole('button', { name: 'Settings page: Change Password' })
    expect(switcher).toHaveAttribute('aria-expanded', 'false')

    await user.click(switcher)
    expect(switcher).toHaveAttribute('aria-expanded', 'true')
    const menu = screen.getByRole('navigation', { name: 'Settings' })
    expect(within(menu).getByRole('link', { name: 'Change Password' })).toHaveAttribute('aria-current', 'page')
    await user.click(within(menu).getByRole('link', { name: 'Contact Us' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/contact-us'))
    expect(await screen.findByRole('button', { name: 'Settings page: Contact Us' })).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('navigation', { name: 'Settings' })).not.toBeInTheDocument()
  })
})

describe('change password', () => {
  it('shows "Enter the required field" under every field of the empty form', async () => {
    const { user, submit, oldPassword, newPassword, confirmPassword } = await openChangePassword()
    await user.click(submit)
    await waitFor(() => expect(oldPassword).toHaveAccessibleDescription(MSG.required))
    expect(newPassword).toHaveAccessibleDescription(MSG.required)
    expect(confirmPassword).toHaveAccessibleDescription(MSG.required)
  })

  it.each([
    ['Ab@1', MSG.passwordMin],
    ['Abcdefgh@12345678', MSG.passwordMax],
    ['abcdefgh12', MSG.passwordPattern],
    ['Abcd efg@1', MSG.passwordPattern],
  ])('shows the rule under New Password for "%s"', async (value, message) => {
    const { user, newPassword } = await openChangePassword()
    await user.type(newPassword, value)
    await user.tab()
    await waitFor(() => expect(newPassword).toHaveAccessibleDescription(message))
  })

  it('shows "Password and Confirm Password must match" when the confirmation differs', async () => {
    const { user, newPassword, confirmPassword } = await openChangePassword()
    await user.type(newPassword, 'Fresh@1234')
    await user.type(confirmPassword, 'Fresh@1235')
    await user.tab()
    await waitFor(() => expect(confirmPassword).toHaveAccessibleDescription(MSG.passwordMatch))
  })

  it("shows the server's message under Old Password when the old password is wrong", async () => {
    const { user, submit, oldPassword, newPassword, confirmPassword } = await openChangePassword()
    await user.type(oldPassword, 'Wrong@123')
    await user.type(newPassword, 'Fresh@1234')
    await user.type(confirmPassword, 'Fresh@1234')
    await user.click(submit)
    await waitFor(() => expect(oldPassword).toHaveAccessibleDescription(PASSWORD_MSG.oldPasswordWrong))
    expect(db.admins[0]!.password).toBe('Admin@123')
  })

  it("shows the server's message under New Password when it is the old password again", async () => {
    const { user, submit, oldPassword, newPassword, confirmPassword } = await openChangePassword()
    await user.type(oldPassword, 'Admin@123')
    await user.type(newPassword, 'Admin@123')
    await user.type(confirmPassword, 'Admin@123')
    await user.click(submit)
    await waitFor(() => expect(newPassword).toHaveAccessibleDescription(PASSWORD_MSG.samePassword))
  })

  it('shows the server message and empties the form when the password is changed', async () => {
    const { user, submit, oldPassword, newPassword, confirmPassword } = await openChangePassword()
    await user.type(oldPassword, 'Admin@123')
    await user.type(newPassword, 'Fresh@1234')
    await user.type(confirmPassword, 'Fresh@1234')
    await user.click(submit)
    expect(await screen.findByText(PASSWORD_MSG.passwordChanged)).toBeInTheDocument()
    expect(db.admins[0]!.password).toBe('Fresh@1234')
    await waitFor(() => expect(oldPassword).toHaveValue(''))
    expect(newPassword).toHaveValue('')
    expect(confirmPassword).toHaveValue('')
    expect(oldPassword).not.toHaveAccessibleDescription()
  })
})
