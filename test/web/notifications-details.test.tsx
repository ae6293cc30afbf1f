import { screen, within } from '@testing-library/react'
import { format } from 'date-fns'
import { http } from 'msw'
import { NOTIFICATIONS_MSG } from '@contract'
import { api, ok } from './mocks/db'
import { notificationsDb } from './mocks/handlers/notifications'
import { trackRequests } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

/** /notifications/notification-detail/:notificationId, exactly as the product describes it. */

const recipientsTable = () => screen.getByRole('table', { name: 'Recipients' })
const bodyRows = () => within(within(recipientsTable()).getAllByRole('rowgroup')[1]!).getAllByRole('row')

async function openDetails(index: number) {
  const item = notificationsDb()[index]!
  const view = renderRoute(`/notifications/notification-detail/${item._id}`, { signedInAs: 'subAdmin' })
  await screen.findByRole('heading', { name: 'Notification Send To Users' })
  return { ...view, item }
}

afterEach(() => vi.restoreAllMocks())

describe('a notification’s details', () => {
  it('shows the trail Notifications > Details, Notifications linking back to the list', async () => {
    await openDetails(0)
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(trail).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Notifications', 'Details'])
    expect(within(trail).getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications')
    expect(within(trail).getByText('Details')).toHaveAttribute('aria-current', 'page')
  })

  it('shows Title, Body and Create At as read-only fields, the date formatted', async () => {
    const { item } = await openDetails(0)
    const title = screen.getByLabelText('Title')
    expect(title).toHaveValue(item.title)
    expect(title).toHaveAttribute('readonly')
    const body = screen.getByLabelText('Body')
    expect(body).toHaveValue(item.body)
    expect(body).toHaveAttribute('readonly')
    const createdAt = screen.getByLabelText('Create At')
    expect(createdAt).toHaveValue(format(new Date(item.createdAt), 'yyyy-MM-dd, HH:mm'))
    expect(createdAt).toHaveAttribute('readonly')
  })

  it('lists the recipients under "Notification Send To Users" with exactly the columns Username, Name, Email and Mobile No.', async () => {
    await openDetails(0)
    expect(screen.getByRole('heading', { level: 2, name: 'Notification Send To Users' })).toBeInTheDocument()
    expect(within(recipientsTable()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Username',
      'Name',
      'Email',
      'Mobile No.',
    ])
  })

  it('shows a fixed 5 rows with no pagination, and says how many there are in all', async () => {
    const { item } = await openDetails(0)
    expect(item.users).toHaveLength(7)
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(
      item.users.slice(0, 5).map((u) => u.username),
    )
    expect(screen.queryByRole('navigation', { name: /pages|Pagination/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Rows per page:' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument()
    expect(screen.getByText('Showing 5 of 7 recipients')).toBeInTheDocument()
  })

  it('cuts an email to 18 characters and a mobile number to 12, the full email as a tooltip', async () => {
    const { item } = await openDetails(0)
    const aarav = bodyRows()[0]!
    const email = within(aarav).getByText('aarav.sharma.longa...')
    expect(email.parentElement).toHaveAttribute('title', 'aarav.sharma.longaddress@example.com')
    expect(within(aarav).getByText('987654321012...')).toBeInTheDocument()
    // Values that fit are shown whole.
    const carlos = bodyRows()[2]!
    expect(within(carlos).getByText(item.users[2]!.mobileNo!)).toBeInTheDocument()
    expect(within(carlos).getByText(item.users[2]!.email!.slice(0, 18) + '...')).toBeInTheDocument()
  })

  it('shows dashes for missing values', async () => {
    await openDetails(0)
    // Bella has no name and no mobile number.
    const cells = within(bodyRows()[1]!).getAllByRole('cell')
    expect(cells[0]).toHaveTextContent('bella_thompson')
    expect(cells[1]).toHaveTextContent('--')
    expect(cells[3]).toHaveTextContent('--')
  })

  it('shows each recipient’s picture, or the default avatar when there is none', async () => {
    await openDetails(0)
    const [aarav, , carlos] = bodyRows() as [HTMLElement, HTMLElement, HTMLElement]
    expect(carlos.querySelector('img')).toHaveAttribute('src', '/uploads/profile/carlos.jpg')
    expect(aarav.querySelector('img')).toBeNull()
    expect(aarav.querySelector('td svg')).toBeInTheDocument()
  })

  it('shows the empty-table message when nobody received it', async () => {
    await openDetails(2)
    expect(within(recipientsTable()).getByText('No Recipients Found !!!')).toBeInTheDocument()
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument()
  })

  it('lists every recipient without the count line when there are 5 or fewer', async () => {
    const item = notificationsDb()[0]!
    server.use(
      http.get(api('/admin/notification/:id'), () =>
        ok(NOTIFICATIONS_MSG.fetched, { ...item, recipientCount: 3, users: item.users.slice(0, 3), pendingCount: 0, deliveredCount: 3, failedCount: 0, notSentCount: 0, noDeviceCount: 0 }),
      ),
    )
    await openDetails(0)
    expect(bodyRows()).toHaveLength(3)
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument()
  })

  it('counts everyone it went to, beyond the recipients the server lists', async () => {
    await openDetails(1)
    // Sent to all 23 users.
    expect(bodyRows()).toHaveLength(5)
    expect(screen.getByText('Showing 5 of 23 recipients')).toBeInTheDocument()
  })

  it('says the notification was not found for an unknown id, with a way back to the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, router } = renderRoute('/notifications/notification-detail/9a0b1c2d-0000-4000-8000-999999999999', {
      signedInAs: 'admin',
    })
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('heading', { name: 'Notification not found' })).toBeInTheDocument()
    await user.click(within(alert).getByRole('link', { name: 'Back to Notifications' }))
    await screen.findByRole('table', { name: 'Notifications' })
    expect(router.state.location.pathname).toBe('/notifications')
  })

  it('treats an address id that cannot be an id as not found, without asking the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const requests = trackRequests('/admin/notification/not-an-id')
    renderRoute('/notifications/notification-detail/not-an-id', { signedInAs: 'admin' })
    expect(await screen.findByRole('heading', { name: 'Notification not found' })).toBeInTheDocument()
    expect(requests).toHaveLength(0)
  })
})
