import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { DELIVERY_STATUS, NO_PUSH_SERVICE_LINE, NOTIFICATIONS_MSG, USER_STATUS } from '@contract'
import { api, db } from './mocks/db'
import { mockPushService, notificationsDb } from './mocks/handlers/notifications'
import { trackRequests } from './mocks/requests'
import { server } from './mocks/server'
import { pushServiceQuery } from '@/features/notifications/api'
import { renderRoute } from './render'

/**
 * /notifications: 'Send Notification' opens the send dialog: title,
 * description, the audience (All Users or Selected Users, with the user picker), POST
 * admin/notification, the server's message as a toast, the list fetched again.
 */

const idOf = (username: string) => db.users.find((u) => u.username === username)!._id

/** What the screen sent to POST admin/notification, in order (the regular handler still answers). */
function captureSends() {
  const bodies: unknown[] = []
  server.use(
    http.post(api('/admin/notification'), async ({ request }) => {
      bodies.push(await request.clone().json())
    }),
  )
  return bodies
}

async function openDialog(role: 'admin' | 'subAdmin' = 'admin') {
  const view = renderRoute('/notifications', { signedInAs: role })
  await screen.findByRole('cell', { name: notificationsDb()[0]!.title })
  const opener = screen.getByRole('button', { name: 'Send Notification' })
  await view.user.click(opener)
  const dialog = await screen.findByRole('dialog', { name: 'Send Notification' })
  return { ...view, opener, dialog }
}

const field = (dialog: HTMLElement, name: 'Title' | 'Description') => within(dialog).getByRole('textbox', { name })

async function fill(view: Awaited<ReturnType<typeof openDialog>>, title: string, description: string) {
  await view.user.type(field(view.dialog, 'Title'), title)
  await view.user.type(field(view.dialog, 'Description'), description)
}

/** Switch to Selected Users and wait for the picker's first page. */
async function pickSelectedUsers({ user, dialog }: Awaited<ReturnType<typeof openDialog>>) {
  await user.click(within(dialog).getByRole('radio', { name: 'Selected Users' }))
  await within(dialog).findByRole('checkbox', { name: 'Select aarav_sharma' })
  return within(dialog).getByRole('table', { name: 'Users' })
}

const chips = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Selected users' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)

describe('the send dialog', () => {
  it('moves focus to Title when it opens and back to the button when it closes', async () => {
    const { user, opener, dialog } = await openDialog()
    await waitFor(() => expect(field(dialog, 'Title')).toHaveFocus())
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()

    await user.click(opener)
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
  })

  it('keeps Tab inside the dialog', async () => {
    const { user, dialog } = await openDialog()
    await waitFor(() => expect(field(dialog, 'Title')).toHaveFocus())
    for (let i = 0; i < 8; i++) {
      await user.tab()
      expect(dialog).toContainElement(document.activeElement as HTMLElement)
    }
  })

  it('discards what was typed when closed', async () => {
    const view = await openDialog()
    await view.user.type(field(view.dialog, 'Title'), 'Half written')
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await view.user.click(view.opener)
    expect(field(await screen.findByRole('dialog'), 'Title')).toHaveValue('')
  })

  it('says "Enter the required field" under an empty Title and Description, and sends nothing', async () => {
    const { user, dialog } = await openDialog()
    const requests = trackRequests('/admin/notification')
    await user.type(field(dialog, 'Title'), '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(await within(dialog).findAllByText('Enter the required field')).toHaveLength(2)
    expect(field(dialog, 'Title')).toHaveAccessibleDescription(expect.stringContaining('Enter the required field'))
    expect(field(dialog, 'Description')).toHaveAttribute('aria-invalid', 'true')
    expect(requests).toHaveLength(0)
  })

  it('counts characters and refuses a Title over 50 and a Description over 100', async () => {
    const { user, dialog } = await openDialog()
    expect(within(dialog).getByText('0/50')).toBeInTheDocument()
    expect(within(dialog).getByText('0/100')).toBeInTheDocument()
    await user.click(field(dialog, 'Title'))
    await user.paste('t'.repeat(51))
    await user.click(field(dialog, 'Description'))
    await user.paste('d'.repeat(101))
    await user.tab()
    expect(within(dialog).getByText('51/50')).toBeInTheDocument()
    expect(within(dialog).getByText('101/100')).toBeInTheDocument()
    expect(await within(dialog).findByText('Should be maximum of 50 characters')).toBeInTheDocument()
    expect(within(dialog).getByText('Should be maximum of 100 characters')).toBeInTheDocument()

    await user.type(field(dialog, 'Title'), '{Backspace}')
    await user.type(field(dialog, 'Description'), '{Backspace}')
    await waitFor(() => expect(within(dialog).queryByText(/^Should be maximum/)).not.toBeInTheDocument())
    expect(within(dialog).getByText('50/50')).toBeInTheDocument()
    expect(within(dialog).getByText('100/100')).toBeInTheDocument()
  })

  it('moves from Title to Description on Enter', async () => {
    const { user, dialog } = await openDialog()
    await user.type(field(dialog, 'Title'), 'Hello{Enter}')
    expect(field(dialog, 'Description')).toHaveFocus()
  })
})

describe('sending to all users', () => {
  it('is the default: sends { sendToAllUsers: true, userIds: [] }, shows the server message and the new row', async () => {
    const bodies = captureSends()
    const view = await openDialog()
    expect(within(view.dialog).getByRole('group', { name: 'Send To' })).toBeInTheDocument()
    expect(within(view.dialog).getByRole('radio', { name: 'All Users' })).toBeChecked()
    expect(within(view.dialog).getByRole('radio', { name: 'Selected Users' })).not.toBeChecked()
    expect(within(view.dialog).queryByRole('table')).not.toBeInTheDocument()

    await fill(view, '  Clinic closed on Monday ', 'City Vet Hospital is closed for maintenance.')
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Send' }))

    expect(await screen.findByText(NOTIFICATIONS_MSG.sent)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(bodies).toEqual([
      { title: 'Clinic closed on Monday', description: 'City Vet Hospital is closed for maintenance.', sendToAllUsers: true, userIds: [] },
    ])
    const row = (await screen.findByRole('cell', { name: 'Clinic closed on Monday' })).closest('tr')!
    const table = screen.getByRole('table', { name: 'Notifications' })
    expect(within(table).getAllByRole('row')[1]).toBe(row)
    expect(within(row).getByRole('cell', { name: 'All Users' })).toBeInTheDocument()
    expect(notificationsDb()[0]!.recipientCount).toBe(db.users.filter((u) => u.status === USER_STATUS.ACTIVE).length)
    expect(view.opener).toHaveFocus()
  })

  it('accepts a Title of exactly 50 and a Description of exactly 100 characters', async () => {
    const bodies = captureSends()
    const view = await openDialog()
    await view.user.click(field(view.dialog, 'Title'))
    await view.user.paste('t'.repeat(50))
    await view.user.click(field(view.dialog, 'Description'))
    await view.user.paste('d'.repeat(100))
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Send' }))
    expect(await screen.findByText(NOTIFICATIONS_MSG.sent)).toBeInTheDocument()
    expect(bodies).toEqual([{ title: 't'.repeat(50), description: 'd'.repeat(100), sendToAllUsers: true, userIds: [] }])
  })

  it('lets a sub admin send', async () => {
    const bodies = captureSends()
    const view = await openDialog('subAdmin')
    await fill(view, 'From the sub admin', 'Hello everyone.')
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Send' }))
    expect(await screen.findByText(NOTIFICATIONS_MSG.sent)).toBeInTheDocument()
    expect(bodies).toHaveLength(1)
    expect(await screen.findByRole('cell', { name: 'From the sub admin' })).toBeInTheDocument()
  })
})

describe('sending with no push service configured', () => {
  it('says so in one line in the dialog, and the answer says it was saved, not sent', async () => {
    mockPushService().configured = false
    const view = await openDialog()
    expect(await within(view.dialog).findByText(NO_PUSH_SERVICE_LINE)).toBeInTheDocument()
    await fill(view, 'Clinic closed', 'On Monday.')
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Send' }))
    expect(await screen.findByText(NOTIFICATIONS_MSG.savedNotSent)).toBeInTheDocument()
    expect(screen.queryByText(NOTIFICATIONS_MSG.sent)).not.toBeInTheDocument()
    expect(new Set(notificationsDb()[0]!.users.map((u) => u.delivery))).toEqual(new Set([DELIVERY_STATUS.NOT_SENT]))
  })

  it('has no such line while one is configured', async () => {
    const view = await openDialog()
    // The answer is in: the line would be drawn by now.
    await waitFor(() => expect(view.queryClient.getQueryData(pushServiceQuery.queryKey)).toEqual({ configured: true, provider: 'FCM', projectId: 'petcare-demo' }))
    expect(within(view.dialog).queryByText(NO_PUSH_SERVICE_LINE)).not.toBeInTheDocument()
  })
})

describe('sending to selected users', () => {
  it('shows a picker with exactly the columns Username, Full Name, Email and Contact No., active users only', async () => {
    const view = await openDialog()
    const table = await pickSelectedUsers(view)
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.map((th) => th.textContent)).toEqual(['', 'Username', 'Full Name', 'Email', 'Contact No.'])
    expect(within(headers[0]!).getByRole('checkbox', { name: 'Select all users on this page' })).toBeInTheDocument()
    expect(within(view.dialog).getByText('No users selected')).toBeInTheDocument()
    const active = db.users.filter((u) => u.status === USER_STATUS.ACTIVE)
    expect(within(view.dialog).getByText(`1–10 of ${active.length}`)).toBeInTheDocument()
    // ethan_brooks is blocked: he cannot receive a notification, so he is not offered.
    expect(within(table).queryByRole('cell', { name: 'ethan_brooks' })).not.toBeInTheDocument()
  })

  it('searches users with its own search box', async () => {
    const view = await openDialog()
    const table = await pickSelectedUsers(view)
    const requests = trackRequests('/admin/users')
    await view.user.type(within(view.dialog).getByRole('searchbox', { name: 'Search users' }), 'kofi')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    expect(within(table).getByRole('cell', { name: 'kofi_mensah' })).toBeInTheDocument()
    expect(requests.at(-1)!.get('search')).toBe('kofi')
    expect(requests.every((q) => q.get('filter') === String(USER_STATUS.ACTIVE))).toBe(true)
    // The list page behind keeps its own search.
    expect(screen.getByRole('searchbox', { name: 'Search', hidden: true })).toHaveValue('')
  })

  it('keeps users chosen on page 1 and page 2, shows them as a count and chips, and sends exactly those ids', async () => {
    const bodies = captureSends()
    const view = await openDialog()
    const { user, dialog } = view
    await pickSelectedUsers(view)
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select carlos_mendes' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select diana_prince' }))
    expect(within(dialog).getByText('2 users selected')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Next page' }))
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Select priya_patel' }))
    expect(within(dialog).getByText('3 users selected')).toBeInTheDocument()
    expect(chips(dialog)).toEqual(['carlos_mendes', 'diana_prince', 'priya_patel'])

    await user.click(within(dialog).getByRole('button', { name: 'Previous page' }))
    expect(await within(dialog).findByRole('checkbox', { name: 'Select carlos_mendes' })).toBeChecked()
    expect(within(dialog).getByRole('checkbox', { name: 'Select all users on this page' })).toBePartiallyChecked()

    await user.click(within(dialog).getByRole('button', { name: 'Remove diana_prince' }))
    expect(within(dialog).getByText('2 users selected')).toBeInTheDocument()
    expect(within(dialog).getByRole('checkbox', { name: 'Select diana_prince' })).not.toBeChecked()

    await fill(view, 'Your vaccination is due', 'Book a slot this week.')
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(await screen.findByText(NOTIFICATIONS_MSG.sent)).toBeInTheDocument()
    expect(bodies).toEqual([
      {
        title: 'Your vaccination is due',
        description: 'Book a slot this week.',
        sendToAllUsers: false,
        userIds: [idOf('carlos_mendes'), idOf('priya_patel')],
      },
    ])
    const row = (await screen.findByRole('cell', { name: 'Your vaccination is due' })).closest('tr')!
    expect(within(row).getByRole('cell', { name: 'Selected Users (2)' })).toBeInTheDocument()
  })

  it('keeps the choice across searches', async () => {
    const view = await openDialog()
    const { user, dialog } = view
    const table = await pickSelectedUsers(view)
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select carlos_mendes' }))
    const search = within(dialog).getByRole('searchbox', { name: 'Search users' })
    await user.type(search, 'priya{Enter}')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select priya_patel' }))
    await user.click(within(dialog).getByRole('button', { name: 'Clear search' }))
    expect(await within(dialog).findByRole('checkbox', { name: 'Select carlos_mendes' })).toBeChecked()
    expect(within(dialog).getByText('2 users selected')).toBeInTheDocument()
    expect(chips(dialog)).toEqual(['carlos_mendes', 'priya_patel'])
  })

  it('selects and unselects every user on the page at once', async () => {
    const view = await openDialog()
    const { user, dialog } = view
    const table = await pickSelectedUsers(view)
    const pageBox = within(dialog).getByRole('checkbox', { name: 'Select all users on this page' })
    await user.click(pageBox)
    expect(within(dialog).getByText('10 users selected')).toBeInTheDocument()
    expect(pageBox).toBeChecked()
    expect(within(table).getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true)

    await user.click(within(dialog).getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: 'Select priya_patel' })).not.toBeChecked())
    expect(within(dialog).getByRole('checkbox', { name: 'Select all users on this page' })).not.toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Previous page' }))
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Select all users on this page', checked: true }))
    expect(within(dialog).getByText('No users selected')).toBeInTheDocument()
  })

  it('says "Select at least one user" when none is chosen, until one is', async () => {
    const view = await openDialog()
    const requests = trackRequests('/admin/notification')
    await pickSelectedUsers(view)
    await fill(view, 'Nobody yet', 'No one chosen.')
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Send' }))
    expect(await within(view.dialog).findByRole('alert')).toHaveTextContent('Select at least one user')
    expect(within(view.dialog).getByRole('group', { name: 'Send To' })).toHaveAccessibleDescription('Select at least one user')
    expect(requests).toHaveLength(0)
    await view.user.click(within(view.dialog).getByRole('checkbox', { name: 'Select kofi_mensah' }))
    await waitFor(() => expect(within(view.dialog).queryByText('Select at least one user')).not.toBeInTheDocument())
  })

  it('sends to all users, not the chosen ones, when switched back to All Users', async () => {
    const bodies = captureSends()
    const view = await openDialog()
    await pickSelectedUsers(view)
    await view.user.click(within(view.dialog).getByRole('checkbox', { name: 'Select kofi_mensah' }))
    await view.user.click(within(view.dialog).getByRole('radio', { name: 'All Users' }))
    await fill(view, 'Everyone after all', 'Changed my mind.')
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Send' }))
    expect(await screen.findByText(NOTIFICATIONS_MSG.sent)).toBeInTheDocument()
    expect(bodies).toEqual([{ title: 'Everyone after all', description: 'Changed my mind.', sendToAllUsers: true, userIds: [] }])
  })

  it('shows the server’s message above the picker and marks the user blocked meanwhile', async () => {
    const view = await openDialog()
    const { user, dialog } = view
    await pickSelectedUsers(view)
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select carlos_mendes' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select diana_prince' }))
    // Blocked by another admin after the picker listed her.
    db.users.find((u) => u.username === 'diana_prince')!.status = USER_STATUS.BLOCKED
    const count = notificationsDb().length
    await fill(view, 'Grooming offer', '20% off this weekend.')
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(NOTIFICATIONS_MSG.recipientsGone)
    expect(screen.getByRole('dialog')).toBe(dialog)
    const chip = within(within(dialog).getByRole('list', { name: 'Selected users' })).getAllByRole('listitem')[1]!
    expect(chip).toHaveTextContent(`diana_prince: ${NOTIFICATIONS_MSG.recipientGone}`)
    expect(notificationsDb()).toHaveLength(count)

    // Taking her out clears the mark; the send then goes through.
    await user.click(within(dialog).getByRole('button', { name: 'Remove diana_prince' }))
    await waitFor(() => expect(within(dialog).queryByText(NOTIFICATIONS_MSG.recipientsGone)).not.toBeInTheDocument())
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(notificationsDb()[0]).toMatchObject({ title: 'Grooming offer', recipientCount: 1 })
  })
})
