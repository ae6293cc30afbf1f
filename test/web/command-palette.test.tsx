import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { authStore } from '@/lib/auth'
import { api, db } from './mocks/db'
import { gate } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

/** The command palette: Ctrl+K (or the top bar's button), type to narrow or find, Enter to go, Escape to close; `?` for the shortcuts. */

const palette = () => screen.findByRole('dialog', { name: 'Go to' })
const input = async () => within(await palette()).getByRole('combobox', { name: 'Go to a screen, a record or an action' })
const options = () => within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)
const group = (name: string) => within(screen.getByRole('listbox')).getByRole('group', { name })
/** A record found on the server, once its answer is shown, under the heading of its kind. */
async function foundIn(heading: string, name: RegExp) {
  const option = await within(await palette()).findByRole('option', { name })
  expect(group(heading)).toContainElement(option)
  return option
}
const announced = async () => within(await palette()).getByRole('status')
const bella = () => db.users.find((u) => u.username === 'bella_thompson')!

async function openPalette(path = '/dashboard', signedInAs: 'admin' | 'subAdmin' = 'admin') {
  const view = renderRoute(path, { signedInAs })
  await screen.findByRole('heading', { level: 1 })
  await view.user.keyboard('{Control>}k{/Control}')
  return { ...view, input: await input() }
}

// The first opening loads the palette's chunk, slow on a busy machine.
describe('the command palette', { timeout: 30_000 }, () => {
  it('opens with Ctrl+K, narrows as one types, and goes to the chosen screen with Enter', async () => {
    const { user, router, input } = await openPalette()
    expect(input).toHaveFocus()
    await user.type(input, 'hosp')
    expect(options().slice(0, 2)).toEqual(['Hospitals', 'Add hospital'])
    await user.keyboard('{Enter}') // the first match is the active one
    await waitFor(() => expect(router.state.location.pathname).toBe('/hospitals'))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Go to' })).not.toBeInTheDocument())
  })

  it('opens with Cmd+K too, says when nothing matches, and closes with Escape, focus back on what had it', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' })
    const button = screen.getByRole('button', { name: 'Go to (Ctrl+K)' })
    await user.click(button)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Go to' })).not.toBeInTheDocument())
    expect(button).toHaveFocus()

    await user.keyboard('{Meta>}k{/Meta}')
    await user.type(await input(), 'zebra')
    expect(await screen.findByText('Nothing matches “zebra”.')).toBeInTheDocument()
    expect(await announced()).toHaveTextContent('No results')
  })

  it('offers a sub admin only the screens the role may open', async () => {
    await openPalette('/dashboard', 'subAdmin')
    expect(options()).toContain('Partners')
    expect(options()).not.toContain('Admin Accounts')
    expect(options()).not.toContain('Audit Log')
  })

  it('finds a user on the server as one types, under Users, says how many, and Enter opens their page', async () => {
    const { user, router, input } = await openPalette()
    await user.type(input, 'hana')
    const found = await foundIn('Users', /hana_suzuki/)
    expect(found).toHaveTextContent('Hana Suzuki · hana_suzuki@example.com')
    await waitFor(async () => expect(await announced()).toHaveTextContent('1 result'))
    await user.keyboard('{Enter}')
    const hana = db.users.find((u) => u.username === 'hana_suzuki')!
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${hana._id}`))
  })

  it('groups records by kind, each with its heading', async () => {
    const { user, input } = await openPalette()
    await user.type(input, 'happy paws')
    await foundIn('Pet Shops', /Happy Paws Pet Store/)
    await foundIn('Hospitals', /Happy Paws Clinic/)
  })

  it('cancels the request of a text that was typed further before the answer came', async () => {
    const held = gate()
    const signals: AbortSignal[] = []
    const texts: string[] = []
    server.use(
      http.get(api('/admin/search'), async ({ request }) => {
        signals.push(request.signal)
        texts.push(new URL(request.url).searchParams.get('q') ?? '')
        if (texts.length === 1) await held.wait()
      }),
    )
    const { user, input } = await openPalette()
    await user.type(input, 'bel')
    await waitFor(() => expect(texts).toEqual(['bel']))
    expect(await announced()).toHaveTextContent('Searching…')
    await user.type(input, 'la')
    await waitFor(() => expect(texts).toEqual(['bel', 'bella']))
    await waitFor(() => expect(signals[0]!.aborted).toBe(true))
    held.open()
    await foundIn('Users', /bella_thompson/)
    expect(signals[1]!.aborted).toBe(false)
  })

  it('lists the records and screens opened through it, and details pages visited, until cleared', async () => {
    const { user, input, router } = await openPalette()
    expect(within(screen.getByRole('listbox')).queryByRole('group', { name: 'Recent' })).not.toBeInTheDocument()
    await user.type(input, 'bella')
    await foundIn('Users', /bella_thompson/)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${bella()._id}`))

    // A details page visited without the palette joins them too.
    await router.navigate({ to: '/pet-shops/details/$id', params: { id: '6a7b8c9d-0000-4000-8000-000000000002' } })
    await screen.findByRole('heading', { level: 1, name: 'Pet Palace' })
    await user.keyboard('{Control>}k{/Control}')
    await palette()
    expect(within(group('Recent')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pet PalacePet Shop', 'bella_thompsonUser'])
    // Kept per admin: another admin of this browser has none.
    expect(JSON.parse(localStorage.getItem(`petcare.recent.${authStore.get().id}`) ?? '[]')).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'Clear recent items' }))
    expect(within(screen.getByRole('listbox')).queryByRole('group', { name: 'Recent' })).not.toBeInTheDocument()
  })

  it('signs out with the Sign out action', async () => {
    const { user, input, router } = await openPalette()
    await user.type(input, 'sign out')
    expect(options()).toEqual(['Sign out'])
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(authStore.get().accessToken).toBeNull()
  })

  it('opens the send dialog of the notifications page with Send notification', async () => {
    const { user, input, router } = await openPalette()
    await user.type(input, 'send')
    expect(options()).toEqual(['Send notification'])
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'))
    expect(await screen.findByRole('dialog', { name: 'Send Notification' })).toBeInTheDocument()
    // The entry no longer asks for it: a reload or Back here does not open it again.
    await waitFor(() => expect(router.state.location.state.sendNotification).toBeFalsy())
    expect(router.history.location.state.sendNotification).toBeFalsy()
    expect(screen.getByRole('dialog', { name: 'Send Notification' })).toBeInTheDocument()
  })

  it('shows the keyboard shortcuts with ?, and Escape puts focus back; typed in a field, ? is only a character', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' })
    const button = screen.getByRole('button', { name: 'Go to (Ctrl+K)' })
    button.focus()
    await user.keyboard('?')
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    expect(within(help).getByText('Open the command palette: go to a screen, find a record, or act')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument())
    expect(button).toHaveFocus()

    await user.keyboard('{Control>}k{/Control}')
    await user.type(await input(), '?')
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument()
  })

  it('shows the keyboard shortcuts from the palette too, with focus in them, and gives it back to where the palette was opened', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' })
    const button = screen.getByRole('button', { name: 'Go to (Ctrl+K)' })
    await user.click(button)
    await user.type(await input(), 'keyboard')
    await user.keyboard('{Enter}')
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Go to' })).not.toBeInTheDocument())
    // The palette gives focus back as it leaves: the shortcuts must open after that, not under it.
    await waitFor(() => expect(help).toContainElement(document.activeElement as HTMLElement))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument())
    await waitFor(() => expect(button).toHaveFocus())
  })
})
