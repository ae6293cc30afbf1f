import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { api, db } from './mocks/db'
import { server } from './mocks/server'
import { renderRoute } from './render'
import { screenWidth } from './screen-width'

/** The number shown on the card titled `title`. */
function total(title: string) {
  const term = within(screen.getByRole('main')).getByRole('link', { name: title }).closest('dt')
  return term?.nextElementSibling?.textContent
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

  it.each([
    ['Users', '/users', 'Users'],
    ['Pet Shops', '/pet-shops', 'Pet Shops'],
    ['Hospitals', '/hospitals', 'Hospitals'],
    ['Partner Requests', '/partners', 'Partners'],
  ])('leads from the %s card to its list', async (title, path, heading) => {
    const { user, router } = renderRoute('/dashboard', { signedInAs: 'admin' })
    const main = within(await screen.findByRole('main'))
    await user.click(await main.findByRole('link', { name: title }))
    await waitFor(() => expect(router.state.location.pathname).toBe(path))
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
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

describe('the newest users on the dashboard', () => {
  const newestUsers = async () => screen.findByRole('region', { name: 'Newest Users' })

  it('shows the shorter users table, Username, Full Name, Email, Created At, with the five newest users first', async () => {
    screenWidth(1024)
    // A user who joined today is the newest of all.
    const newcomer = db.users[12]!
    newcomer.createdAt = new Date().toISOString()
    renderRoute('/dashboard', { signedInAs: 'subAdmin' })
    const table = await within(await newestUsers()).findByRole('table', { name: 'Newest Users' })
    const rows = await within(table).findAllByRole('row')
    expect(within(rows[0]!).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Username', 'Full Name', 'Email', 'Created At'])
    const body = rows.slice(1)
    expect(body.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'mateo_garcia',
      'aarav_sharma',
      'bella_thompson',
      'carlos_mendes',
      'diana_prince',
    ])
    const aarav = within(body[1]!).getAllByRole('cell')
    expect(aarav.map((cell) => cell.textContent)).toEqual([
      'aarav_sharma',
      'Aarav Sharma',
      // Cut at 18 characters as every table cuts emails, the whole address for a screen reader.
      'aarav.sharma.longa...aarav.sharma.longaddress@example.com',
      '2025-06-30',
    ])
    // No full name: dashes.
    expect(within(body[2]!).getAllByRole('cell')[1]).toHaveTextContent('Not available')
  })

  it('links each user to their details, and "View all" to the users list', async () => {
    screenWidth(1024)
    const { user, router } = renderRoute('/dashboard', { signedInAs: 'admin' })
    const section = within(await newestUsers())
    expect(section.getByRole('link', { name: 'View all users' })).toHaveAttribute('href', '/users')
    await user.click(await section.findByRole('link', { name: 'carlos_mendes' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${db.users[2]!._id}`))
    expect(await screen.findByRole('heading', { level: 1, name: 'Carlos Mendes' })).toBeInTheDocument()
  })

  it('shows each user as a card on a phone, the name first and the fields labelled', async () => {
    screenWidth(360)
    renderRoute('/dashboard', { signedInAs: 'admin' })
    const section = within(await newestUsers())
    const cards = await section.findAllByRole('listitem')
    expect(cards).toHaveLength(5)
    expect(section.queryByRole('table')).not.toBeInTheDocument()
    const [first] = cards as [HTMLElement]
    expect(within(first).getAllByRole('link').map((a) => a.textContent)).toEqual(['aarav_sharma'])
    const labelled = (label: string) => within(first).getByText(label, { selector: 'dt' }).nextElementSibling
    expect(labelled('Full Name')).toHaveTextContent('Aarav Sharma')
    expect(labelled('Email')).toHaveTextContent('aarav.sharma.longaddress@example.com')
    expect(labelled('Created At')).toHaveTextContent('2025-06-30')
  })

  it('keeps the totals when the newest users cannot be loaded, and offers to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get(api('/admin/users'), () => HttpResponse.json({}, { status: 500 })))
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    const section = within(await newestUsers())
    expect(await section.findByRole('alert')).toHaveTextContent('Newest Users could not be loaded.')
    expect(total('Users')).toBe('412')
    server.resetHandlers()
    await user.click(section.getByRole('button', { name: 'Retry' }))
    expect(await section.findByRole('link', { name: 'aarav_sharma' })).toBeInTheDocument()
  })
})
