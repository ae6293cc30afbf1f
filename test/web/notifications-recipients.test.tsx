import { screen, waitFor, within } from '@testing-library/react'
import { DELIVERY_STATUS, NO_PUSH_SERVICE_LINE, NOTIFICATIONS_MSG } from '@contract'
import { mockPushFails, mockPushService, notificationsDb } from './mocks/handlers/notifications'
import { trackRequests } from './mocks/requests'
import { pushServiceQuery } from '@/features/notifications/api'
import { renderRoute } from './render'

/**
 * A notification's deliveries on its details (Recipients, Delivered, Failed, Not sent, "Retry") and "View
 * all recipients": every recipient, paged and searched by the server, with their delivery.
 * Seeded: [0] went to 7 selected users and failed for the second; [1] to all 23 users.
 */

const detailsPath = (index: number) => `/notifications/notification-detail/${notificationsDb()[index]!._id}`
const deliveries = () => within(screen.getByRole('region', { name: 'Deliveries' }))
const count = (label: string) => deliveries().queryByText(label)?.nextElementSibling?.textContent
/** Every count shown, label and number, in order. */
const counts = () => deliveries().queryAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])
const table = () => screen.getByRole('table', { name: 'Recipients' })
const usernames = () =>
  within(within(table()).getAllByRole('rowgroup')[1]!)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent)

describe('the deliveries on a notification’s details', () => {
  it('counts the recipients, Delivered and Failed, and retries the failed ones for a sub admin', async () => {
    const { user } = renderRoute(detailsPath(0), { signedInAs: 'subAdmin' })
    await screen.findByRole('heading', { name: 'Deliveries' })
    expect(counts()).toEqual([
      ['Recipients', '7'],
      ['Delivered', '6'],
      ['Failed', '1'],
    ])
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText(NOTIFICATIONS_MSG.retried)).toBeInTheDocument()
    await waitFor(() => expect(count('Failed')).toBeUndefined())
    expect(count('Delivered')).toBe('7')
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
  })

  it('keeps a recipient failed when the retry fails again', async () => {
    const failed = notificationsDb()[0]!.users.find((u) => u.delivery === DELIVERY_STATUS.FAILED)!
    mockPushFails().set(failed._id, 'Device not registered')
    const { user } = renderRoute(detailsPath(0), { signedInAs: 'admin' })
    await user.click(await screen.findByRole('button', { name: 'Retry' }))
    expect(await screen.findByText(NOTIFICATIONS_MSG.retried)).toBeInTheDocument()
    expect(count('Failed')).toBe('1')
    expect(notificationsDb()[0]!.users.find((u) => u._id === failed._id)!.attempts).toBe(2)
  })

  it('offers no retry when nothing failed', async () => {
    renderRoute(detailsPath(1), { signedInAs: 'admin' })
    await screen.findByRole('heading', { name: 'Deliveries' })
    expect(counts()).toEqual([
      ['Recipients', '23'],
      ['Delivered', '23'],
    ])
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
  })
})

describe('the deliveries with no push service configured', () => {
  /** Seeded [4] (to 3 selected users) as a server without one records it: every recipient "Not sent", with the reason. */
  const notSentPath = () => {
    mockPushService().configured = false
    notificationsDb()[4]!.users.forEach((u) =>
      Object.assign(u, { delivery: DELIVERY_STATUS.NOT_SENT, attempts: 0, error: NOTIFICATIONS_MSG.noPushService, deliveredAt: null }),
    )
    return detailsPath(4)
  }

  it('says so in one line, counts the recipients "Not sent", never "Delivered", and keeps Retry off', async () => {
    const { user } = renderRoute(notSentPath(), { signedInAs: 'subAdmin' })
    expect(await screen.findByText(NO_PUSH_SERVICE_LINE)).toBeInTheDocument()
    expect(counts()).toEqual([
      ['Recipients', '3'],
      ['Not sent', '3'],
    ])
    expect(deliveries().queryByText('Delivered')).not.toBeInTheDocument()
    const retry = screen.getByRole('button', { name: 'Retry' })
    expect(retry).toBeDisabled()
    expect(retry).toHaveAccessibleDescription(NO_PUSH_SERVICE_LINE)
    await user.click(retry)
    expect(notificationsDb()[4]!.users.every((u) => u.delivery === DELIVERY_STATUS.NOT_SENT)).toBe(true)
  })

  it('shows each recipient "Not sent" with the reason in View all recipients', async () => {
    renderRoute(`${notSentPath()}/recipients`, { signedInAs: 'admin' })
    await waitFor(() => expect(within(table()).getAllByText('Not sent')).toHaveLength(3))
    expect(within(table()).getAllByText(NOTIFICATIONS_MSG.noPushService)).toHaveLength(3)
  })

  it('sends the "Not sent" ones with Retry once a push service is configured', async () => {
    const path = notSentPath()
    mockPushService().configured = true
    const view = renderRoute(path, { signedInAs: 'admin' })
    await view.user.click(await screen.findByRole('button', { name: 'Retry' }))
    expect(await screen.findByText(NOTIFICATIONS_MSG.retried)).toBeInTheDocument()
    await waitFor(() =>
      expect(counts()).toEqual([
        ['Recipients', '3'],
        ['Delivered', '3'],
      ]),
    )
    expect(view.queryClient.getQueryData(pushServiceQuery.queryKey)).toEqual({ configured: true, provider: 'FCM', projectId: 'petcare-demo' })
    expect(screen.queryByText(NO_PUSH_SERVICE_LINE)).not.toBeInTheDocument()
  })
})

describe('recipients with no device registered for push', () => {
  /** Seeded [4] (to 3 selected users) as FCM records it when two of them have no device: "No device", nothing sent. */
  const noDevicePath = () => {
    notificationsDb()[4]!.users.forEach((u, i) =>
      Object.assign(
        u,
        i === 0
          ? { delivery: DELIVERY_STATUS.DELIVERED, attempts: 1, error: null }
          : { delivery: DELIVERY_STATUS.NO_DEVICE, attempts: 1, error: NOTIFICATIONS_MSG.noDevice },
      ),
    )
    return detailsPath(4)
  }

  it('counts them "No device", says nothing was sent to them, and offers no Retry for them', async () => {
    renderRoute(noDevicePath(), { signedInAs: 'subAdmin' })
    await screen.findByRole('heading', { name: 'Deliveries' })
    await waitFor(() =>
      expect(counts()).toEqual([
        ['Recipients', '3'],
        ['Delivered', '1'],
        ['No device', '2'],
      ]),
    )
    expect(deliveries().getByText('2 recipients have no device registered for push: nothing was sent to them.')).toBeInTheDocument()
    expect(deliveries().queryByText('Failed')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
  })

  it('shows them "No device" in View all recipients, and filters by it', async () => {
    const { user } = renderRoute(`${noDevicePath()}/recipients`, { signedInAs: 'admin' })
    await waitFor(() => expect(within(table()).getAllByText('No device')).toHaveLength(2))
    expect(within(table()).getByText('Delivered')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    await user.click(within(await screen.findByRole('group', { name: 'Delivery' })).getByRole('radio', { name: 'No device' }))
    await waitFor(() => expect(usernames()).toHaveLength(2))
    expect(within(table()).queryByText('Delivered')).not.toBeInTheDocument()
  })
})

describe('View all recipients', () => {
  it('leads from the details to every recipient, paged by the server, the page in the address', async () => {
    const { user, router } = renderRoute(detailsPath(1), { signedInAs: 'admin' })
    const requests = trackRequests(`/admin/notification/${notificationsDb()[1]!._id}/recipients`)
    await user.click(await screen.findByRole('link', { name: 'View all recipients' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Recipients' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`${detailsPath(1)}/recipients`)
    const everyone = notificationsDb()[1]!.users
    await waitFor(() => expect(usernames()).toEqual(everyone.slice(0, 10).map((u) => u.username)))
    expect(within(table()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Username', 'Name', 'Email', 'Mobile No.', 'Delivery'])
    expect(within(table()).getAllByText('Delivered')).toHaveLength(10)

    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(usernames()).toEqual(everyone.slice(10, 20).map((u) => u.username)))
    expect(router.state.location.search).toEqual({ page: 2 })
    expect(requests.at(-1)!.get('page')).toBe('2')

    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(trail).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Notifications', 'Details', 'Recipients'])
    expect(within(trail).getByRole('link', { name: 'Details' })).toHaveAttribute('href', detailsPath(1))
  })

  it('searches on the server by username, name or email, and filters by delivery', async () => {
    const { user, router } = renderRoute(`${detailsPath(0)}/recipients`, { signedInAs: 'admin' })
    const requests = trackRequests(`/admin/notification/${notificationsDb()[0]!._id}/recipients`)
    await screen.findByRole('heading', { level: 1, name: 'Recipients' })
    await waitFor(() => expect(usernames()).toHaveLength(7))
    const failed = notificationsDb()[0]!.users.find((u) => u.delivery === DELIVERY_STATUS.FAILED)!
    const failedRow = screen.getByText('Device not registered').closest('tr')!
    expect(within(failedRow).getByText('Failed')).toBeInTheDocument()

    await user.type(screen.getByRole('searchbox', { name: 'Search recipients' }), 'aarav{Enter}')
    await waitFor(() => expect(usernames()).toEqual(['aarav_sharma']))
    expect(requests.at(-1)!.get('search')).toBe('aarav')
    expect(router.state.location.search).toEqual({ search: 'aarav' })

    await user.clear(screen.getByRole('searchbox', { name: 'Search recipients' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search recipients' }), '{Enter}')
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    await user.click(within(await screen.findByRole('group', { name: 'Delivery' })).getByRole('radio', { name: 'Failed' }))
    await waitFor(() => expect(usernames()).toEqual([failed.username]))
    expect(requests.at(-1)!.get('filter')).toBe(String(DELIVERY_STATUS.FAILED))
  })

  it('says the notification was not found for an unknown id', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute('/notifications/notification-detail/00000000-0000-4000-8000-000000000000/recipients', { signedInAs: 'admin' })
    expect(await screen.findByRole('heading', { name: NOTIFICATIONS_MSG.notFound })).toBeInTheDocument()
  })
})
