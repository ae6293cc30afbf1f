import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { PLACES_MSG } from '@contract'
import { api, db } from './mocks/db'
import { placesDb } from './mocks/handlers/places'
import { gate } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'
import { screenWidth } from './screen-width'

/**
 * Each screen's document title, and what a change of page does for keyboard and screen reader
 * users: focus on the new page's heading, or an announcement of its title, once.
 */

afterEach(() => vi.restoreAllMocks())

const heading = (name: string, level = 1) => screen.findByRole('heading', { level, name })
/** The polite region that announces a new page when focus cannot go to its heading. */
const announcement = () => document.getElementById('page-changes')
const mainMenu = () => screen.findByRole('navigation', { name: 'Main' })
/** Holds the details call of `place` until the returned gate opens. */
function holdPetShop(id: string) {
  const held = gate()
  server.use(http.get(api(`/place/admin/pet-shop/${id}`), () => held.wait()))
  return held
}

describe('document titles', () => {
  it('names a list after its heading', async () => {
    renderRoute('/users', { signedInAs: 'admin' })
    await heading('Users')
    expect(document.title).toBe('Users · Petcare Admin')
  })

  it('names a details screen after its record', async () => {
    const place = placesDb('petShop')[0]!
    renderRoute(`/pet-shops/details/${place._id}`, { signedInAs: 'admin' })
    await heading(place.name)
    await waitFor(() => expect(document.title).toBe(`Pet Shop: ${place.name} · Petcare Admin`))
  })

  it('gives a details screen its kind while the record loads', async () => {
    screenWidth(1024)
    const place = placesDb('petShop')[0]!
    const held = holdPetShop(place._id)
    const { router } = renderRoute('/pet-shops', { signedInAs: 'admin' })
    await heading('Pet Shops')
    void router.navigate({ to: '/pet-shops/details/$id', params: { id: place._id } })
    await waitFor(() => expect(document.title).toBe('Pet Shop · Petcare Admin'))
    held.open()
    await heading(place.name)
    await waitFor(() => expect(document.title).toBe(`Pet Shop: ${place.name} · Petcare Admin`))
  })

  it('names a user by the name their page shows', async () => {
    const person = db.users[2]!
    renderRoute(`/users/${person._id}`, { signedInAs: 'admin' })
    await heading(person.name!)
    await waitFor(() => expect(document.title).toBe(`User: ${person.name} · Petcare Admin`))
  })

  it('names public pages and the sign-in screen', async () => {
    const { router } = renderRoute('/faq')
    await heading('Frequently Asked Questions')
    // Pet owners read the public pages: the platform's name; the sign-in screen is the admins'.
    expect(document.title).toBe('Frequently Asked Questions · Petcare')
    await router.navigate({ to: '/' })
    await heading('Login')
    expect(document.title).toBe('Login · Petcare Admin')
  })

  it('names the not found page', async () => {
    renderRoute('/no-such-page')
    await heading('PAGE NOT FOUND')
    await waitFor(() => expect(document.title).toBe('Page Not Found · Petcare Admin'))
  })

  it('names a details page whose record does not exist after what it says', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute('/pet-shops/details/0e5e0000-0000-4000-8000-000000000999', { signedInAs: 'admin' })
    await heading(PLACES_MSG.petShop.notFound)
    await waitFor(() => expect(document.title).toBe(`${PLACES_MSG.petShop.notFound} · Petcare Admin`))
  })

  it('names the API tokens page after its own heading', async () => {
    renderRoute('/settings/api-tokens', { signedInAs: 'admin' })
    await heading('API Tokens', 2)
    expect(document.title).toBe('API Tokens · Petcare Admin')
  })

  it('names the admin accounts page after its own heading', async () => {
    renderRoute('/settings/admins', { signedInAs: 'admin' })
    await heading('Admin Accounts', 2)
    expect(document.title).toBe('Admin Accounts · Petcare Admin')
  })

  it('names a settings page after its own heading', async () => {
    renderRoute('/settings/privacy-policy', { signedInAs: 'admin' })
    await heading('Privacy Policy', 2)
    expect(document.title).toBe('Privacy Policy · Petcare Admin')
  })
})

describe('focus after a change of page', () => {
  // The drawer open, and Settings' menu beside the page (from lg).
  beforeEach(() => screenWidth(1280))

  it('leaves focus alone on the first page load', async () => {
    renderRoute('/users', { signedInAs: 'admin' })
    await heading('Users')
    await screen.findAllByRole('link', { name: /^View / })
    expect(document.body).toHaveFocus()
  })

  it('moves focus to the new page’s heading after a drawer link, and announces nothing more', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await heading('Dashboard')
    await user.click(within(await mainMenu()).getByRole('link', { name: 'Users' }))
    const users = await heading('Users')
    await waitFor(() => expect(users).toHaveFocus())
    // Focusable by script only: not a stop of the Tab order.
    expect(users).toHaveAttribute('tabindex', '-1')
    expect(announcement()).toBeEmptyDOMElement()
  })

  it('moves focus to the heading on a phone too, where the drawer closes as the page changes', async () => {
    screenWidth(360)
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await heading('Dashboard')
    await user.click(screen.getByRole('button', { name: 'Main menu' }))
    await user.click(within(await mainMenu()).getByRole('link', { name: 'Pet Shops' }))
    const petShops = await heading('Pet Shops')
    await waitFor(() => expect(petShops).toHaveFocus())
    // The closed drawer gives focus back to what opened it; the heading keeps it all the same.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(petShops).toHaveFocus()
  }, 15_000)

  it('keeps focus in the search box: searching a list is not a new page', async () => {
    const { user, router } = renderRoute('/users', { signedInAs: 'admin' })
    await heading('Users')
    const search = screen.getByRole('searchbox', { name: /search/i })
    await user.type(search, 'a')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'a' }), { timeout: 2000 })
    expect(search).toHaveFocus()
    expect(announcement()).toBeEmptyDOMElement()
  })

  it('keeps focus on the paging button: another page of a list is not a new page', async () => {
    const { user, router } = renderRoute('/users', { signedInAs: 'admin' })
    await heading('Users')
    const next = await screen.findByRole('button', { name: 'Next page' })
    await user.click(next)
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }))
    expect(next).toHaveFocus()
    expect(announcement()).toBeEmptyDOMElement()
  })

  it('focuses a details page’s heading once its record has loaded', async () => {
    const place = placesDb('petShop')[0]!
    const held = holdPetShop(place._id)
    const { user } = renderRoute('/pet-shops', { signedInAs: 'admin' })
    await heading('Pet Shops')
    await user.click(await screen.findByRole('link', { name: `View ${place.name}` }))
    held.open()
    const name = await heading(place.name)
    await waitFor(() => expect(name).toHaveFocus())
  })

  it('leaves focus where the person moved it while the page loaded, and announces the page instead', async () => {
    const place = placesDb('petShop')[0]!
    const held = holdPetShop(place._id)
    const { user } = renderRoute('/pet-shops', { signedInAs: 'admin' })
    await heading('Pet Shops')
    const menuButton = screen.getByRole('button', { name: 'Main menu' })
    await user.click(await screen.findByRole('link', { name: `View ${place.name}` }))
    await user.click(menuButton)
    await user.click(menuButton)
    held.open()
    const name = await heading(place.name)
    await waitFor(() => expect(announcement()).toHaveTextContent(`Pet Shop: ${place.name} · Petcare Admin`))
    expect(name).not.toHaveFocus()
    expect(menuButton).toHaveFocus()
  })

  it('moves focus to a settings page’s own heading, not to the Settings heading above it', async () => {
    const { user } = renderRoute('/settings/change-password', { signedInAs: 'admin' })
    await heading('Change Password', 2)
    await user.click(within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'Contact Us' }))
    const contactUs = await heading('Contact Us', 2)
    await waitFor(() => expect(contactUs).toHaveFocus())
  })
})
