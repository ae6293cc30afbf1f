import { screen, within } from '@testing-library/react'
import { feedbackDb } from './mocks/handlers/feedback'
import { notificationsDb } from './mocks/handlers/notifications'
import { renderRoute } from './render'

/**
 * Every list's columns as a new admin first sees them (no choice saved), in order, held to the
 * spec's column sets ("List screens"). A column the panel adds beyond a set may only be an
 * optional one, hidden until the Columns dialog shows it.
 */

type View = ReturnType<typeof renderRoute>

/** The visible headers of a table, in order; the row checkboxes' column has no text. */
async function headersOf(tableName: string, within_: HTMLElement = document.body) {
  // The dashboard's newest lists come after its charts: more than the default second on a loaded machine.
  const table = await within(within_).findByRole('table', { name: tableName }, { timeout: 5_000 })
  await within(table).findAllByRole('row')
  return within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim())
    .filter(Boolean)
}

async function openSendDialogPicker({ user }: View) {
  await screen.findByRole('cell', { name: notificationsDb()[0]!.title })
  await user.click(screen.getByRole('button', { name: 'Send Notification' }))
  const dialog = await screen.findByRole('dialog', { name: 'Send Notification' })
  await user.click(within(dialog).getByRole('radio', { name: 'Selected Users' }))
  await within(dialog).findByRole('checkbox', { name: 'Select aarav_sharma' })
  return dialog
}

async function openSentToPicker({ user }: View) {
  await screen.findByRole('cell', { name: notificationsDb()[0]!.title })
  await user.click(screen.getByRole('button', { name: /^Filters/ }))
  await user.click(await screen.findByRole('button', { name: /^Sent to/ }))
  return screen.findByRole('dialog', { name: 'Choose a user' })
}

/** The spec's column sets, each as the screen that shows it. */
const SPEC_COLUMN_SETS: { set: string; path: () => string; table: string; open?: (view: View) => Promise<HTMLElement>; columns: string[] }[] = [
  { set: 'users', path: () => '/users', table: 'Users', columns: ['Username', 'Full Name', 'Email', 'DOB', 'Contact No.', 'Actions'] },
  { set: 'shorter users table', path: () => '/dashboard', table: 'Newest Users', columns: ['Username', 'Full Name', 'Email', 'Created At'] },
  { set: 'pet shops', path: () => '/pet-shops', table: 'Pet Shops', columns: ['Name', 'Address', 'Status', 'Created At', 'Actions'] },
  { set: 'hospitals', path: () => '/hospitals', table: 'Hospitals', columns: ['Name', 'Address', 'Status', 'Created At', 'Actions'] },
  { set: 'feedback', path: () => '/feedback', table: 'Feedback', columns: ['S.No', 'Feedback Type', 'Description', 'Username', 'Created At', 'Actions'] },
  {
    set: 'user picker',
    path: () => '/notifications',
    table: 'Users',
    open: openSendDialogPicker,
    columns: ['Username', 'Full Name', 'Email', 'Contact No.'],
  },
  { set: 'another picker', path: () => '/notifications', table: 'Users', open: openSentToPicker, columns: ['Username', 'Full Name', 'Email'] },
  {
    set: 'feedback summary',
    path: () => `/feedback/${feedbackDb()[0]!._id}`,
    table: 'Feedback Summary',
    columns: ['Username', 'Feedback Type', 'Description'],
  },
  { set: 'notifications', path: () => '/notifications', table: 'Notifications', columns: ['Title', 'Body', 'Send To', 'Send On', 'Actions'] },
]

describe('the spec’s column sets', { timeout: 20_000 }, () => {
  it.each(SPEC_COLUMN_SETS)('$set: $columns', async ({ path, table, open, columns }) => {
    const view = renderRoute(path(), { signedInAs: 'admin' })
    const inside = open ? await open(view) : document.body
    expect(await headersOf(table, inside)).toEqual(columns)
  })
})
