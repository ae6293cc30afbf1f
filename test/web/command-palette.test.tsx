import { screen, waitFor, within } from '@testing-library/react'
import { renderRoute } from './render'

/** The command palette: Ctrl+K (or the top bar's button), type to narrow, Enter to go, Escape to close. */

const palette = () => screen.findByRole('dialog', { name: 'Go to' })
const options = () => within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)

describe('the command palette', () => {
  it('opens with Ctrl+K, narrows as one types, and goes to the chosen screen with Enter', async () => {
    const { user, router } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' })
    await user.keyboard('{Control>}k{/Control}')
    const dialog = await palette()
    const input = within(dialog).getByRole('combobox', { name: 'Go to a screen or an action' })
    expect(input).toHaveFocus()
    await user.type(input, 'hosp')
    expect(options()).toEqual(['Hospitals', 'Add hospital'])
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
    await user.type(within(await palette()).getByRole('combobox'), 'zebra')
    expect(screen.getByText('Nothing matches “zebra”.')).toBeInTheDocument()
  })

  it('offers a sub admin only the screens the role may open', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: 'subAdmin' })
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' })
    await user.click(screen.getByRole('button', { name: 'Go to (Ctrl+K)' }))
    await palette()
    expect(options()).toContain('Partners')
    expect(options()).not.toContain('Admin Accounts')
    expect(options()).not.toContain('Audit Log')
  })
})
