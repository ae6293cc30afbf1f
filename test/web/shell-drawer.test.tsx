import { screen, waitFor, within } from '@testing-library/react'
import { renderRoute } from './render'
import { screenWidth } from './screen-width'

afterEach(() => vi.restoreAllMocks())

const mainMenu = () => screen.findByRole('navigation', { name: 'Main' })

describe('the drawer on a medium screen and wider', () => {
  beforeEach(() => screenWidth(1024))

  it('lists the main menu in the product order, with Content before Settings', async () => {
    renderRoute('/dashboard', { signedInAs: 'admin' })
    const items = within(await mainMenu()).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual([
      'Dashboard',
      'Users',
      'Pet Shops',
      'Hospitals',
      'Notifications',
      'Feedback',
      'Partners',
      'Content',
      'Settings',
    ])
  })

  it('highlights Settings on /settings/change-password, its url being contained in the path', async () => {
    renderRoute('/settings/change-password', { signedInAs: 'admin' })
    const menu = await mainMenu()
    expect(within(menu).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page')
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current')
  })

  it('highlights Dashboard on /dashboard', async () => {
    renderRoute('/dashboard', { signedInAs: 'subAdmin' })
    expect(within(await mainMenu()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
  })

  it('links Pet Shops, Hospitals, Notifications and Feedback to their screens', async () => {
    renderRoute('/dashboard', { signedInAs: 'admin' })
    const menu = await mainMenu()
    expect(within(menu).getByRole('link', { name: 'Pet Shops' })).toHaveAttribute('href', '/pet-shops')
    expect(within(menu).getByRole('link', { name: 'Hospitals' })).toHaveAttribute('href', '/hospitals')
    expect(within(menu).getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications')
    expect(within(menu).getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/feedback')
    expect(within(menu).queryByText('Coming soon')).not.toBeInTheDocument()
  })

  it('is open from the start and the menu toggle hides and shows it', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await mainMenu()
    const toggle = screen.getByRole('button', { name: 'Main menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await user.click(toggle)
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(await mainMenu()).toBeInTheDocument()
  })

  it('scrolls smoothly to the top when the path changes', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    const settings = within(await mainMenu()).getByRole('link', { name: 'Settings' })
    vi.mocked(window.scrollTo).mockClear()
    await user.click(settings)
    await screen.findByRole('heading', { name: 'Change Password' })
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })
  })

  it('leaves the first page where the browser put it', async () => {
    vi.mocked(window.scrollTo).mockClear()
    renderRoute('/dashboard', { signedInAs: 'admin' })
    await screen.findByRole('heading', { name: 'Dashboard' })
    expect(window.scrollTo).not.toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })
  })

  it('has a logo that goes to the dashboard', async () => {
    renderRoute('/settings/change-password', { signedInAs: 'admin' })
    const logo = await screen.findByRole('link', { name: /Petcare Admin/ })
    expect(logo).toHaveAttribute('href', '/dashboard')
  })
})

describe('the drawer on a small screen', () => {
  beforeEach(() => screenWidth(599))

  it('starts closed', async () => {
    renderRoute('/dashboard', { signedInAs: 'admin' })
    await screen.findByRole('heading', { name: 'Dashboard' })
    expect(screen.getByRole('button', { name: 'Main menu' })).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
  })

  it('opens as a dialog over the page', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await user.click(await screen.findByRole('button', { name: 'Main menu' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })

  it('closes after an item is chosen, on the chosen page', async () => {
    const { user, router } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await user.click(await screen.findByRole('button', { name: 'Main menu' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Settings' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/change-password'))
  })

  it('closes with its close button, giving focus back to the menu toggle', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    const toggle = await screen.findByRole('button', { name: 'Main menu' })
    await user.click(toggle)
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close menu' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(toggle).toHaveFocus())
  })
})
