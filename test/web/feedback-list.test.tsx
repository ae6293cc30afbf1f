import { screen, waitFor, within } from '@testing-library/react'
import { feedbackDb } from './mocks/handlers/feedback'
import { captureDownloads, csvLinesOf, trackRequests } from './mocks/requests'
import { renderRoute } from './render'

/** /feedback: what users wrote in, on the list kit (the product's feedback columns). */

const feedbackTable = () => screen.getByRole('table', { name: 'Feedback' })
const bodyRows = () => within(within(feedbackTable()).getAllByRole('rowgroup')[1]!).getAllByRole('row')
const column = (index: number) => bodyRows().map((row) => within(row).getAllByRole('cell')[index + 1]!.textContent)

async function openFeedback(path = '/feedback', role: 'admin' | 'subAdmin' = 'subAdmin') {
  const view = renderRoute(path, { signedInAs: role })
  await waitFor(() => expect(column(2)[0]).toMatch(/\S/))
  await waitFor(() => expect(feedbackTable()).toHaveAttribute('aria-busy', 'false'))
  return view
}

afterEach(() => vi.restoreAllMocks())

describe('the feedback list', () => {
  it('shows the columns S.No, Feedback Type, Description, Username, Created At and Actions (no Status column)', async () => {
    await openFeedback()
    expect(screen.getByRole('heading', { level: 1, name: 'Feedback' })).toBeInTheDocument()
    expect(within(feedbackTable()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '', // the page's checkbox (bulk actions)
      'S.No',
      'Feedback Type',
      'Description',
      'Username',
      'Created At',
      'Actions',
    ])
  })

  it('numbers the rows from 1, shows the types as Bug, New Feature, Suggestion and Other, and dashes for a deleted user', async () => {
    await openFeedback()
    const items = feedbackDb()
    expect(column(0)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'])
    expect(column(1).slice(0, 4)).toEqual(['Bug', 'New Feature', 'Suggestion', 'Other'])
    expect(column(2)[0]).toBe(items[0]!.description)
    expect(column(3)[0]).toBe(items[0]!.user!.username)
    // items[3] has no user any more.
    expect(column(3)[3]).toBe('--Not available')
    expect(column(4)[0]).toBe('2025-06-30')
  })

  it('numbers page 2 on from where page 1 ended: (page - 1) * limit + index + 1', async () => {
    const { user } = await openFeedback()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(column(0)).toEqual(['11', '12', '13', '14']))
    expect(column(2)[0]).toBe(feedbackDb()[10]!.description)
    // With 5 rows per page, page 2 starts at 6.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page:' }), '5')
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(column(0)).toEqual(['6', '7', '8', '9', '10']))
  })

  it('is reached from the Feedback entry of the main menu', async () => {
    const { user, router } = renderRoute('/dashboard', { signedInAs: 'admin' })
    await user.click(await screen.findByRole('button', { name: 'Main menu' }))
    // The drawer's links (its code loads on this first press); the page behind it may link there too.
    await user.click(await within(await screen.findByRole('dialog')).findByRole('link', { name: 'Feedback' }))
    expect(await screen.findByRole('table', { name: 'Feedback' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/feedback')
  })

  it('shows "No Feedback Found !!!" when nothing matches', async () => {
    renderRoute('/feedback?search=nothing-like-this', { signedInAs: 'admin' })
    expect(await screen.findByText('No Feedback Found !!!')).toBeInTheDocument()
  })

  it('searches the descriptions and the usernames', async () => {
    const { user } = await openFeedback()
    const requests = trackRequests('/feedback/list')
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'vaccination')
    await waitFor(() => expect(column(2).every((text) => text!.includes('vaccination'))).toBe(true))
    // Under load typing can outlast the debounce; the search that counts is the last one.
    expect(requests.at(-1)?.get('search')).toBe('vaccination')
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'carlos_mendes{Enter}')
    await waitFor(() => expect(column(3).length).toBeGreaterThan(0))
    await waitFor(() => expect(column(3).every((name) => name === 'carlos_mendes')).toBe(true))
  })

  it('filters by type with the product’s labels, the filter kept in the address', async () => {
    const { user, router } = await openFeedback()
    const requests = trackRequests('/feedback/list')
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    const choices = await screen.findByRole('group', { name: 'Feedback Type' })
    expect(within(choices).getAllByRole('radio').map((o) => o.closest('label')?.textContent)).toEqual([
      'All',
      'Bug',
      'New Feature',
      'Suggestion',
      'Other',
    ])
    await user.click(within(choices).getByRole('radio', { name: 'New Feature' }))
    await waitFor(() => expect(column(1)).toEqual(['New Feature', 'New Feature', 'New Feature', 'New Feature']))
    expect(column(0)).toEqual(['1', '2', '3', '4'])
    expect(requests.at(-1)!.get('filter')).toBe('NEW_FEATURE')
    expect(router.state.location.search).toEqual({ filter: 'NEW_FEATURE' })
  })

  it('exports the feedback as filtered now as a CSV download', async () => {
    const files = captureDownloads()
    const { user } = await openFeedback('/feedback?filter=BUG')
    const requests = trackRequests('/feedback/export')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(files).toHaveLength(1))
    expect(requests[0]!.get('filter')).toBe('BUG')
    expect(files[0]!.name).toMatch(/^feedback-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = await csvLinesOf(files[0]!)
    expect(lines[0]).toBe('Feedback Type,Description,Username,Created At')
    expect(lines.slice(1).every((line) => line.startsWith('Bug,'))).toBe(true)
  })

  it('opens a feedback’s details from its view link', async () => {
    const { user, router } = await openFeedback()
    const item = feedbackDb()[0]!
    await user.click(screen.getByRole('link', { name: `View feedback 1 from ${item.user!.username}` }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Feedback Details' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/feedback/${item._id}`)
  })
})
