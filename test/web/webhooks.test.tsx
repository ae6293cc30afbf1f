import { screen, waitFor, within } from '@testing-library/react'
import { WEBHOOKS_MSG } from '@contract/webhooks'
import { WEBHOOKS_ADMIN_ONLY } from '@/features/webhooks/WebhooksPage'
import { trackRequests } from './mocks/requests'
import { MOCK_SECRET, PAUSED_HOOK, SHOP_HOOK, webhooksDb } from './mocks/handlers/webhooks'
import { renderRoute } from './render'
import { screenWidth } from './screen-width'

/** Settings > Webhooks. */

async function openWebhooks(path = '/settings/webhooks') {
  const view = renderRoute(path, { signedInAs: 'admin' })
  await screen.findByRole('list', { name: 'Webhook endpoints' })
  return view
}
const endpoints = () => screen.getByRole('list', { name: 'Webhook endpoints' })
const cardOf = (url: string) => within(endpoints()).getByText(url).closest('li')!

describe('the webhooks page', () => {
  it('lists the endpoints with their state, and the menu entry', async () => {
    await openWebhooks()
    const shop = cardOf('https://shop.example.com/hooks')
    expect(within(shop).getByText('Active')).toBeInTheDocument()
    expect(within(shop).getByText(/2 events · Failed 2025-03-01, 10:00 \(answer 500\), retrying at 2025-03-01, 10:02 · 2 failed attempts in a row · 1 waiting/)).toBeInTheDocument()
    expect(within(cardOf('https://crm.example.com/in')).getByText('Paused')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Webhooks' }).length).toBeGreaterThan(0)
  })

  it('tells the admins on the screen that an endpoint is paused, and Resume resumes it', async () => {
    const { user } = await openWebhooks()
    const banner = screen.getByRole('alert')
    expect(banner).toHaveTextContent('A webhook endpoint is paused: it failed for over a day')
    await user.click(within(banner).getByRole('button', { name: 'Resume https://crm.example.com/in' }))
    expect(await screen.findByText(WEBHOOKS_MSG.resumed)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
    expect(within(cardOf('https://crm.example.com/in')).getByText('Active')).toBeInTheDocument()
    expect(webhooksDb().find((s) => s.endpoint._id === PAUSED_HOOK)!.endpoint.status).toBe('active')
  })

  it('is for admins: a sub admin is told so, asks nothing of the server, and has no menu entry', async () => {
    const requests = trackRequests('/admin/webhooks')
    renderRoute('/settings/webhooks', { signedInAs: 'subAdmin' })
    expect(await screen.findByText(WEBHOOKS_ADMIN_ONLY)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Webhooks' })).not.toBeInTheDocument()
    expect(requests).toEqual([])
  })
})

describe('adding a webhook', () => {
  it('checks the fields with the contract’s messages', async () => {
    const { user } = await openWebhooks()
    await user.click(screen.getByRole('button', { name: 'Add webhook' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' })
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'ftp://example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }))
    expect(await within(dialog).findByText(WEBHOOKS_MSG.urlInvalid)).toBeInTheDocument()
    expect(within(dialog).getByText(WEBHOOKS_MSG.eventsRequired)).toBeInTheDocument()
  })

  it('puts the server’s private-address refusal under the URL', async () => {
    const { user } = await openWebhooks()
    await user.click(screen.getByRole('button', { name: 'Add webhook' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' })
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'http://10.0.0.5/hooks')
    await user.click(within(dialog).getByLabelText(/User blocked/))
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }))
    await waitFor(() => expect(within(dialog).getByLabelText('Endpoint URL')).toHaveAccessibleDescription(WEBHOOKS_MSG.urlPrivate))
  })

  it('shows the secret once, with Copy, and lists the new endpoint', async () => {
    const { user } = await openWebhooks()
    await user.click(screen.getByRole('button', { name: 'Add webhook' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' })
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://new.example.com/h')
    await user.click(within(dialog).getByLabelText(/Feedback status changed/))
    await user.click(within(dialog).getByLabelText(/FAQ changed/))
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }))
    const secretDialog = await screen.findByRole('dialog', { name: 'Signing secret' })
    expect(within(secretDialog).getByLabelText('Secret')).toHaveValue(MOCK_SECRET)
    expect(within(secretDialog).getByText(/it is not shown again/)).toBeInTheDocument()
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(within(secretDialog).getByRole('button', { name: 'Copy' }))
    expect(await within(secretDialog).findByText('Copied')).toBeInTheDocument()
    expect(writeText).toHaveBeenCalledWith(MOCK_SECRET)
    await user.click(within(secretDialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await within(endpoints()).findByText('https://new.example.com/h')).toBeInTheDocument()
    expect(webhooksDb().at(-1)!.endpoint.events).toEqual(['feedback.status_changed', 'faq.changed'])
    expect(screen.queryByText(MOCK_SECRET)).not.toBeInTheDocument()
  })
})

describe('an endpoint’s details', () => {
  it('shows the delivery log in honest words: Delivered for a 2xx, Failed with the retry time', async () => {
    await openWebhooks(`/settings/webhooks?endpoint=${SHOP_HOOK}`)
    const log = await screen.findByRole('list', { name: 'Deliveries' })
    const rows = within(log).getAllByRole('listitem')
    expect(rows[0]).toHaveTextContent('Failed (retrying at 2025-03-01, 10:02)')
    expect(rows[0]).toHaveTextContent('answer 500')
    expect(within(rows[0]!).queryByRole('button', { name: /Redeliver/ })).not.toBeInTheDocument()
    expect(rows[1]).toHaveTextContent('Delivered')
    expect(rows[1]).toHaveTextContent('place.created')
  })

  it('Redeliver and Test send at once and say what the endpoint answered', async () => {
    const { user } = await openWebhooks(`/settings/webhooks?endpoint=${SHOP_HOOK}`)
    const log = await screen.findByRole('list', { name: 'Deliveries' })
    await user.click(within(log).getByRole('button', { name: /Redeliver place.created/ }))
    expect(await screen.findByText(WEBHOOKS_MSG.redelivered)).toBeInTheDocument()
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Deliveries' })).getAllByText('Delivered')).toHaveLength(2))
    await user.click(screen.getByRole('button', { name: 'Send test event' }))
    expect(await screen.findByText(WEBHOOKS_MSG.testDelivered)).toBeInTheDocument()
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Deliveries' })).getByText('webhook.test')).toBeInTheDocument())
  })

  it('says so when the test event was not delivered (a paused endpoint can be tested), and what its full backlog did not keep', async () => {
    const { user } = await openWebhooks(`/settings/webhooks?endpoint=${PAUSED_HOOK}`)
    expect(await screen.findByText(/240 later events were not kept: at most 10,000 wait\./)).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Send test event' }))
    expect(await screen.findByText(WEBHOOKS_MSG.testFailed)).toBeInTheDocument()
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Deliveries' })).getByText(/connect ECONNREFUSED/)).toBeInTheDocument())
  })
})

describe('editing and deleting', () => {
  it('opens Edit with the endpoint’s URL and events, and saves a change', async () => {
    const { user } = await openWebhooks(`/settings/webhooks?endpoint=${SHOP_HOOK}`)
    await user.click(await screen.findByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook' })
    expect(within(dialog).getByLabelText('Endpoint URL')).toHaveValue('https://shop.example.com/hooks')
    expect(within(dialog).getByLabelText(/^Created/)).toBeChecked()
    expect(within(dialog).getByLabelText(/^Deleted/)).not.toBeChecked()
    await user.click(within(dialog).getByLabelText(/^Deleted/))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(WEBHOOKS_MSG.updated)).toBeInTheDocument()
    expect(webhooksDb().find((s) => s.endpoint._id === SHOP_HOOK)!.endpoint.events).toEqual(['place.created', 'place.updated', 'place.deleted'])
  })

  it('deletes after asking, and leaves the details', async () => {
    const { user } = await openWebhooks(`/settings/webhooks?endpoint=${SHOP_HOOK}`)
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete webhook?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(WEBHOOKS_MSG.deleted)).toBeInTheDocument()
    await waitFor(() => expect(within(endpoints()).queryByText('https://shop.example.com/hooks')).not.toBeInTheDocument())
    expect(screen.queryByRole('list', { name: 'Deliveries' })).not.toBeInTheDocument()
  })
})

describe('on a 360 px phone', () => {
  it('shows the endpoints, the banner and a log as stacked cards with real buttons, and folds the settings menu', async () => {
    screenWidth(360)
    await openWebhooks(`/settings/webhooks?endpoint=${SHOP_HOOK}`)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Settings page/ })).toHaveAttribute('aria-expanded', 'false')
    expect(within(screen.getByRole('alert')).getByRole('button', { name: /Resume/ })).toBeInTheDocument()
    expect(await screen.findByRole('list', { name: 'Deliveries' })).toBeInTheDocument()
    for (const name of ['Send test event', 'Edit', 'Disable', 'New secret', 'Delete']) expect(screen.getByRole('button', { name })).toBeInTheDocument()
  })
})
