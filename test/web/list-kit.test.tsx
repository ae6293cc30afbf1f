import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { SEARCH_DEBOUNCE_MS } from '@contract'
import { api, db } from './mocks/db'
import { gate, trackRequests } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'
import { screenWidth } from './screen-width'

/**
 * The list kit (components/list), seen through the users screen: the header (search, Filters,
 * actions), the table, pagination, and the list state kept in the address.
 */

const usersTable = () => screen.getByRole('table', { name: 'Users' })
/** The list's own live status (the layout has one of its own for page changes). */
const listStatus = () => within(screen.getByRole('region', { name: 'Users' })).getByRole('status')
/** The body rows on screen (skeleton rows, hidden from assistive technology, left out). */
const bodyRows = () => [...document.querySelectorAll<HTMLTableRowElement>('table tbody tr:not([aria-hidden])')]
/** The Username cell of each row on screen. */
const usernames = () => bodyRows().map((row) => row.cells[1]!.textContent) // after the row's checkbox
const header = (name: string) => screen.getByRole('columnheader', { name })
const range = (text: string) => screen.getByText(text, { selector: 'p' })
const search = (router: { state: { location: { search: object } } }) => router.state.location.search
const href = (router: { state: { location: { href: string } } }) => router.state.location.href

/** Open a users list address and wait for its rows. */
async function openUsers(path = '/users') {
  const view = renderRoute(path, { signedInAs: 'admin' })
  await waitFor(() => expect(bodyRows()[0]).toHaveTextContent(/\S/))
  await waitFor(() => expect(document.querySelector('table')).toHaveAttribute('aria-busy', 'false'))
  return view
}

afterEach(() => vi.restoreAllMocks())

describe('a list screen', () => {
  it('shows exactly the columns Username, Full Name, Email, DOB, Contact No. and Actions', async () => {
    await openUsers()
    expect(within(usersTable()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '', // the page's checkbox (bulk actions)
      'Username',
      'Full Name',
      'Email',
      'DOB',
      'Contact No.',
      'Actions',
    ])
  })

  it('shows the first 10 users, newest first, with "1–10 of 23"', async () => {
    await openUsers()
    expect(usernames()).toHaveLength(10)
    expect(usernames()[0]).toBe(db.users[0]!.username)
    expect(usernames()[9]).toBe(db.users[9]!.username)
    expect(range('1–10 of 23')).toBeInTheDocument()
  })

  it('shows "No Users Found !!!" when nothing matches', async () => {
    renderRoute('/users?search=nobody-by-this-name', { signedInAs: 'admin' })
    expect(await screen.findByText('No Users Found !!!')).toBeInTheDocument()
    expect(range('0–0 of 0')).toBeInTheDocument()
  })

  it('shows dates as YYYY-MM-DD and a missing value as dashes', async () => {
    await openUsers()
    const aarav = bodyRows()[0]!
    expect(within(aarav).getByText('1980-01-10')).toBeInTheDocument()
    // users[1] has no full name, date of birth or contact number.
    const bella = bodyRows()[1]!
    expect(within(bella).getAllByText('--')).toHaveLength(3)
  })

  it('cuts an email to 18 characters and a mobile number to 12, the full value as a tooltip', async () => {
    await openUsers()
    const aarav = bodyRows()[0]!
    const email = within(aarav).getByText('aarav.sharma.longa...')
    expect(email.parentElement).toHaveAttribute('title', 'aarav.sharma.longaddress@example.com')
    const mobile = within(aarav).getByText('987654321012...')
    expect(mobile.parentElement).toHaveAttribute('title', '98765432101234')
    // A screen reader reads the whole value.
    expect(within(aarav).getByRole('cell', { name: 'aarav.sharma.longaddress@example.com' })).toBeInTheDocument()
  })

  it('shows skeleton rows while the first page loads, then the rows', async () => {
    const held = gate()
    server.use(http.get(api('/admin/users'), () => held.wait()))
    renderRoute('/users', { signedInAs: 'admin' })
    await waitFor(() => expect(listStatus()).toHaveTextContent('Loading Users…'))
    expect(usersTable()).toHaveAttribute('aria-busy', 'true')
    expect(screen.queryByText('No Users Found !!!')).not.toBeInTheDocument()
    held.open()
    expect(await screen.findByText(db.users[0]!.username!)).toBeInTheDocument()
    expect(usersTable()).toHaveAttribute('aria-busy', 'false')
    expect(listStatus()).toHaveTextContent('')
  })

  it('shows the failure with a Retry button that loads the list again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get(api('/admin/users'), () => HttpResponse.json({}, { status: 500 }), { once: true }))
    const { user } = renderRoute('/users', { signedInAs: 'admin' })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Users could not be loaded.')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText(db.users[0]!.username!)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('the search box', () => {
  it('is labelled "Search" and sends its text only after 500 ms without typing', async () => {
    const { router } = await openUsers()
    const requests = trackRequests('/admin/users')
    const box = screen.getByRole('searchbox', { name: 'Search' })
    // A clock the test moves itself, so a stalled machine cannot let the pause run out early.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    // One letter every 100 ms: each restarts the pause.
    for (const typed of ['b', 'be', 'bel', 'bell', 'bella']) {
      fireEvent.change(box, { target: { value: typed } })
      act(() => vi.advanceTimersByTime(100))
    }
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 101))
    await act(() => Promise.resolve())
    expect(href(router)).toBe('/users')
    expect(requests).toHaveLength(0)
    act(() => vi.advanceTimersByTime(1))
    vi.useRealTimers()
    await waitFor(() => expect(requests).toHaveLength(1))
    // One request for the whole word, none for its first letters.
    expect(requests[0]!.get('search')).toBe('bella')
    await waitFor(() => expect(usernames()).toEqual(['bella_thompson']))
  })

  it('sends its text at once on Enter', async () => {
    const { user } = await openUsers()
    const requests = trackRequests('/admin/users')
    // The letter typed right after Enter restarts the pause: only a search sent at the Enter itself
    // comes out as 'kofi' (no clock to race, however busy the machine).
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'kofi{Enter}x')
    await waitFor(() => expect(requests.map((q) => q.get('search'))).toEqual(['kofi', 'kofix']))
  })

  it('shows the clear button only while there is text; clearing lists everyone again', async () => {
    const { user, router } = await openUsers('/users?search=bella')
    const box = screen.getByRole('searchbox', { name: 'Search' })
    expect(box).toHaveValue('bella')
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(box).toHaveValue('')
    expect(box).toHaveFocus()
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument()
    await waitFor(() => expect(usernames()).toHaveLength(10))
    expect(href(router)).toBe('/users')
    await user.type(box, 'x')
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument()
  })
})

describe('pagination', () => {
  it('shows the next rows on the next page and the last ones on the last page', async () => {
    const { user } = await openUsers()
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(usernames()[0]).toBe(db.users[10]!.username))
    expect(range('11–20 of 23')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Last page' }))
    await waitFor(() => expect(usernames()).toHaveLength(3))
    expect(range('21–23 of 23')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled()
  })

  it('offers 5, 10 and 15 rows per page, 10 by default, and shows as many rows', async () => {
    const { user } = await openUsers()
    const perPage = screen.getByRole('combobox', { name: 'Rows per page:' })
    expect(within(perPage).getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '10', '15'])
    expect(perPage).toHaveValue('10')
    await user.selectOptions(perPage, '5')
    await waitFor(() => expect(usernames()).toHaveLength(5))
    expect(range('1–5 of 23')).toBeInTheDocument()
    await user.selectOptions(perPage, '15')
    await waitFor(() => expect(usernames()).toHaveLength(15))
    expect(range('1–15 of 23')).toBeInTheDocument()
  })

  it('keeps the current page on screen, marked busy, while the next one loads', async () => {
    const { user } = await openUsers()
    const held = gate()
    server.use(http.get(api('/admin/users'), () => held.wait()))
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(usersTable()).toHaveAttribute('aria-busy', 'true'))
    expect(usernames()[0]).toBe(db.users[0]!.username)
    expect(listStatus()).toHaveTextContent('')
    held.open()
    await waitFor(() => expect(usernames()[0]).toBe(db.users[10]!.username))
    expect(usersTable()).toHaveAttribute('aria-busy', 'false')
  })
})

describe('sorting', () => {
  it('sorts by a column when its header is pressed: ascending, descending, then the default order', async () => {
    const { user, router } = await openUsers()
    const requests = trackRequests('/admin/users')
    expect(header('Username')).toHaveAttribute('aria-sort', 'none')
    // Columns the server cannot sort by are not buttons.
    expect(within(header('Contact No.')).queryByRole('button')).not.toBeInTheDocument()
    expect(header('Contact No.')).not.toHaveAttribute('aria-sort')

    await user.click(screen.getByRole('button', { name: 'Full Name' }))
    await waitFor(() => expect(usernames()[0]).toBe('aarav_sharma'))
    expect(header('Full Name')).toHaveAttribute('aria-sort', 'ascending')
    expect(requests.at(-1)!.get('sortBy')).toBe('name')
    expect(requests.at(-1)!.get('sortOrder')).toBe('1')
    expect(search(router)).toMatchObject({ sortBy: 'name', sortOrder: 1 })

    await user.click(screen.getByRole('button', { name: 'Full Name' }))
    await waitFor(() => expect(usernames()[0]).toBe('will_turner'))
    expect(header('Full Name')).toHaveAttribute('aria-sort', 'descending')
    expect(requests.at(-1)!.get('sortOrder')).toBe('-1')

    await user.click(screen.getByRole('button', { name: 'Full Name' }))
    await waitFor(() => expect(header('Full Name')).toHaveAttribute('aria-sort', 'none'))
    expect(usernames()[0]).toBe(db.users[0]!.username)
    expect(href(router)).toBe('/users')
  })
})

describe('the Filters button', () => {
  const chips = () => within(screen.getByRole('list', { name: 'Filters in effect' })).getAllByRole('listitem').map((li) => li.textContent)

  it('filters by status, carries a dot marker read "(active)" and shows the filter as a chip while it is on', async () => {
    const { user, router } = await openUsers()
    expect(screen.queryByRole('list', { name: 'Filters in effect' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    const choices = await screen.findByRole('group', { name: 'Status' })
    expect(within(choices).getAllByRole('radio').map((o) => o.closest('label')?.textContent)).toEqual(['All', 'Active', 'Blocked'])
    expect(within(choices).getByRole('radio', { name: 'All' })).toBeChecked()

    await user.click(within(choices).getByRole('radio', { name: 'Blocked' }))
    expect(await screen.findByRole('button', { name: 'Filters (active)' })).toBeInTheDocument()
    await waitFor(() => expect(usernames()).toHaveLength(4))
    for (const row of bodyRows()) expect(within(row).getByText('Blocked')).toBeInTheDocument()
    expect(search(router)).toMatchObject({ filter: 2 })
    expect(chips()).toEqual(['Status: Blocked'])

    // The panel stays open for another choice; All clears the filter.
    await user.click(within(choices).getByRole('radio', { name: 'All' }))
    expect(await screen.findByRole('button', { name: 'Filters' })).toBeInTheDocument()
    await waitFor(() => expect(usernames()).toHaveLength(10))
    expect(screen.queryByRole('list', { name: 'Filters in effect' })).not.toBeInTheDocument()
  })

  it('removes a filter with its chip’s ×, without opening the panel', async () => {
    const { user, router } = await openUsers('/users?filter=1&search=a')
    expect(chips()).toEqual(['Status: Active'])
    await user.click(screen.getByRole('button', { name: 'Remove filter: Status' }))
    await waitFor(() => expect(search(router)).toEqual({ search: 'a' }))
    expect(screen.queryByRole('list', { name: 'Filters in effect' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument()
  })

  it('closes on Escape without changing the filter, focus back on the button', async () => {
    const { user, router } = await openUsers()
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    await screen.findByRole('group', { name: 'Status' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Status' })).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus()
    expect(search(router)).not.toHaveProperty('filter')
  })
})

describe('the toolbar on a phone', () => {
  afterEach(() => vi.restoreAllMocks())

  it('is the heading, then one row: the search and icon buttons, each named', async () => {
    screenWidth(360)
    renderRoute('/users', { signedInAs: 'admin' })
    await screen.findByRole('listitem', { name: db.users[0]!.username! })
    const tools = screen.getByRole('group', { name: 'Users tools' })
    expect(within(tools).getByRole('searchbox', { name: 'Search' })).toBeInTheDocument()
    const buttons = within(tools).getAllByRole('button')
    expect(buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(['Filters', 'Export CSV', 'Views', 'Columns'])
    // Each shows its icon alone: its words are for screen readers only.
    for (const button of buttons) {
      const seen = button.cloneNode(true) as HTMLElement
      for (const hidden of seen.querySelectorAll('.sr-only')) hidden.remove()
      expect(seen.textContent).toBe('')
      expect(button.querySelector('svg')).not.toBeNull()
    }
    expect(tools).not.toContainElement(screen.getByRole('heading', { level: 1, name: 'Users' }))
  })

  it('keeps the buttons’ words beside their icons on a wide screen', async () => {
    await openUsers()
    const tools = screen.getByRole('group', { name: 'Users tools' })
    expect(within(tools).getByRole('button', { name: 'Export CSV' })).toHaveTextContent('Export CSV')
    expect(within(tools).getByRole('button', { name: 'Export CSV' }).querySelector('.sr-only')).toBeNull()
  })
})

describe('the list state in the address', () => {
  it('puts the search, page, sort and filter in the address, leaving defaults out', async () => {
    const { user, router } = await openUsers()
    expect(href(router)).toBe('/users')
    await user.click(screen.getByRole('button', { name: 'Username' }))
    await waitFor(() => expect(search(router)).toEqual({ sortBy: 'username', sortOrder: 1 }))
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(search(router)).toEqual({ sortBy: 'username', sortOrder: 1, page: 2 }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page:' }), '5')
    await waitFor(() => expect(search(router)).toEqual({ sortBy: 'username', sortOrder: 1, limit: 5 }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page:' }), '10')
    await waitFor(() => expect(search(router)).toEqual({ sortBy: 'username', sortOrder: 1 }))
  })

  it('opens a shared address in the state it describes', async () => {
    await openUsers('/users?search=a&page=2&limit=5&sortBy=username&sortOrder=-1&filter=1')
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('a')
    expect(header('Username')).toHaveAttribute('aria-sort', 'descending')
    expect(screen.getByRole('combobox', { name: 'Rows per page:' })).toHaveValue('5')
    expect(screen.getByRole('button', { name: 'Filters (active)' })).toBeInTheDocument()
    expect(screen.getByText(/^6–10 of \d+$/, { selector: 'p' })).toBeInTheDocument()
    const names = usernames()
    expect(names).toHaveLength(5)
    expect([...names].sort().reverse()).toEqual(names)
  })

  it('goes back to page 1 when the search or the filter changes', async () => {
    const { user, router } = await openUsers('/users?page=2')
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'a{Enter}')
    await waitFor(() => expect(search(router)).toEqual({ search: 'a' }))
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(search(router)).toEqual({ search: 'a', page: 2 }))
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    await user.click(await screen.findByRole('radio', { name: 'Active' }))
    await waitFor(() => expect(search(router)).toEqual({ search: 'a', filter: 1 }))
  })

  it('walks back through earlier list states with the back button', async () => {
    const { user, router } = await openUsers()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(usernames()[0]).toBe(db.users[10]!.username))
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'tara{Enter}')
    await waitFor(() => expect(usernames()).toEqual(['tara_singh']))

    act(() => router.history.back())
    await waitFor(() => expect(usernames()[0]).toBe(db.users[10]!.username))
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('')
    act(() => router.history.back())
    await waitFor(() => expect(usernames()[0]).toBe(db.users[0]!.username))
    expect(href(router)).toBe('/users')
  })

  it('falls back to the defaults for values in the address that do not fit', async () => {
    const { router } = await openUsers('/users?page=abc&limit=5000&sortBy=age&utm_source=mail')
    expect(usernames()).toHaveLength(10)
    expect(range('1–10 of 23')).toBeInTheDocument()
    // The unfit values are gone from the address; a parameter the list does not know is left alone.
    expect(search(router)).toEqual({ utm_source: 'mail' })
  })

  it('shows the last page instead of an empty one for a page past the end', async () => {
    const { router } = renderRoute('/users?page=9', { signedInAs: 'admin' })
    await waitFor(() => expect(search(router)).toEqual({ page: 3 }))
    await waitFor(() => expect(usernames()).toHaveLength(3))
    expect(range('21–23 of 23')).toBeInTheDocument()
  })
})
