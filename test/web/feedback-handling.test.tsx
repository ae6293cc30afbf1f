import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { FEEDBACK_MSG, FEEDBACK_STATUS } from '@contract'
import { api } from './mocks/db'
import { feedbackDb } from './mocks/handlers/feedback'
import { captureBodies, gate, trackRequests } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'
import { screenWidth } from './screen-width'

/** Feedback handling: the list's status (in each row's actions) and filter, the details' status control and internal notes. */

const feedbackTable = () => screen.getByRole('table', { name: 'Feedback' })
const bodyRows = () => within(within(feedbackTable()).getAllByRole('rowgroup')[1]!).getAllByRole('row')
/** The status each row shows: its picker's choice (for a role that handles feedback), else its badge. */
const statusColumn = () =>
  bodyRows().map((row) => {
    // Status is in the actions, the last cell (the spec's set has no Status column).
    const cell = within(row).getAllByRole('cell').at(-1)!
    return cell.querySelector('select')?.selectedOptions[0]?.textContent ?? within(cell).getByText(/^(Open|In progress|Resolved)$/).textContent
  })

async function openList(path = '/feedback') {
  const view = renderRoute(path, { signedInAs: 'subAdmin' })
  await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0))
  await waitFor(() => expect(feedbackTable()).toHaveAttribute('aria-busy', 'false'))
  return view
}

async function openDetails(index: number) {
  const item = feedbackDb()[index]!
  const view = renderRoute(`/feedback/${item._id}`, { signedInAs: 'subAdmin' })
  await screen.findByRole('heading', { level: 1, name: 'Feedback Details' })
  return { ...view, item }
}

const notes = () => within(screen.getByRole('list', { name: 'Notes, newest first' })).getAllByRole('listitem')

afterEach(() => vi.restoreAllMocks())

describe('the feedback list’s status', () => {
  it('shows each feedback’s status and filters by it in the same panel as the type, kept in the address', async () => {
    const { user, router } = await openList()
    expect(statusColumn().slice(0, 3)).toEqual(['Open', 'In progress', 'Resolved'])

    const requests = trackRequests('/feedback/list')
    // One Filters panel: the type, then the status.
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    const status = await screen.findByRole('group', { name: 'Status' })
    expect(screen.getByRole('group', { name: 'Feedback Type' })).toBeInTheDocument()
    expect(within(status).getAllByRole('radio').map((o) => o.closest('label')?.textContent)).toEqual(['All', 'Open', 'In progress', 'Resolved'])
    await user.click(within(status).getByRole('radio', { name: 'Resolved' }))
    await waitFor(() => expect(statusColumn().every((s) => s === 'Resolved')).toBe(true))
    expect(statusColumn()).toHaveLength(feedbackDb().filter((f) => f.status === FEEDBACK_STATUS.RESOLVED).length)
    expect(requests.at(-1)!.get('status')).toBe('3')
    expect(router.state.location.search).toEqual({ status: 3 })
  })

  it('changes a feedback’s status from its row, saved at once and said so', async () => {
    const first = feedbackDb()[0]!
    const bodies = captureBodies('PATCH', `/feedback/${first._id}/status`)
    const { user } = await openList()
    const picker = within(bodyRows()[0]!).getByRole('combobox', { name: `Status of feedback 1 from ${first.user!.username}` })
    await user.selectOptions(picker, 'Resolved')
    expect(await screen.findByText(FEEDBACK_MSG.statusChanged)).toBeInTheDocument()
    expect(bodies).toEqual([{ status: 3 }])
    expect(statusColumn()[0]).toBe('Resolved')
  })

  it('opens filtered from an address with a status and a type', async () => {
    await openList('/feedback?status=2&filter=NEW_FEATURE')
    expect(screen.getByRole('list', { name: 'Filters in effect' })).toHaveTextContent('Feedback Type: New FeatureStatus: In progress')
    const expected = feedbackDb().filter((f) => f.status === 2 && f.type === 'NEW_FEATURE').length
    await waitFor(() => expect(statusColumn()).toEqual(Array(expected).fill('In progress')))
  })
})

describe('handling a feedback on its details', () => {
  it('changes the status at once, saves it and says so', async () => {
    const bodies = captureBodies('PATCH', `/feedback/${feedbackDb()[0]!._id}/status`)
    const { user, item } = await openDetails(0)
    const status = screen.getByRole('combobox', { name: 'Feedback status' })
    expect(status).toHaveValue('1')
    await user.selectOptions(status, 'In progress')
    expect(await screen.findByText(FEEDBACK_MSG.statusChanged)).toBeInTheDocument()
    expect(bodies).toEqual([{ status: 2 }])
    expect(feedbackDb().find((f) => f._id === item._id)!.status).toBe(2)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Feedback status' })).toHaveValue('2'))
  })

  it('shows the new status before the server answers, and puts it back when the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const held = gate()
    server.use(
      http.patch(api('/feedback/:id/status'), async () => {
        await held.wait()
        return HttpResponse.json({ isSuccess: false, message: 'Something went wrong', error: { code: 'INTERNAL', message: 'Something went wrong' } }, { status: 500 })
      }),
    )
    const { user } = await openDetails(0)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Feedback status' }), 'Resolved')
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Feedback status' })).toHaveValue('3'))
    held.open()
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Feedback status' })).toHaveValue('1'))
    expect(feedbackDb()[0]!.status).toBe(FEEDBACK_STATUS.OPEN)
  })

  it('lists the notes newest first with their author and time', async () => {
    await openDetails(1)
    expect(notes().map((li) => li.textContent)).toEqual([
      expect.stringContaining('Asha Admin'),
      expect.stringContaining('A removed admin'),
    ])
    expect(notes()[0]).toHaveTextContent('Reproduced on Android 14')
  })

  it('adds a note with a character counter, first in the list, by the signed-in admin', async () => {
    const bodies = captureBodies('POST', `/feedback/${feedbackDb()[0]!._id}/notes`)
    const { user } = await openDetails(0)
    expect(screen.getByText('No notes yet.')).toBeInTheDocument()
    const field = screen.getByRole('textbox', { name: 'Internal note' })
    await user.type(field, 'Called the user back')
    expect(screen.getByText('20 of 1000 characters')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add note' }))
    expect(await screen.findByText(FEEDBACK_MSG.noteAdded)).toBeInTheDocument()
    expect(bodies).toEqual([{ text: 'Called the user back' }])
    await waitFor(() => expect(notes()).toHaveLength(1))
    expect(notes()[0]).toHaveTextContent('Sam Sub')
    expect(notes()[0]).toHaveTextContent('Called the user back')
    expect(field).toHaveValue('')
  })

  it('refuses a note over 1,000 characters with the field’s message, sending nothing', async () => {
    const requests = trackRequests(`/feedback/${feedbackDb()[0]!._id}/notes`)
    const { user } = await openDetails(0)
    const field = screen.getByRole('textbox', { name: 'Internal note' })
    await user.click(field)
    await user.paste('x'.repeat(1001))
    await user.click(screen.getByRole('button', { name: 'Add note' }))
    expect(await screen.findByText('Should be maximum of 1000 characters')).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(requests).toHaveLength(0)
  })

  it('shows the server’s field message when the server refuses a note', async () => {
    server.use(
      http.post(api('/feedback/:id/notes'), () =>
        HttpResponse.json(
          { isSuccess: false, message: 'Invalid input', error: { code: 'BAD_REQUEST', message: 'Invalid input', fields: { text: 'Should be maximum of 1000 characters' } } },
          { status: 400 },
        ),
      ),
    )
    const { user } = await openDetails(0)
    await user.type(screen.getByRole('textbox', { name: 'Internal note' }), 'Fine here')
    await user.click(screen.getByRole('button', { name: 'Add note' }))
    expect(await screen.findByText('Should be maximum of 1000 characters')).toBeInTheDocument()
  })

  it('fits a 360 px phone: the status control and note field span the width', async () => {
    screenWidth(360)
    await openDetails(1)
    expect(screen.getByRole('combobox', { name: 'Feedback status' }).parentElement).toHaveClass('w-full')
    expect(screen.getByRole('button', { name: 'Add note' })).toHaveClass('w-full')
  })
})
