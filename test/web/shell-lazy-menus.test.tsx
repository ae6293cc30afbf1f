import type { ComponentType, ReactNode } from 'react'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router'
import { authStore } from '@/lib/auth'
import { browserPage } from '@/lib/chunk-import'
import { sessionFor } from './mocks/db'
import { renderRoute } from './render'
import { screenWidth } from './screen-width'
import { loadAppAfresh } from './fresh-modules'

// The top bar's profile menu and the phone drawer load their code when first opened (or when the
// browser is idle): they open, take the focus and give it back as they did when loaded up front.

afterEach(() => vi.restoreAllMocks())

const profileMenu = () => screen.getByRole('button', { name: 'Profile menu' })

describe('the profile menu, loaded on its first press', () => {
  it('opens from the keyboard with focus in it, and Escape closes it with focus back on its button', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    const trigger = await screen.findByRole('button', { name: 'Profile menu' })
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    trigger.focus()
    await user.keyboard('{Enter}')
    const picture = await screen.findByRole('button', { name: 'Change profile picture' })
    await waitFor(() => expect(picture).toHaveFocus())
    expect(profileMenu()).toHaveAttribute('aria-expanded', 'true')

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument())
    expect(profileMenu()).toHaveFocus()
    expect(profileMenu()).toHaveAttribute('aria-expanded', 'false')
  })

  it('closes when its button is pressed again, and opens again', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }))
    await screen.findByRole('button', { name: 'Log out' })
    await user.click(profileMenu())
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument())
    await user.click(profileMenu())
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Theme' })).toBeInTheDocument()
  })
})

describe('the drawer on a small screen, loaded when first opened', () => {
  beforeEach(() => screenWidth(599))

  it('closes with Escape, giving focus back to the menu toggle, and opens again', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    const toggle = await screen.findByRole('button', { name: 'Main menu' })
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(within(await screen.findByRole('dialog')).getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(toggle).toHaveFocus())
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
  })
})

/**
 * The layout's lazy parts keep their loaded code for the page's life, and this worker's files share
 * one copy of the app: these tests take fresh copies of the user block and the layout, whose
 * imports of the menu and the drawer fail until the test lets them through. Their prefetches are
 * off, so that the press is what loads (vitest's mock lets an import through while another one of
 * the same module is being refused).
 */
describe('a menu whose code cannot be loaded', () => {
  const MESSAGE = 'Loading chunk failed'
  const imports = { fail: true }
  let UserBlock: ComponentType
  let AdminLayout: ComponentType<{ children: ReactNode }>

  beforeAll(async () => {
    vi.resetModules()
    const refuse = async (importOriginal: () => Promise<unknown>) => {
      // As a browser says it: with no file named, the failure counts as the network's.
      if (imports.fail) throw new TypeError('Failed to fetch dynamically imported module')
      return importOriginal()
    }
    vi.doMock('@/features/account/ProfileMenu', refuse)
    vi.doMock('@/components/layout/MobileDrawer', refuse)
    vi.doMock('@/lib/prefetch', () => ({ prefetchChunk: () => {} }))
    ;({ UserBlock } = await import('@/features/account/UserBlock'))
    ;({ AdminLayout } = await import('@/components/layout/AdminLayout'))
  })
  beforeEach(() => {
    imports.fail = true
    authStore.signIn(sessionFor('admin'))
    vi.spyOn(browserPage, 'reload').mockImplementation(() => {})
    // React logs each failure its boundary catches.
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterAll(() => {
    vi.doUnmock('@/features/account/ProfileMenu')
    vi.doUnmock('@/components/layout/MobileDrawer')
    vi.doUnmock('@/lib/prefetch')
    loadAppAfresh()
  })

  /** The fresh copies' AuthProvider and the like are fresh too: the session is the shared store's. */
  async function renderFresh(children: ReactNode) {
    const { AuthProvider } = await import('@/lib/auth')
    const rootRoute = createRootRoute({
      component: () => (
        <QueryClientProvider client={new QueryClient()}>
          <AuthProvider store={authStore}>{children}</AuthProvider>
        </QueryClientProvider>
      ),
    })
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/dashboard'] }) })
    render(<RouterProvider router={router} />)
    return userEvent.setup()
  }

  it(`shows '${MESSAGE}' where the profile menu opens, which its button hides and shows, and Retry opens the menu`, async () => {
    const user = await renderFresh(<UserBlock />)
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(MESSAGE)
    expect(profileMenu()).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText('Asha Admin')).toBeInTheDocument()

    await user.click(profileMenu())
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(profileMenu()).toHaveAttribute('aria-expanded', 'false')
    await user.click(profileMenu())

    imports.fail = false
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change profile picture' })).toHaveFocus())
    expect(browserPage.reload).not.toHaveBeenCalled()
  })

  it(`shows '${MESSAGE}' below the top bar while the phone drawer is open, and Retry opens the drawer`, async () => {
    screenWidth(599)
    const user = await renderFresh(
      <AdminLayout>
        <h1>Dashboard</h1>
      </AdminLayout>,
    )
    const toggle = await screen.findByRole('button', { name: 'Main menu' })
    await user.click(toggle)
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGE)
    await user.click(toggle)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await user.click(toggle)

    imports.fail = false
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }))
    expect(within(await screen.findByRole('dialog')).getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    expect(browserPage.reload).not.toHaveBeenCalled()
  })
})
