import { screen, waitFor, within } from '@testing-library/react'
import { format } from 'date-fns'
import { NOTIFICATION_STATUS, NOTIFICATIONS_MSG, SCHEDULE_MAX_AHEAD_MS } from '@contract'
import { notificationsDb } from './mocks/handlers/notifications'
import { captureBodies } from './mocks/requests'
import { renderRoute } from './render'

/**
 * Scheduling: "Send later" in the send dialog (a labelled date and time, in the future and at
 * most a year ahead), the scheduled row in the list with its time and status, and Cancel until then.
 */

const local = (date: Date) => format(date, "yyyy-MM-dd'T'HH:mm")
const HOUR = 60 * 60 * 1000

async function openDialog(role: 'admin' | 'subAdmin' = 'admin') {
  const view = renderRoute('/notifications', { signedInAs: role })
  await screen.findByRole('cell', { name: notificationsDb()[0]!.title })
  await view.user.click(screen.getByRole('button', { name: 'Send Notification' }))
  const dialog = await screen.findByRole('dialog', { name: 'Send Notification' })
  await view.user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Clinic open on Sunday')
  await view.user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Walk in from 10 to 4.')
  return { ...view, dialog }
}

/** Types a time into the labelled date-time field (jsdom has no picker: the value is set as typed). */
async function chooseTime(view: Awaited<ReturnType<typeof openDialog>>, value: string) {
  const field = within(view.dialog).getByLabelText('Send at')
  await view.user.clear(field)
  await view.user.type(field, value)
}

describe('scheduling in the send dialog', () => {
  it('sends the chosen time as sendAt and shows the row as scheduled, with its time', async () => {
    const bodies = captureBodies('POST', '/admin/notification')
    const view = await openDialog('subAdmin')
    expect(within(view.dialog).queryByLabelText('Send at')).not.toBeInTheDocument()
    await view.user.click(within(view.dialog).getByRole('checkbox', { name: 'Send later' }))
    const at = new Date(Date.now() + 2 * HOUR)
    at.setSeconds(0, 0)
    await chooseTime(view, local(at))
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Schedule' }))
    expect(await screen.findByText(NOTIFICATIONS_MSG.scheduled)).toBeInTheDocument()
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({ title: 'Clinic open on Sunday', sendToAllUsers: true, sendAt: at.toISOString() })
    const row = (await screen.findByRole('cell', { name: 'Clinic open on Sunday' })).closest('tr')!
    expect(within(row).getByText('Scheduled')).toBeInTheDocument()
    expect(within(row).getByText(format(at, 'yyyy-MM-dd, HH:mm'))).toBeInTheDocument()
    expect(notificationsDb()[0]).toMatchObject({ status: NOTIFICATION_STATUS.SCHEDULED, scheduledAt: at.toISOString(), sentAt: null })
  })

  it('refuses a time in the past, more than a year ahead, or none, and sends nothing', async () => {
    const bodies = captureBodies('POST', '/admin/notification')
    const view = await openDialog()
    await view.user.click(within(view.dialog).getByRole('checkbox', { name: 'Send later' }))
    const field = within(view.dialog).getByLabelText('Send at')
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Schedule' }))
    expect(await within(view.dialog).findByText(NOTIFICATIONS_MSG.sendAtInvalid)).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')

    await chooseTime(view, local(new Date(Date.now() - HOUR)))
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Schedule' }))
    expect(await within(view.dialog).findByText(NOTIFICATIONS_MSG.sendAtPast)).toBeInTheDocument()

    await chooseTime(view, local(new Date(Date.now() + SCHEDULE_MAX_AHEAD_MS + 2 * 24 * HOUR)))
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Schedule' }))
    expect(await within(view.dialog).findByText(NOTIFICATIONS_MSG.sendAtTooFar)).toBeInTheDocument()
    expect(bodies).toEqual([])

    // Unticked, it is sent at once again.
    await view.user.click(within(view.dialog).getByRole('checkbox', { name: 'Send later' }))
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Send' }))
    expect(await screen.findByText(NOTIFICATIONS_MSG.sent)).toBeInTheDocument()
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).not.toHaveProperty('sendAt')
  })
})

describe('a scheduled notification in the list', () => {
  const scheduleOne = () => {
    const item = notificationsDb()[3]!
    Object.assign(item, { status: NOTIFICATION_STATUS.SCHEDULED, scheduledAt: '2099-01-02T10:30:00.000Z', sentAt: null })
    return item
  }

  it('can be cancelled after a confirmation, by a sub admin too; a sent one offers no Cancel', async () => {
    const item = scheduleOne()
    const { user } = renderRoute('/notifications', { signedInAs: 'subAdmin' })
    const row = (await screen.findByRole('cell', { name: item.title })).closest('tr')!
    expect(within(row).getByText('Scheduled')).toBeInTheDocument()
    const sentRow = screen.getByRole('cell', { name: notificationsDb()[0]!.title }).closest('tr')!
    expect(within(sentRow).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument()

    await user.click(within(row).getByRole('button', { name: `Cancel ${item.title}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel scheduled notification?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel notification' }))
    expect(await screen.findByText(NOTIFICATIONS_MSG.cancelled)).toBeInTheDocument()
    await waitFor(() => expect(within(row).getByText('Cancelled')).toBeInTheDocument())
    expect(within(row).queryByRole('button', { name: `Cancel ${item.title}` })).not.toBeInTheDocument()
    expect(notificationsDb()[3]!.status).toBe(NOTIFICATION_STATUS.CANCELLED)
  })

  it('shows the server’s refusal when it was sent meanwhile, and the row as it is', async () => {
    const item = scheduleOne()
    const { user } = renderRoute('/notifications', { signedInAs: 'admin' })
    const row = (await screen.findByRole('cell', { name: item.title })).closest('tr')!
    // The scheduler sent it before the click.
    item.status = NOTIFICATION_STATUS.SENT
    item.sentAt = item.scheduledAt
    await user.click(within(row).getByRole('button', { name: `Cancel ${item.title}` }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel notification' }))
    expect(await screen.findByText(NOTIFICATIONS_MSG.notScheduled)).toBeInTheDocument()
    await waitFor(() => expect(within(row).queryByText('Scheduled')).not.toBeInTheDocument())
    expect(within(row).queryByText('Cancelled')).not.toBeInTheDocument()
  })
})
