import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { USER_STATUS } from '@contract'
import { api, db, fail } from './mocks/db'
import { captureDownloads, csvLinesOf, gate } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

/** The list kit's 'Export CSV' action, on the users list. */

async function openUsers(path: string) {
  const view = renderRoute(path, { signedInAs: 'admin' })
  await screen.findByRole('table', { name: 'Users' })
  await waitFor(() => expect(screen.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'false'))
  return view
}

afterEach(() => vi.restoreAllMocks())

describe('Export CSV', () => {
  it('downloads the CSV for the current search, filter and sort, with the session token', async () => {
    const files = captureDownloads()
    const seen: Request[] = []
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/admin/users/export')) seen.push(request.clone())
    })
    const { user } = await openUsers('/users?search=a&filter=1&sortBy=email&sortOrder=-1&page=2&limit=5')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(files).toHaveLength(1))
    server.events.removeAllListeners('request:start')

    const query = new URL(seen[0]!.url).searchParams
    expect(Object.fromEntries(query)).toEqual({ search: 'a', filter: '1', sortBy: 'email', sortOrder: '-1' })
    expect(seen[0]!.headers.get('Authorization')).toMatch(new RegExp(`^Bearer token-${db.admins[0]!._id}-`))
    // The server's name for the file.
    expect(files[0]!.name).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = await csvLinesOf(files[0]!)
    expect(lines[0]).toBe('Username,Full Name,Email,DOB,Contact No.,Status')
    // Active users whose text contains "a", by email descending.
    const emails = lines.slice(1).map((line) => line.split(',')[2]!)
    expect(emails).toEqual([...emails].sort().reverse())
    const blocked = db.users.filter((u) => u.status === USER_STATUS.BLOCKED).map((u) => u.email!)
    expect(emails.some((email) => blocked.includes(email))).toBe(false)
    expect(emails.length).toBeGreaterThan(0)
  })

  it('is busy while the file downloads', async () => {
    const files = captureDownloads()
    const held = gate()
    server.use(http.get(api('/admin/users/export'), () => held.wait()))
    const { user } = await openUsers('/users')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveAttribute('aria-busy', 'true')
    held.open()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled())
    expect(files).toHaveLength(1)
  })

  it('shows the server message and downloads nothing when the export fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const files = captureDownloads()
    server.use(http.get(api('/admin/users/export'), () => fail('INTERNAL', 'The export could not be prepared')))
    const { user } = await openUsers('/users')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByText('The export could not be prepared')).toBeInTheDocument()
    expect(files).toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled()
  })
})
