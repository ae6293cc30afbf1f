import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { api, db } from './mocks/db'
import { server } from './mocks/server'
import { renderRoute } from './render'

/** The number shown on the card titled `title`. */
function total(title: string) {
  const term = within(screen.getByRole('main')).getByText(title, { selector: 'dt' })
  return term.nextElementSibling?.textContent
}

describe('dashboard', () => {
  it('shows the four totals from the API: Users, Pet Shops, Hospitals and Partner Requests', async () => {
    renderRoute('/dashboard', { signedInAs: 'admin' })
    await screen.findByRole('heading', { name: 'Dashboard' })
    expect(total('Users')).toBe('412')
    expect(total('Pet Shops')).toBe('37')
    expect(total('Hospitals')).toBe('21')
    expect(total('Partner Requests')).toBe('9')
  })

  it('formats large totals with thousands separators', async () => {
    db.totals = { users: 1234567, petShops: 1000, hospitals: 0, partnerRequests: 12 }
    renderRoute('/dashboard', { signedInAs: 'subAdmin' })
    await screen.findByRole('heading', { name: 'Dashboard' })
    expect(total('Users')).toBe('1,234,567')
    expect(total('Pet Shops')).toBe('1,000')
    expect(total('Hospitals')).toBe('0')
  })

  it('offers to try again when the totals cannot be loaded, and shows them once they can', async () => {
    // The client logs the 500 and the router warns of the failed match: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(http.get(api('/admin/dashboard'), () => HttpResponse.json({}, { status: 500 }), { once: true }))
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(total('Users')).toBe('412'))
  })
})

afterEach(() => vi.restoreAllMocks())
