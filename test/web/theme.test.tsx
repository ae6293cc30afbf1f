import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { PERSIST_KEY, THEME_KEY } from '@/lib/storage-keys'
import indexHtml from '../../index.html?raw'
import { withStorageKeys } from '../../build-plugins/storage-keys'
import { api, db, fail } from './mocks/db'
import { mockPreferences, savePreferences } from './mocks/handlers/preferences'
import { server } from './mocks/server'
import { renderRoute } from './render'
import { mediaQueryList } from './screen-width'

/** The system's dark setting, which a test can change as a person would in their system's settings. */
const systemDark = Object.assign(mediaQueryList('(prefers-color-scheme: dark)', false), {
  listeners: new Set<() => void>(),
  addEventListener: (_type: string, listener: () => void) => systemDark.listeners.add(listener),
  removeEventListener: (_type: string, listener: () => void) => systemDark.listeners.delete(listener),
})
function setSystemDark(dark: boolean) {
  ;(systemDark as { matches: boolean }).matches = dark
  for (const listener of systemDark.listeners) listener()
}

/** index.html's first inline script, as the build writes it: it paints the theme before the app loads, and after, whenever it changes. */
const themeScript = /<script>([\s\S]*?)<\/script>/.exec(withStorageKeys(indexHtml))![1]!
const root = document.documentElement
const dark = () => root.classList.contains('dark')
const admin = () => db.admins[0]!

async function openProfileMenu() {
  const view = renderRoute('/dashboard', { signedInAs: 'admin' })
  await view.user.click(await screen.findByRole('button', { name: 'Profile menu' }))
  await screen.findByRole('group', { name: 'Theme' })
  return view
}

beforeAll(() => {
  const plain = window.matchMedia
  window.matchMedia = (query: string) => (query === systemDark.media ? systemDark : plain(query))
  new Function(themeScript)()
})
beforeEach(() => {
  setSystemDark(false)
  root.setAttribute('data-theme', 'system')
})

describe("index.html's first-paint script", () => {
  it('paints the system setting for a visitor without a session, whatever theme the browser last used', () => {
    localStorage.setItem(THEME_KEY, 'dark')
    new Function(themeScript)()
    expect(root.dataset.theme).toBe('system')
    expect(dark()).toBe(false)
    setSystemDark(true)
    expect(dark()).toBe(true)
  })

  it("paints a signed-in admin's last theme in this browser", () => {
    localStorage.setItem(PERSIST_KEY, JSON.stringify({ auth: { accessToken: 'token' } }))
    localStorage.setItem(THEME_KEY, 'dark')
    new Function(themeScript)()
    expect(root.dataset.theme).toBe('dark')
    expect(dark()).toBe(true)
  })
})

describe('the theme', () => {
  it('is "System" by default, which follows the system setting as it changes', async () => {
    await openProfileMenu()
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked()
    expect(dark()).toBe(false)
    setSystemDark(true)
    expect(dark()).toBe(true)
    setSystemDark(false)
    expect(dark()).toBe(false)
  })

  it('turns dark at once when Dark is chosen, and is saved to the admin\'s preferences and this browser', async () => {
    const { user } = await openProfileMenu()
    await user.click(screen.getByRole('radio', { name: 'Dark' }))
    await waitFor(() => expect(dark()).toBe(true))
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked()
    expect(localStorage.getItem(THEME_KEY)).toBe('dark')
    await waitFor(() => expect(mockPreferences().get(admin()._id)?.theme).toBe('dark'))
    // Light stays light whatever the system says.
    await user.click(screen.getByRole('radio', { name: 'Light' }))
    setSystemDark(true)
    await waitFor(() => expect(dark()).toBe(false))
    await waitFor(() => expect(mockPreferences().get(admin()._id)?.theme).toBe('light'))
  })

  it('can be chosen with the arrow keys', async () => {
    const { user } = await openProfileMenu()
    screen.getByRole('radio', { name: 'System' }).focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked()
    await user.keyboard('{ArrowRight}')
    await waitFor(() => expect(dark()).toBe(true))
  })

  it('goes back to the theme before when the save fails, and says so', async () => {
    server.use(http.patch(api('/admin/preferences'), () => fail('INTERNAL', 'Something went wrong')))
    const { user } = await openProfileMenu()
    await user.click(screen.getByRole('radio', { name: 'Dark' }))
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('radio', { name: 'System' })).toBeChecked())
    expect(dark()).toBe(false)
    expect(localStorage.getItem(THEME_KEY)).toBe('system')
  })

  it("is the admin's saved one after sign-in, over the one this browser last used", async () => {
    localStorage.setItem(THEME_KEY, 'light')
    savePreferences(admin()._id, { theme: 'dark' })
    await openProfileMenu()
    await waitFor(() => expect(dark()).toBe(true))
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked()
    expect(localStorage.getItem(THEME_KEY)).toBe('dark')
  })

  it("follows the system again once the admin signs out (the public pages' theme)", async () => {
    savePreferences(admin()._id, { theme: 'dark' })
    const { user, router } = await openProfileMenu()
    await waitFor(() => expect(dark()).toBe(true))
    await user.click(screen.getByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    await waitFor(() => expect(dark()).toBe(false))
    expect(root.dataset.theme).toBe('system')
  })
})
