import { screen, waitFor, within } from '@testing-library/react'
import { PARTNER_STATUS, PARTNERS_MSG } from '@contract'
import { db } from './mocks/db'
import { placesDb } from './mocks/handlers/places'
import { captureBodies, trackRequests } from './mocks/requests'
import { renderRoute } from './render'

/** Partner requests end in a decision: the list's status, the details' history, Approve and Decline, the draft place. */

const partnersTable = () => screen.getByRole('table', { name: 'Partners' })
const bodyRows = () => within(within(partnersTable()).getAllByRole('rowgroup')[1]!).getAllByRole('row')
// Status is the column before the actions.
const statusColumn = () => bodyRows().map((row) => within(row).getAllByRole('cell').at(-2)!.textContent)

async function openDetails(index: number, as: 'admin' | 'subAdmin' = 'subAdmin') {
  const request = db.partners[index]!
  const view = renderRoute(`/partners/${request._id}`, { signedInAs: as })
  await screen.findByRole('heading', { level: 1, name: request.name })
  return { ...view, request }
}

const history = () => screen.getByRole('region', { name: 'History' })

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
})

describe('the partners list’s status', () => {
  it('shows each request’s status and filters by it in the same panel as the type, kept in the address', async () => {
    const { user, router } = renderRoute('/partners', { signedInAs: 'subAdmin' })
    await screen.findByRole('cell', { name: db.partners[0]!.name })
    expect(within(partnersTable()).getAllByRole('columnheader').at(-2)).toHaveTextContent('Status')
    expect(statusColumn().slice(2, 4)).toEqual(['Pending', 'Declined'])

    const requests = trackRequests('/admin/partners')
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    const status = await screen.findByRole('group', { name: 'Status' })
    expect(within(status).getAllByRole('radio').map((o) => o.closest('label')?.textContent)).toEqual(['All', 'Pending', 'Approved', 'Declined'])
    await user.click(within(status).getByRole('radio', { name: 'Declined' }))
    await waitFor(() => expect(statusColumn()).toEqual(['Declined']))
    expect(requests.at(-1)!.get('status')).toBe('3')
    expect(router.state.location.search).toEqual({ status: 3 })
  })

  it('opens on the pending ones from /partners?status=1 (the dashboard’s link)', async () => {
    renderRoute('/partners?status=1', { signedInAs: 'admin' })
    await screen.findByRole('cell', { name: db.partners[0]!.name })
    await waitFor(() => expect(partnersTable()).toHaveAttribute('aria-busy', 'false'))
    expect(new Set(statusColumn())).toEqual(new Set(['Pending']))
    expect(screen.getByText('1–10 of 10', { selector: 'p' })).toBeInTheDocument()
  })

  it('links each row to the request’s details', async () => {
    const { user, router } = renderRoute('/partners', { signedInAs: 'admin' })
    const request = db.partners[0]!
    await user.click(await screen.findByRole('link', { name: `View the request of ${request.name}` }))
    expect(await screen.findByRole('heading', { level: 1, name: request.name })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/partners/${request._id}`)
  })
})

describe('a request’s details', () => {
  it('shows the request and its history: received, declined by whom and why', async () => {
    const { request } = await openDetails(3)
    expect(screen.getByRole('region', { name: 'Request' })).toHaveTextContent(request.email)
    expect(history()).toHaveTextContent('Request received')
    expect(history()).toHaveTextContent('Declined by admin@petcare.local')
    expect(history()).toHaveTextContent('No trade licence was attached.')
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument()
  })

  it('links an approved request to the place it made', async () => {
    const { user } = await openDetails(9)
    expect(history()).toHaveTextContent('Approved by admin@petcare.local')
    await user.click(within(history()).getByRole('link', { name: 'Healing Hooves' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Healing Hooves' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Owner' })).toHaveTextContent('peter.hall@healinghooves.com')
  })

  it('reads "Partner request not found" for an id that names none', async () => {
    renderRoute('/partners/00000000-0000-4000-8000-000000000000', { signedInAs: 'admin' })
    expect(await screen.findByRole('heading', { level: 1, name: PARTNERS_MSG.notFound })).toBeInTheDocument()
  })
})

describe('approving', () => {
  it('asks first, then shows the decision and the draft hospital it made, which shows its Draft badge, owner and request', async () => {
    const { user, request } = await openDetails(0)
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    const dialog = await screen.findByRole('dialog', { name: 'Approve this request?' })
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText(PARTNERS_MSG.approved[5])).toBeInTheDocument()
    await waitFor(() => expect(history()).toHaveTextContent('Approved by subadmin@petcare.local'))
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument()
    expect(within(history()).getByText('Draft')).toBeInTheDocument()

    await user.click(within(history()).getByRole('link', { name: request.name }))
    expect(await screen.findByRole('heading', { level: 1, name: request.name })).toBeInTheDocument()
    expect(screen.getAllByText('Draft').length).toBeGreaterThan(0)
    const owner = screen.getByRole('region', { name: 'Owner' })
    expect(owner).toHaveTextContent(request.ownerName)
    expect(owner).toHaveTextContent(request.mobileNo)
    // No position yet: dashes, no map link; the switch explains why it is off.
    expect(screen.queryByRole('link', { name: /View on map/ })).not.toBeInTheDocument()
    expect(screen.getByRole('switch', { name: 'Active (a draft: complete it first)' })).toBeDisabled()
    await user.click(within(owner).getByRole('link', { name: 'View the partner request it was made from' }))
    expect(await screen.findByRole('heading', { level: 1, name: request.name })).toBeInTheDocument()
  })

  it('shows the new draft in a hospitals list seen before, without waiting for it to go stale', async () => {
    const request = db.partners[0]!
    const { user, router } = renderRoute('/hospitals', { signedInAs: 'admin' })
    await screen.findByRole('heading', { level: 1, name: 'Hospitals' })
    await router.navigate({ to: '/partners/$partnerId', params: { partnerId: request._id } })
    await user.click(await screen.findByRole('button', { name: 'Approve' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve this request?' })).getByRole('button', { name: 'Approve' }))
    await screen.findByText(PARTNERS_MSG.approved[5])
    const asked = trackRequests('/place/admin/hospitals')
    await router.navigate({ to: '/hospitals' })
    await waitFor(() => expect(asked.length).toBeGreaterThan(0))
    expect(await screen.findByText(request.name)).toBeInTheDocument()
  })

  it('shows the 409 when another admin decided first, and then that decision', async () => {
    const { user } = await openDetails(1, 'admin')
    // Declined meanwhile, elsewhere.
    Object.assign(db.partners[1]!, {
      status: PARTNER_STATUS.DECLINED,
      decidedAt: new Date().toISOString(),
      decidedBy: { _id: null, email: 'other@petcare.local' },
      declineReason: 'Duplicate request',
    })
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve this request?' })).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText(PARTNERS_MSG.alreadyDeclined)).toBeInTheDocument()
    await waitFor(() => expect(history()).toHaveTextContent('Declined by other@petcare.local'))
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument()
  })
})

describe('declining', () => {
  it('asks for a reason of 2 to 500 characters, then shows it in the history', async () => {
    const bodies = captureBodies('POST', `/admin/partners/${db.partners[2]!._id}/decline`)
    const { user } = await openDetails(2)
    await user.click(screen.getByRole('button', { name: 'Decline' }))
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' })
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ })
    expect(reason).toHaveFocus()

    await user.type(reason, 'x')
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }))
    expect(await within(dialog).findByText('Should be minimum of 2 characters')).toBeInTheDocument()
    await user.clear(reason)
    await user.click(reason)
    await user.paste('y'.repeat(501))
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }))
    expect(await within(dialog).findByText('Should be maximum of 500 characters')).toBeInTheDocument()
    expect(bodies).toEqual([])

    await user.clear(reason)
    await user.type(reason, 'The clinic is outside our cities.')
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }))
    expect(await screen.findByText(PARTNERS_MSG.declined)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(bodies).toEqual([{ reason: 'The clinic is outside our cities.' }])
    expect(history()).toHaveTextContent('The clinic is outside our cities.')
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument()
  })
})

describe('a draft place', () => {
  it('shows Draft in the list, its switch off and explained', async () => {
    placesDb('petShop')[0]!.draft = true
    placesDb('petShop')[0]!.status = 2
    renderRoute('/pet-shops', { signedInAs: 'admin' })
    const name = placesDb('petShop')[0]!.name
    const row = (await screen.findByRole('cell', { name })).closest('tr')!
    expect(within(row).getByText('Draft')).toBeInTheDocument()
    expect(within(row).getByRole('switch', { name: `Active: ${name} (a draft: complete it first)` })).toBeDisabled()
  })

  it('is completed by saving its edit form, which asks for a description and a position first', async () => {
    vi.stubEnv('VITE_GOOGLE_MAPS_API_KEY', '')
    const draft = placesDb('petShop')[1]!
    Object.assign(draft, { draft: true, status: 2, description: '', latitude: 0, longitude: 0, partnerId: db.partners[1]!._id })
    const { user } = renderRoute(`/pet-shops/edit/${draft._id}`, { signedInAs: 'subAdmin' })
    await screen.findByRole('heading', { level: 1, name: 'Edit Pet Shop' })
    // 0, 0 is no position: the form asks for one.
    expect(screen.getByLabelText('Latitude')).toHaveValue(null)
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('This address does not support Latitude please select any famous landmark')).toBeInTheDocument()
    expect(draft.draft).toBe(true)

    await user.type(screen.getByLabelText('Description'), 'Food, toys and grooming.')
    await user.type(screen.getByLabelText('Latitude'), '12.97')
    await user.type(screen.getByLabelText('Longitude'), '77.59')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Pet shop updated successfully')).toBeInTheDocument()
    expect(draft.draft).toBe(false)
  })
})
