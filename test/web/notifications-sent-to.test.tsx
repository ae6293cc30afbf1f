import { screen, waitFor, within } from '@testing-library/react'
import { db } from './mocks/db'
import { notificationsDb } from './mocks/handlers/notifications'
import { renderRoute } from './render'

/**
 * The notifications list's "Sent to" filter: the notifications one user received, the user chosen
 * in the product's short picker (Username, Full Name, Email). Seeded: users[0] received the
 * selected-users notification [0] and the three sent to all; users[10] only the three sent to all.
 */

const titles = () => {
  const table = screen.getByRole('table', { name: 'Notifications' })
  const rows = within(within(table).getAllByRole('rowgroup')[1]!).getAllByRole('row')
  // The title is the first cell that is not a row's checkbox (admins have one, sub admins not).
  return rows.map((row) => within(row).getAllByRole('cell').find((cell) => !cell.querySelector('input[type="checkbox"]'))!.textContent)
}
const receivedBy = (userIndex: number) => notificationsDb().filter((n) => n.users.some((u) => u._id === db.users[userIndex]!._id)).map((n) => n.title)
/** The Sent to control, in the one Filters panel (opened first). */
async function sentTo(user: ReturnType<typeof renderRoute>['user']) {
  if (!screen.queryByRole('group', { name: 'Filters' })) await user.click(screen.getByRole('button', { name: /^Filters/ }))
  return screen.findByRole('button', { name: /^Sent to / })
}
const chips = () => screen.queryByRole('list', { name: 'Filters in effect' })

afterEach(() => vi.restoreAllMocks())

// Each test opens the list, then a dialog with a second list, and types into its search.
describe('the notifications list, narrowed to what one user received', { timeout: 15_000 }, () => {
  it('picks the user in the short picker: Username, Full Name and Email, no Contact No.', async () => {
    const { user } = renderRoute('/notifications', { signedInAs: 'admin' })
    await screen.findByRole('cell', { name: notificationsDb()[0]!.title })
    expect(await sentTo(user)).toHaveAccessibleName('Sent to Anyone')
    await user.click(await sentTo(user))
    const dialog = await screen.findByRole('dialog', { name: 'Choose a user' })
    const picker = await within(dialog).findByRole('table', { name: 'Users' })
    expect(within(picker).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Username', 'Full Name', 'Email'])
    expect(within(picker).queryByText(db.users[2]!.mobileNo!)).not.toBeInTheDocument()
  })

  it('lists only the notifications the chosen user received, names them, and keeps the choice in the address', async () => {
    const { user, router } = renderRoute('/notifications', { signedInAs: 'admin' })
    await screen.findByRole('cell', { name: notificationsDb()[0]!.title })
    await user.click(await sentTo(user))
    const dialog = await screen.findByRole('dialog', { name: 'Choose a user' })
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'kofi')
    await user.click(await within(dialog).findByRole('button', { name: 'kofi_mensah' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(router.state.location.search).toEqual({ recipientId: db.users[10]!._id }))
    await waitFor(() => expect(titles()).toEqual(receivedBy(10)))
    expect(receivedBy(10)).toHaveLength(3)
    // The dialog gives focus back to the Filters button; the chip names the user.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filters (active)' })).toHaveFocus())
    await waitFor(() => expect(chips()).toHaveTextContent('Sent to: kofi_mensah'))
    expect(await sentTo(user)).toHaveAccessibleName('Sent to kofi_mensah')
  })

  it('names the user of a shared link in a chip, whose × shows every notification again', async () => {
    const { user, router } = renderRoute(`/notifications?recipientId=${db.users[0]!._id}`, { signedInAs: 'subAdmin' })
    await waitFor(() => expect(titles()).toEqual(receivedBy(0)))
    expect(receivedBy(0)).toContain(notificationsDb()[0]!.title)
    await waitFor(() => expect(chips()).toHaveTextContent('Sent to: aarav_sharma'))
    await user.click(screen.getByRole('button', { name: 'Remove filter: Sent to' }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    await waitFor(() => expect(titles()).toHaveLength(notificationsDb().length))
    expect(chips()).not.toBeInTheDocument()
    expect(await sentTo(user)).toHaveAccessibleName('Sent to Anyone')
  })
})
