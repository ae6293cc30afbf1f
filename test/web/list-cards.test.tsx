import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { USERS_MSG } from '@contract'
import { db } from './mocks/db'
import { notificationsDb } from './mocks/handlers/notifications'
import { trackRequests } from './mocks/requests'
import { renderRoute } from './render'
import { screenWidth } from './screen-width'

/**
 * The list kit on a phone (below the sm breakpoint, 600 px): each row is a card (its identity,
 * its fields labelled by the column headers, its status and its actions), with the same empty
 * text, pagination and 'Rows per page:' as the table, and "Sort by" in place of the headers.
 */

const cardList = (name: string) => screen.getByRole('list', { name })
const cards = (name: string) => within(cardList(name)).getAllByRole('listitem')
const card = (title: string) => screen.getByRole('listitem', { name: title })
/** A card's fields as `label: value`, in order. */
const fieldsOf = (element: HTMLElement) =>
  within(element)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling!.textContent}`)

async function openUsersOnPhone(path = '/users') {
  screenWidth(360)
  const view = renderRoute(path, { signedInAs: 'admin' })
  await waitFor(() => expect(cardList('Users')).toHaveAttribute('aria-busy', 'false'))
  return view
}

afterEach(() => vi.restoreAllMocks())

describe('a list on a phone', () => {
  it('shows each user as a card: avatar and username first, then the labelled fields, the status and the actions', async () => {
    await openUsersOnPhone()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(cards('Users')).toHaveLength(10)
    const aarav = card('aarav_sharma')
    expect(fieldsOf(aarav)).toEqual([
      `Full Name: ${db.users[0]!.name}`,
      // Cut to 18 characters as in the table; a screen reader reads the whole address.
      'Email: aarav.sharma.longa...aarav.sharma.longaddress@example.com',
      'DOB: 1980-01-10',
      expect.stringMatching(/^Contact No\.: .*987654321012\.\.\./),
    ])
    expect(within(aarav).getByText('Active')).toBeInTheDocument()
    expect(within(aarav).getByRole('link', { name: 'View aarav_sharma' })).toHaveAttribute('href', `/users/${db.users[0]!._id}`)
    expect(within(aarav).getByRole('button', { name: 'Block aarav_sharma' })).toBeInTheDocument()
    // A missing value reads as dashes, as in the table.
    expect(fieldsOf(card(db.users[1]!.username!))).toContainEqual(expect.stringMatching(/^DOB: --/))
  })

  it('pages and offers "Rows per page:" as the table does', async () => {
    const { user } = await openUsersOnPhone()
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(screen.getByText('11–20 of 23')).toBeInTheDocument())
    await waitFor(() => expect(card(db.users[10]!.username!)).toBeInTheDocument())
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page:' }), '5')
    await waitFor(() => expect(cards('Users')).toHaveLength(5))
  })

  it('shows "No Users Found !!!" when nothing matches, with the pagination', async () => {
    screenWidth(360)
    renderRoute('/users?search=nobody-by-this-name', { signedInAs: 'admin' })
    expect(await screen.findByText('No Users Found !!!')).toBeInTheDocument()
    expect(screen.getByText('0–0 of 0')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Rows per page:' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Users' })).not.toBeInTheDocument()
  })

  it('blocks a user from the card', async () => {
    const { user } = await openUsersOnPhone()
    await user.click(within(card('carlos_mendes')).getByRole('button', { name: 'Block carlos_mendes' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Block user?' })).getByRole('button', { name: 'Block' }))
    expect(await screen.findByText(USERS_MSG.blocked)).toBeInTheDocument()
    expect(within(card('carlos_mendes')).getByText('Blocked')).toBeInTheDocument()
    expect(within(card('carlos_mendes')).getByRole('button', { name: 'Unblock carlos_mendes' })).toBeInTheDocument()
  })

  it('sorts on the server with "Sort by" in place of the column headers', async () => {
    const { user, router } = await openUsersOnPhone()
    const requests = trackRequests('/admin/users')
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' })
    expect(sortBy).toHaveDisplayValue('Default order')
    // Only the columns the server sorts by; Contact No. is not one.
    expect(within(sortBy).queryByRole('option', { name: /Contact No\./ })).not.toBeInTheDocument()

    await user.selectOptions(sortBy, 'Full Name, ascending')
    await waitFor(() => expect(cards('Users')[0]).toHaveAccessibleName('aarav_sharma'))
    expect(requests.at(-1)!.get('sortBy')).toBe('name')
    expect(requests.at(-1)!.get('sortOrder')).toBe('1')
    expect(router.state.location.search).toMatchObject({ sortBy: 'name', sortOrder: 1 })

    await user.selectOptions(sortBy, 'Full Name, descending')
    await waitFor(() => expect(cards('Users')[0]).toHaveAccessibleName('will_turner'))
    expect(requests.at(-1)!.get('sortOrder')).toBe('-1')

    await user.selectOptions(sortBy, 'Default order')
    await waitFor(() => expect(router.state.location.href).toBe('/users'))
  })

  it('shows a table that sorts nothing (a notification\'s recipients) as cards without "Sort by"', async () => {
    screenWidth(360)
    const item = notificationsDb()[0]!
    renderRoute(`/notifications/notification-detail/${item._id}`, { signedInAs: 'admin' })
    const recipient = item.users[0]!
    expect(await screen.findByRole('listitem', { name: recipient.username! })).toBeInTheDocument()
    expect(cards('Recipients').length).toBeGreaterThan(0)
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument()
  })

  it('lets a picker choose users from their cards, one by one or the whole page', async () => {
    screenWidth(360)
    const { user } = renderRoute('/notifications', { signedInAs: 'admin' })
    await user.click(await screen.findByRole('button', { name: 'Send Notification' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send Notification' })
    await user.click(within(dialog).getByRole('radio', { name: 'Selected Users' }))
    const aarav = await within(dialog).findByRole('listitem', { name: 'aarav_sharma' })
    await user.click(within(aarav).getByRole('checkbox', { name: 'Select aarav_sharma' }))
    expect(within(dialog).getByText('1 user selected')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select all users on this page' }))
    expect(within(dialog).getByText(/^\d+ users selected$/)).toBeInTheDocument()
    expect(within(aarav).getByRole('checkbox', { name: 'Select aarav_sharma' })).toBeChecked()
  })

  it('shows the table, not cards, from the sm breakpoint up', async () => {
    screenWidth(1440)
    renderRoute('/users', { signedInAs: 'admin' })
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Users' })).not.toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument()
  })
})

describe('focus after a confirmed delete', () => {
  const table = () => screen.getByRole<HTMLTableElement>('table', { name: 'Notifications' })
  const rowOf = (title: string) => within(table()).getByRole('cell', { name: title }).closest('tr')!

  async function deleteNotification(title: string, path = '/notifications') {
    const view = renderRoute(path, { signedInAs: 'admin' })
    await screen.findByRole('cell', { name: title })
    await view.user.click(within(rowOf(title)).getByRole('button', { name: `Delete ${title}` }))
    await view.user.click(within(await screen.findByRole('dialog', { name: 'Delete notification?' })).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('cell', { name: title })).not.toBeInTheDocument())
    return view
  }

  it('goes to the next row', async () => {
    const [, second, third] = notificationsDb()
    await deleteNotification(second!.title)
    // The next row's first control: its checkbox (bulk actions).
    await waitFor(() => expect(screen.getByRole('checkbox', { name: `Select ${third!.title}` })).toHaveFocus())
  })

  it('goes to the row before when the last row was deleted', async () => {
    renderRoute('/notifications', { signedInAs: 'admin' })
    await screen.findByRole('cell', { name: notificationsDb()[0]!.title })
    const titles = [...table().tBodies[0]!.rows].map((row) => row.cells[1]!.textContent!) // after the row's checkbox
    cleanup()
    await deleteNotification(titles.at(-1)!)
    await waitFor(() => expect(screen.getByRole('checkbox', { name: `Select ${titles.at(-2)}` })).toHaveFocus())
  })

  it("goes to the list's heading when no row is left", async () => {
    const only = notificationsDb()[0]!
    await deleteNotification(only.title, `/notifications?search=${encodeURIComponent(only.title)}`)
    expect(await screen.findByText('No Notifications Found !!!')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toHaveFocus())
  })

  it('goes to the next card on a phone', async () => {
    screenWidth(360)
    const [first, second] = notificationsDb()
    const { user } = renderRoute('/notifications', { signedInAs: 'admin' })
    await user.click(within(await screen.findByRole('listitem', { name: first!.title })).getByRole('button', { name: `Delete ${first!.title}` }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: first!.title })).not.toBeInTheDocument())
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: second!.title })).getByRole('checkbox', { name: `Select ${second!.title}` })).toHaveFocus())
  })
})
