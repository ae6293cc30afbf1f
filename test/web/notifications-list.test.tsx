import { screen, waitFor, within } from '@testing-library/react'
import { format } from 'date-fns'
import { http } from 'msw'
import { API_MSG, NOTIFICATIONS_MSG } from '@contract'
import { api, fail, ok } from './mocks/db'
import { notificationsDb } from './mocks/handlers/notifications'
import { trackRequests } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

/** /notifications: the notifications sent, on the list kit (the product's notifications columns). */

const table = () => screen.getByRole('table', { name: 'Notifications' })
const bodyRows = () => within(within(table()).getAllByRole('rowgroup')[1]!).getAllByRole('row')
const column = (index: number) => bodyRows().map((row) => within(row).getAllByRole('cell')[index + 1]!.textContent)
const rowOf = (title: string) => screen.getByRole('cell', { name: title }).closest('tr')!

async function openNotifications(path = '/notifications', role: 'admin' | 'subAdmin' = 'admin') {
  const view = renderRoute(path, { signedInAs: role })
  await screen.findByRole('cell', { name: notificationsDb()[0]!.title })
  return view
}

afterEach(() => vi.restoreAllMocks())

describe('the notifications list', () => {
  it('shows exactly the columns Title, Body, Send To, Send On and Actions', async () => {
    await openNotifications()
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument()
    expect(within(table()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '', // the page's checkbox (bulk actions)
      'Title',
      'Body',
      'Send To',
      'Send On',
      'Actions',
    ])
  })

  it('reads Send To as "All Users" or "Selected Users (n)" and Send On as YYYY-MM-DD, HH:mm', async () => {
    await openNotifications()
    const items = notificationsDb()
    expect(column(0)).toEqual(items.map((n) => n.title))
    expect(column(1)[0]).toBe(items[0]!.body)
    expect(column(2).slice(0, 3)).toEqual(['Selected Users (7)', 'All Users', 'Selected Users (0)'])
    expect(column(3)[0]).toBe(format(new Date(items[0]!.createdAt), 'yyyy-MM-dd, HH:mm'))
    expect(column(3)[0]).toMatch(/^\d{4}-\d{2}-\d{2}, \d{2}:\d{2}$/)
  })

  it('is reached from the Notifications entry of the main menu', async () => {
    const { user, router } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await user.click(await screen.findByRole('button', { name: 'Main menu' }))
    // The drawer's links (its code loads on this first press); the page behind it may link there too.
    await user.click(await within(await screen.findByRole('dialog')).findByRole('link', { name: 'Notifications' }))
    expect(await screen.findByRole('table', { name: 'Notifications' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/notifications')
  })

  it('shows "No Notifications Found !!!" when nothing matches', async () => {
    renderRoute('/notifications?search=nothing-like-this', { signedInAs: 'admin' })
    expect(await screen.findByText('No Notifications Found !!!')).toBeInTheDocument()
  })

  it('searches titles and bodies', async () => {
    const { user } = await openNotifications()
    const requests = trackRequests('/admin/notifications')
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'paws')
    // 'paws' is only in the body of "Monsoon care tips".
    await waitFor(() => expect(column(0)).toEqual(['Monsoon care tips']))
    // Under load typing can outlast the debounce; the search that counts is the last one.
    expect(requests.at(-1)?.get('search')).toBe('paws')
  })

  it('filters by audience, the filter kept in the address', async () => {
    const { user, router } = await openNotifications()
    const requests = trackRequests('/admin/notifications')
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    const choices = await screen.findByRole('group', { name: 'Send To' })
    expect(within(choices).getAllByRole('radio').map((o) => o.closest('label')?.textContent)).toEqual(['All', 'All Users', 'Selected Users'])
    await user.click(within(choices).getByRole('radio', { name: 'All Users' }))
    await waitFor(() => expect(column(2)).toEqual(['All Users', 'All Users', 'All Users']))
    expect(requests.at(-1)!.get('filter')).toBe('ALL_USERS')
    expect(router.state.location.search).toEqual({ filter: 'ALL_USERS' })
  })

  it('opens a notification’s details from its view link', async () => {
    const { user, router } = await openNotifications()
    const item = notificationsDb()[0]!
    await user.click(screen.getByRole('link', { name: `View ${item.title}` }))
    expect(await screen.findByRole('heading', { name: 'Notification Send To Users' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/notifications/notification-detail/${item._id}`)
  })
})

describe('deleting a notification', () => {
  it('deletes after confirming: the server message shows and the row is gone', async () => {
    const { user } = await openNotifications()
    const item = notificationsDb()[1]!
    await user.click(within(rowOf(item.title)).getByRole('button', { name: `Delete ${item.title}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete notification?' })
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(NOTIFICATIONS_MSG.deleted)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('cell', { name: item.title })).not.toBeInTheDocument())
    expect(notificationsDb().some((n) => n._id === item._id)).toBe(false)
    expect(bodyRows()).toHaveLength(5)
  })

  it('shows "Successful" when the server sends no message', async () => {
    server.use(http.delete(api('/admin/notification/:id'), () => ok('', null)))
    const { user } = await openNotifications()
    const item = notificationsDb()[1]!
    await user.click(within(rowOf(item.title)).getByRole('button', { name: `Delete ${item.title}` }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Successful')).toBeInTheDocument()
  })

  it('changes nothing when cancelled', async () => {
    const { user } = await openNotifications()
    const item = notificationsDb()[1]!
    const requests = trackRequests(`/admin/notification/${item._id}`)
    await user.click(within(rowOf(item.title)).getByRole('button', { name: `Delete ${item.title}` }))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(requests).toHaveLength(0)
    expect(rowOf(item.title)).toBeInTheDocument()
  })

  it('shows a sub admin no Delete buttons', async () => {
    await openNotifications('/notifications', 'subAdmin')
    expect(within(table()).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument()
    expect(within(table()).getAllByRole('link', { name: /^View / })).toHaveLength(notificationsDb().length)
  })

  it('keeps the row when the server refuses (403), the message shown once', async () => {
    server.use(http.delete(api('/admin/notification/:id'), () => fail('FORBIDDEN', API_MSG.forbidden)))
    const { user } = await openNotifications()
    const item = notificationsDb()[0]!
    await user.click(within(rowOf(item.title)).getByRole('button', { name: `Delete ${item.title}` }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findAllByText(API_MSG.forbidden)).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(rowOf(item.title)).toBeInTheDocument()
  })
})
