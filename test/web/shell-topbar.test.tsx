import { fireEvent, screen, within } from '@testing-library/react'
import { db } from './mocks/db'
import { renderRoute } from './render'
import { screenWidth } from './screen-width'

const topBar = () => screen.findByRole('banner')

describe('the top bar', () => {
  it('shows the name and the role label "admin" for an admin', async () => {
    renderRoute('/dashboard', { signedInAs: 'admin' })
    const bar = await topBar()
    expect(within(bar).getByText('Asha Admin')).toBeInTheDocument()
    expect(within(bar).getByText('admin')).toBeInTheDocument()
  })

  it('shows the name and the role label "sub admin" for a sub admin', async () => {
    renderRoute('/dashboard', { signedInAs: 'subAdmin' })
    const bar = await topBar()
    expect(within(bar).getByText('Sam Sub')).toBeInTheDocument()
    expect(within(bar).getByText('sub admin')).toBeInTheDocument()
  })

  it('shows the default icon when the admin has no picture', async () => {
    renderRoute('/dashboard', { signedInAs: 'admin' })
    const bar = await topBar()
    expect(within(bar).getByRole('img', { name: 'Default profile picture' })).toBeInTheDocument()
    expect(within(bar).queryByRole('img', { name: 'Profile picture' })).not.toBeInTheDocument()
  })

  it('shows the profile picture when the admin has one', async () => {
    db.admins[0]!.profileImage = 'https://cdn.petcare.test/asha.png'
    renderRoute('/dashboard', { signedInAs: 'admin' })
    const bar = await topBar()
    expect(within(bar).getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', 'https://cdn.petcare.test/asha.png')
  })

  it('falls back to the default icon when the picture does not load', async () => {
    db.admins[0]!.profileImage = 'https://cdn.petcare.test/missing.png'
    renderRoute('/dashboard', { signedInAs: 'admin' })
    const bar = await topBar()
    fireEvent.error(within(bar).getByRole('img', { name: 'Profile picture' }))
    expect(within(bar).getByRole('img', { name: 'Default profile picture' })).toBeInTheDocument()
  })

  it('takes the fresh profile from the server into the top bar', async () => {
    renderRoute('/dashboard', { signedInAs: 'admin' })
    // Renamed elsewhere (another device) after this session started.
    db.admins[0]!.name = 'Asha Rao'
    expect(await within(await topBar()).findByText('Asha Rao')).toBeInTheDocument()
  })

  it('is compact on a phone: the picture and the menu, with the role inside the menu', async () => {
    screenWidth(360)
    const { user } = renderRoute('/dashboard', { signedInAs: 'subAdmin' })
    const bar = await topBar()
    const menuButton = await within(bar).findByRole('button', { name: 'Profile menu' })
    expect(within(bar).getByRole('img', { name: 'Default profile picture' })).toBeInTheDocument()
    expect(within(bar).queryByText('Sam Sub')).not.toBeInTheDocument()
    expect(within(bar).queryByText('sub admin')).not.toBeInTheDocument()

    await user.click(menuButton)
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(screen.getByText('sub admin')).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('Sam Sub')
  })

  it('keeps the name and the role beside the picture from the sm breakpoint up', async () => {
    screenWidth(600)
    renderRoute('/dashboard', { signedInAs: 'admin' })
    const bar = await topBar()
    expect(await within(bar).findByText('Asha Admin')).toBeInTheDocument()
    expect(within(bar).getByText('admin')).toBeInTheDocument()
  })

  it('shows the breadcrumb bar on a signed-in page', async () => {
    renderRoute('/dashboard', { signedInAs: 'admin' })
    const bar = await screen.findByRole('navigation', { name: 'Breadcrumb' })
    expect(within(bar).getByText('Dashboard')).toHaveAttribute('aria-current', 'page')
  })
})
