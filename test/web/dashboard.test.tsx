import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { partnerStatusLabel } from '@contract'
import { api, db } from './mocks/db'
import { daysAgo, dashboardDb } from './mocks/handlers/dashboard'
import { server } from './mocks/server'
import { renderRoute } from './render'
import { screenWidth } from './screen-width'

/** The pending count under the Partner Requests card's total. */
function pending() {
  const term = within(screen.getByRole('main')).getByRole('link', { name: 'Partner Requests: the pending ones' }).closest('dt')
  return term?.nextElementSibling?.nextElementSibling?.textContent
}

/** The number shown on the card titled `title`. */
function total(title: string) {
  const term = within(screen.getByRole('main')).getByRole('link', { name: new RegExp(`^${title}`) }).closest('dt')
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
    ['Partner Requests', '/partners?status=1', 'Partners'],
  ])('leads from the %s card to its list', async (title, href, heading) => {
    const { user, router } = renderRoute('/dashboard', { signedInAs: 'admin' })
    const main = within(await screen.findByRole('main'))
    await user.click(await main.findByRole('link', { name: new RegExp(`^${title}`) }))
    await waitFor(() => expect(router.state.location.href).toBe(href))
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
  })

  it('shows how many partner requests are pending on their card, which leads to the pending ones', async () => {
    renderRoute('/dashboard', { signedInAs: 'subAdmin' })
    await screen.findByRole('heading', { name: 'Dashboard' })
    expect(total('Partner Requests')).toBe('9')
    expect(pending()).toBe('4 pending')
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Partner Requests: the pending ones' })).toHaveAttribute('href', '/partners?status=1')
  })

  it('formats large totals with thousands separators', async () => {
    db.totals = { users: 1234567, petShops: 1000, hospitals: 0, partnerRequests: 12, pendingPartnerRequests: 1200 }
    renderRoute('/dashboard', { signedInAs: 'subAdmin' })
    await screen.findByRole('heading', { name: 'Dashboard' })
    expect(total('Users')).toBe('1,234,567')
    expect(total('Pet Shops')).toBe('1,000')
    expect(total('Hospitals')).toBe('0')
    expect(pending()).toBe('1,200 pending')
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

describe('the newest partner requests on the dashboard', () => {
  it('lists the five newest requests, Name, Owner Name, Type, Status, Created At, each leading to its details', async () => {
    screenWidth(1024)
    const { user, router } = renderRoute('/dashboard', { signedInAs: 'subAdmin' })
    const section = within(await screen.findByRole('region', { name: 'Newest Partner Requests' }))
    const table = await section.findByRole('table', { name: 'Newest Partner Requests' })
    const rows = await within(table).findAllByRole('row')
    expect(within(rows[0]!).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Owner Name', 'Type', 'Status', 'Created At'])
    const newest = [...db.partners].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, 5)
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(newest.map((p) => p.name))
    expect(within(rows[1]!).getAllByRole('cell')[3]).toHaveTextContent(partnerStatusLabel[newest[0]!.status])
    await user.click(section.getByRole('link', { name: newest[1]!.name }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/partners/${newest[1]!._id}`))
  })

  it('shows each request as a card on a phone: the name, its status, the fields labelled', async () => {
    screenWidth(360)
    renderRoute('/dashboard', { signedInAs: 'admin' })
    const section = within(await screen.findByRole('region', { name: 'Newest Partner Requests' }))
    const cards = await section.findAllByRole('listitem')
    expect(cards).toHaveLength(5)
    expect(section.queryByRole('table')).not.toBeInTheDocument()
    const newest = [...db.partners].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!
    const first = within(cards[0]!)
    expect(first.getByRole('link', { name: newest.name })).toBeInTheDocument()
    expect(first.getByText(partnerStatusLabel[newest.status])).toBeInTheDocument()
    expect(first.getByText('Owner Name', { selector: 'dt' }).nextElementSibling).toHaveTextContent(newest.ownerName)
  })

  it('leads from "View all" to the partners list', async () => {
    const { user, router } = renderRoute('/dashboard', { signedInAs: 'admin' })
    const section = within(await screen.findByRole('region', { name: 'Newest Partner Requests' }))
    await user.click(section.getByRole('link', { name: 'View all partner requests' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/partners'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Partners' })).toBeInTheDocument()
  })
})

describe('the dashboard charts', () => {
  const charts = async () => within(await screen.findByRole('region', { name: 'Activity' }))
  const chart = async (title: string) => within((await charts()).getByRole('region', { name: title }))
  const summaryOf = async (title: string) => (await chart(title)).getByRole('heading', { name: title }).nextElementSibling?.textContent
  /** The rows of a chart's table of numbers, as [name, count]. */
  const numbers = async (title: string, caption: string) => {
    const table = (await chart(title)).getByRole('table', { name: caption })
    return within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((c) => c.textContent)])
  }

  beforeEach(() => {
    dashboardDb().daily = [
      { metric: 'app_users', day: daysAgo(0), n: 3 },
      { metric: 'app_users', day: daysAgo(29), n: 2 },
      { metric: 'app_users', day: daysAgo(30), n: 5 },
      { metric: 'app_users', day: daysAgo(200), n: 7 },
      { metric: 'feedback', day: daysAgo(1), type: 'BUG', status: 1, n: 2 },
      { metric: 'feedback', day: daysAgo(2), type: 'OTHER', status: 3, n: 1 },
      { metric: 'feedback', day: daysAgo(60), type: 'SUGGESTION', status: 2, n: 4 },
      { metric: 'notifications', day: daysAgo(0), n: 6 },
    ]
  })

  it('sums up the new users of the last 30 days in words and lists every day in a table', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    const newUsers = await chart('New users')
    expect(await summaryOf('New users')).toBe(`5 new users in the last 30 days. The busiest day: ${daysAgo(0)}, with 3.`)
    await user.click(newUsers.getByText('Show the numbers'))
    const rows = await numbers('New users', 'New users per day')
    expect(rows).toHaveLength(30)
    expect(rows[0]).toEqual([daysAgo(29), '2'])
    expect(rows.at(-1)).toEqual([daysAgo(0), '3'])
    expect(rows.filter(([, n]) => n === '0')).toHaveLength(28)
  })

  it('switches every chart over time to 90 days and to 12 months by month, keeping the period in the URL', async () => {
    const { user, router } = renderRoute('/dashboard', { signedInAs: 'subAdmin' })
    const section = await charts()
    expect(section.getByRole('radio', { name: '30 days' })).toBeChecked()
    await user.click(section.getByRole('radio', { name: '90 days' }))
    await waitFor(async () => expect(await summaryOf('New users')).toMatch(/^10 new users in the last 90 days\./))
    expect(router.state.location.search).toEqual({ period: '90d' })
    expect(await summaryOf('Feedback')).toBe('7 feedback received in the last 90 days: 2 open, 4 in progress, 1 resolved.')

    await user.click(section.getByRole('radio', { name: '12 months' }))
    await waitFor(async () => expect(await summaryOf('New users')).toMatch(/^17 new users in the last 12 months\. The busiest month: /))
    // Every chart over time names the period as the switch does, the weekly one too.
    await waitFor(async () => expect(await summaryOf('Notifications sent per week')).toMatch(/ sent in the last 12 months, by week\./))
    const rows = await numbers('New users', 'New users per month')
    expect(rows).toHaveLength(12)
    expect(rows.reduce((sum, [, n]) => sum + Number(n), 0)).toBe(17)
    // The months are named as Intl names them in English, in UTC, without Intl on the page.
    const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
    const now = new Date()
    expect(rows.map(([month]) => month)).toEqual(Array.from({ length: 12 }, (_, i) => monthName.format(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1))))
  })

  it('chooses the period with the keyboard: Tab to the chosen one, arrows to the next', async () => {
    const { user, router } = renderRoute('/dashboard?period=90d', { signedInAs: 'admin' })
    const section = await charts()
    const ninety = section.getByRole('radio', { name: '90 days' })
    expect(ninety).toBeChecked()
    ninety.focus()
    await user.keyboard('{ArrowRight}')
    await waitFor(() => expect(section.getByRole('radio', { name: '12 months' })).toBeChecked())
    await waitFor(() => expect(router.state.location.search).toEqual({ period: '12m' }))
  })

  it('shows a mistyped period as the last 30 days', async () => {
    renderRoute('/dashboard?period=2y', { signedInAs: 'admin' })
    expect((await charts()).getByRole('radio', { name: '30 days' })).toBeChecked()
    expect(await summaryOf('New users')).toMatch(/in the last 30 days/)
  })

  it('shows partner requests by status and by type as tables of counts and shares', async () => {
    renderRoute('/dashboard', { signedInAs: 'admin' })
    await chart('Partner requests')
    expect(await summaryOf('Partner requests')).toBe('9 partner requests in all: 4 pending, 3 approved, 2 declined.')
    expect(await numbers('Partner requests', 'By status')).toEqual([
      ['Pending', '4', '44%'],
      ['Approved', '3', '33%'],
      ['Declined', '2', '22%'],
    ])
    expect(await numbers('Partner requests', 'By type')).toEqual([
      ['Hospital', '5', '56%'],
      ['Pet Shop', '4', '44%'],
    ])
  })

  it('shows the feedback of the period by type and by status', async () => {
    renderRoute('/dashboard', { signedInAs: 'admin' })
    expect(await summaryOf('Feedback')).toBe('3 feedback received in the last 30 days: 2 open, 0 in progress, 1 resolved.')
    expect(await numbers('Feedback', 'By type')).toEqual([
      ['Bug', '2', '67%'],
      ['New Feature', '0', '0%'],
      ['Suggestion', '0', '0%'],
      ['Other', '1', '33%'],
    ])
    expect(await numbers('Feedback', 'By status')).toEqual([
      ['Open', '2', '67%'],
      ['In progress', '0', '0%'],
      ['Resolved', '1', '33%'],
    ])
  })

  it('shows notifications sent per week, the numbers by week', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    const notifications = await chart('Notifications sent per week')
    expect(await summaryOf('Notifications sent per week')).toMatch(/^6 notifications sent in the last 30 days, by week\. The busiest: the week of /)
    await user.click(notifications.getByText('Show the numbers'))
    const rows = await numbers('Notifications sent per week', 'Notifications sent per week')
    expect(rows.at(-1)?.[1]).toBe('6')
    expect(rows.every(([week]) => week?.startsWith('Week of '))).toBe(true)
  })

  it('draws its first screen once, whole: the totals wait for the charts, and the newest lists come with them', async () => {
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    // Held, then on to the usual handler.
    server.use(http.get(api('/admin/dashboard/charts'), async () => void (await answered)))
    renderRoute('/dashboard', { signedInAs: 'admin' })
    await new Promise((resolve) => setTimeout(resolve, 100)) // time for the totals and the lists' data
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Newest Users' })).not.toBeInTheDocument()
    answer()
    expect((await charts()).getByRole('heading', { name: 'New users' })).toBeInTheDocument()
    expect(total('Users')).toBe('412')
    expect(await screen.findByRole('region', { name: 'Newest Users' })).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'Newest Partner Requests' })).toBeInTheDocument()
  })

  it('keeps the last charts and the newest lists on screen while another period loads', async () => {
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    const section = await charts()
    expect(await screen.findByRole('region', { name: 'Newest Users' })).toBeInTheDocument()
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    server.use(http.get(api('/admin/dashboard/charts'), async () => void (await answered)))
    await user.click(section.getByRole('radio', { name: '90 days' }))
    await waitFor(() => expect(section.getByRole('heading', { name: 'New users' }).closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true'))
    expect(await summaryOf('New users')).toMatch(/in the last 30 days/)
    expect(screen.getByRole('region', { name: 'Newest Users' })).toBeInTheDocument()
    answer()
    await waitFor(async () => expect(await summaryOf('New users')).toMatch(/in the last 90 days/))
  })

  it('keeps the totals when the charts cannot be loaded, and offers to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get(api('/admin/dashboard/charts'), () => HttpResponse.json({}, { status: 500 })))
    const { user } = renderRoute('/dashboard', { signedInAs: 'admin' })
    const section = await charts()
    expect(await section.findByRole('alert')).toHaveTextContent('The charts could not be loaded.')
    expect(total('Users')).toBe('412')
    expect(await screen.findByRole('region', { name: 'Newest Users' })).toBeInTheDocument()
    server.resetHandlers()
    await user.click(section.getByRole('button', { name: 'Retry' }))
    expect(await section.findByRole('heading', { name: 'New users' })).toBeInTheDocument()
  })
})
