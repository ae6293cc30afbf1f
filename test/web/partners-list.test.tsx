import { screen, waitFor, within } from '@testing-library/react'
import { PARTNER_TYPE } from '@contract'
import { db } from './mocks/db'
import { captureDownloads, csvLinesOf, trackRequests } from './mocks/requests'
import { renderRoute } from './render'

/** /partners: partner requests (docs/DECISIONS.md, Partners and feedback), on the list kit. */

const partnersTable = () => screen.getByRole('table', { name: 'Partners' })
const bodyRows = () => within(within(partnersTable()).getAllByRole('rowgroup')[1]!).getAllByRole('row')
/** A column's texts, counted after the row's checkbox (Export selected). */
const column = (index: number) => bodyRows().map((row) => within(row).getAllByRole('cell')[index + 1]!.textContent)

async function openPartners(path = '/partners') {
  const view = renderRoute(path, { signedInAs: 'subAdmin' })
  await screen.findByRole('cell', { name: db.partners[0]!.name })
  return view
}

afterEach(() => vi.restoreAllMocks())

describe('the partners list', () => {
  it('shows the columns Name, Owner Name, Email, Mobile No., Type, Address and Created At, then Status and Actions', async () => {
    await openPartners()
    expect(screen.getByRole('heading', { level: 1, name: 'Partners' })).toBeInTheDocument()
    expect(within(partnersTable()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '', // the page's checkbox (Export selected)
      'Name',
      'Owner Name',
      'Email',
      'Mobile No.',
      'Type',
      'Address',
      'Created At',
      'Status',
      'Actions',
    ])
  })

  it('shows every partner newest first, the type as Hospital or Pet Shop and the date as YYYY-MM-DD', async () => {
    await openPartners()
    expect(column(0)).toEqual(db.partners.slice(0, 10).map((p) => p.name))
    expect(column(4).slice(0, 2)).toEqual(['Hospital', 'Pet Shop'])
    expect(column(6)[0]).toBe('2025-06-30')
    expect(screen.getByText('1–10 of 12', { selector: 'p' })).toBeInTheDocument()
  })

  it('is reached from the Partners entry of the main menu', async () => {
    const { user, router } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await user.click(await screen.findByRole('button', { name: 'Main menu' }))
    // The drawer's links (its code loads on this first press); the page behind it may link there too.
    await user.click(await within(await screen.findByRole('dialog')).findByRole('link', { name: 'Partners' }))
    expect(await screen.findByRole('table', { name: 'Partners' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/partners')
  })

  it('filters by type: Hospital sends filter 5 and lists hospitals only', async () => {
    const { user, router } = await openPartners()
    const requests = trackRequests('/admin/partners')
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    const choices = await screen.findByRole('group', { name: 'Type' })
    expect(within(choices).getAllByRole('radio').map((o) => o.closest('label')?.textContent)).toEqual(['All', 'Hospital', 'Pet Shop'])
    await user.click(within(choices).getByRole('radio', { name: 'Hospital' }))
    await waitFor(() => expect(column(4)).toEqual(Array(6).fill('Hospital')))
    expect(requests.at(-1)!.get('filter')).toBe(String(PARTNER_TYPE.HOSPITAL))
    expect(router.state.location.search).toEqual({ filter: 5 })
    expect(screen.getByRole('button', { name: 'Filters (active)' })).toBeInTheDocument()
  })

  it('sorts by type when its header is pressed', async () => {
    const { user } = await openPartners()
    await user.click(screen.getByRole('button', { name: 'Type' }))
    await waitFor(() => expect(column(4)).toEqual(Array(6).fill('Hospital').concat(Array(4).fill('Pet Shop'))))
    expect(screen.getByRole('columnheader', { name: 'Type' })).toHaveAttribute('aria-sort', 'ascending')
  })

  it('shows "No Partners Found !!!" when nothing matches', async () => {
    renderRoute('/partners?search=no-such-partner', { signedInAs: 'admin' })
    expect(await screen.findByText('No Partners Found !!!')).toBeInTheDocument()
  })

  it('exports the partners as filtered and searched now as a CSV download', async () => {
    const files = captureDownloads()
    const { user } = await openPartners('/partners?search=clinic&filter=5')
    const requests = trackRequests('/admin/partners/export')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(files).toHaveLength(1))
    expect(requests[0]!.get('search')).toBe('clinic')
    expect(requests[0]!.get('filter')).toBe('5')
    expect(requests[0]!.has('page')).toBe(false)
    expect(files[0]!.name).toMatch(/^partners-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = await files[0]!.blob.text()
    expect((await csvLinesOf(files[0]!))[0]).toBe('Name,Owner Name,Email,Mobile No.,Type,Address,Status,Created At')
    expect(csv).toContain('Happy Paws Clinic')
    expect(csv).not.toContain('Pet Palace')
  })
})
