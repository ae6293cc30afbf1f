import { screen, within } from '@testing-library/react'
import { format } from 'date-fns'
import { feedbackDb } from './mocks/handlers/feedback'
import { trackRequests } from './mocks/requests'
import { renderRoute } from './render'

/** /feedback/:feedbackId: the feedback summary table, who sent it and when. */

/** The value shown for a label of the sender's details. */
function field(label: string) {
  const term = within(screen.getByRole('region', { name: 'User Details' })).getByText(label, { selector: 'dt' })
  return term.nextElementSibling as HTMLElement
}

async function openDetails(index: number) {
  const item = feedbackDb()[index]!
  const view = renderRoute(`/feedback/${item._id}`, { signedInAs: 'subAdmin' })
  await screen.findByRole('heading', { level: 1, name: 'Feedback Details' })
  return { ...view, item }
}

afterEach(() => vi.restoreAllMocks())

describe('a feedback’s details', () => {
  it('shows a "Feedback Summary" table with exactly the columns Username, Feedback Type and Description', async () => {
    const { item } = await openDetails(0)
    const table = screen.getByRole('table', { name: 'Feedback Summary' })
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Username', 'Feedback Type', 'Description'])
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')
    expect(cells.map((cell) => cell.textContent)).toEqual([item.user!.username, 'Bug', item.description])
  })

  it('shows the user’s details and the date it was sent', async () => {
    const { item } = await openDetails(2)
    const sender = item.user!
    expect(field('Username')).toHaveTextContent(sender.username!)
    expect(field('Name')).toHaveTextContent(sender.name!)
    expect(field('Email')).toHaveTextContent(sender.email!)
    expect(field('Mobile No.')).toHaveTextContent(sender.mobileNo!)
    expect(field('Created At')).toHaveTextContent(format(new Date(item.createdAt), 'yyyy-MM-dd, HH:mm'))
  })

  it('shows dashes and says so when the user’s account is gone', async () => {
    await openDetails(3)
    const region = screen.getByRole('region', { name: 'User Details' })
    expect(within(region).getByText('The account that sent this feedback no longer exists.')).toBeInTheDocument()
    for (const label of ['Username', 'Name', 'Email', 'Mobile No.']) expect(field(label)).toHaveTextContent('--')
    const table = screen.getByRole('table', { name: 'Feedback Summary' })
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[0]).toHaveTextContent('--')
  })

  it('shows the trail Feedback > Details, Feedback linking back to the list', async () => {
    await openDetails(0)
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(trail).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Feedback', 'Details'])
    expect(within(trail).getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/feedback')
  })

  it('says the feedback was not found for an unknown id, with a way back to the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, router } = renderRoute('/feedback/4f5a6b7c-0000-4000-8000-999999999999', { signedInAs: 'admin' })
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('heading', { name: 'Feedback not found' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Main menu' })).toBeInTheDocument()
    await user.click(within(alert).getByRole('link', { name: 'Back to Feedback' }))
    await screen.findByRole('table', { name: 'Feedback' })
    expect(router.state.location.pathname).toBe('/feedback')
  })

  it('treats an address id that cannot be an id as not found, without asking the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const requests = trackRequests('/feedback/not-an-id')
    renderRoute('/feedback/not-an-id', { signedInAs: 'admin' })
    expect(await screen.findByRole('heading', { name: 'Feedback not found' })).toBeInTheDocument()
    expect(requests).toHaveLength(0)
  })
})
