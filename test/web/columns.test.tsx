import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { MSG } from '@contract'
import { api, db, fail } from './mocks/db'
import { mockPreferences, savePreferences } from './mocks/handlers/preferences'
import { gate } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'
import { screenWidth } from './screen-width'

const admin = () => db.admins[0]!
/** The table's headers, read behind the Columns dialog too (a modal dialog hides the page from queries). */
const headers = async () => {
  const table = await screen.findByRole('table', { name: 'Users', hidden: true })
  await within(table).findAllByRole('row', { hidden: true })
  return within(table)
    .getAllByRole('columnheader', { hidden: true })
    .map((th) => th.textContent?.trim())
    .filter(Boolean) // the row checkboxes' column has no text
}
const savedUsersColumns = () => mockPreferences().get(admin()._id)?.listColumns.users

/** The labels of a user's card's fields on a phone, in order. */
const cardLabels = (username: string) =>
  within(screen.getByRole('listitem', { name: username }))
    .getAllByRole('term')
    .map((term) => term.textContent)

afterEach(() => vi.restoreAllMocks())

async function openColumns() {
  const view = renderRoute('/users', { signedInAs: 'admin' })
  await screen.findAllByRole('row')
  await view.user.click(screen.getByRole('button', { name: 'Columns' }))
  const dialog = await screen.findByRole('dialog', { name: 'Users columns' })
  return { ...view, dialog }
}

describe('the Columns control', { timeout: 20_000 }, () => {
  it('shows the spec’s columns by default, and hides a column from the table and saves the choice', async () => {
    const { user, dialog } = await openColumns()
    expect(await headers()).toEqual(['Username', 'Full Name', 'Email', 'DOB', 'Contact No.', 'Actions'])
    expect(within(dialog).getByRole('checkbox', { name: /Username/ })).toBeDisabled()
    expect(within(dialog).getByRole('checkbox', { name: /Actions/ })).toBeDisabled()
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email' }))
    await waitFor(async () => expect(await headers()).toEqual(['Username', 'Full Name', 'DOB', 'Contact No.', 'Actions']))
    await waitFor(() => expect(savedUsersColumns()).toEqual(['username', 'name', 'dob', 'mobileNo', 'actions']))
    // Shown again, it is back in its default place.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email' }))
    await waitFor(async () => expect(await headers()).toEqual(['Username', 'Full Name', 'Email', 'DOB', 'Contact No.', 'Actions']))
  })

  it('puts a column shown again back in its default place, before Actions, and saves that order', async () => {
    const { user, dialog } = await openColumns()
    await user.click(within(dialog).getByRole('checkbox', { name: 'Full Name' }))
    await waitFor(async () => expect(await headers()).toEqual(['Username', 'Email', 'DOB', 'Contact No.', 'Actions']))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Full Name' }))
    await waitFor(async () => expect(await headers()).toEqual(['Username', 'Full Name', 'Email', 'DOB', 'Contact No.', 'Actions']))
    await waitFor(() => expect(savedUsersColumns()).toEqual(['username', 'name', 'email', 'dob', 'mobileNo', 'actions']))
    // Among columns the admin moved, it goes before the first that comes after it by default.
    await user.click(within(dialog).getByRole('button', { name: 'Move up: Contact No.' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email' }))
    await waitFor(async () => expect(await headers()).toEqual(['Username', 'Full Name', 'Contact No.', 'DOB', 'Actions']))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email' }))
    await waitFor(async () => expect(await headers()).toEqual(['Username', 'Full Name', 'Email', 'Contact No.', 'DOB', 'Actions']))
    await waitFor(() => expect(savedUsersColumns()).toEqual(['username', 'name', 'email', 'mobileNo', 'dob', 'actions']))
  })

  it('reorders with Move up and Move down, and Reset to default goes back to the spec’s columns', async () => {
    const { user, dialog } = await openColumns()
    await user.click(within(dialog).getByRole('button', { name: 'Move up: DOB' }))
    await waitFor(async () => expect(await headers()).toEqual(['Username', 'Full Name', 'DOB', 'Email', 'Contact No.', 'Actions']))
    await user.click(within(dialog).getByRole('button', { name: 'Move up: Full Name' }))
    await waitFor(async () => expect(await headers()).toEqual(['Full Name', 'Username', 'DOB', 'Email', 'Contact No.', 'Actions']))
    // Now first, its Move up is disabled: focus is on its Move down, not lost to the page.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Move down: Full Name' })).toHaveFocus())
    await waitFor(() => expect(savedUsersColumns()).toEqual(['name', 'username', 'dob', 'email', 'mobileNo', 'actions']))
    await user.click(within(dialog).getByRole('button', { name: 'Reset to default' }))
    await waitFor(async () => expect(await headers()).toEqual(['Username', 'Full Name', 'Email', 'DOB', 'Contact No.', 'Actions']))
    await waitFor(() => expect(savedUsersColumns()).toBeUndefined())
    // Done closes it, focus back on the button.
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Columns' })).toHaveFocus())
  })

  it('applies the choice saved on the server (in another browser) when the list loads', async () => {
    savePreferences(admin()._id, { listColumns: { users: ['email', 'username', 'actions'] } })
    renderRoute('/users', { signedInAs: 'admin' })
    await waitFor(async () => expect(await headers()).toEqual(['Email', 'Username', 'Actions']))
  })

  it('hides and reorders the fields of the row cards on a phone', async () => {
    screenWidth(360)
    const { user } = renderRoute('/users', { signedInAs: 'admin' })
    await waitFor(() => expect(screen.getByRole('list', { name: 'Users' })).toHaveAttribute('aria-busy', 'false'))
    expect(cardLabels('aarav_sharma')).toEqual(['Full Name', 'Email', 'DOB', 'Contact No.'])
    await user.click(screen.getByRole('button', { name: 'Columns' }))
    const dialog = await screen.findByRole('dialog', { name: 'Users columns' })
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email' }))
    await waitFor(() => expect(cardLabels('aarav_sharma')).toEqual(['Full Name', 'DOB', 'Contact No.']))
    expect(within(screen.getByRole('listitem', { name: 'aarav_sharma' })).queryByText(/aarav\.sharma\.long/)).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Move up: Contact No.' }))
    await waitFor(() => expect(cardLabels('aarav_sharma')).toEqual(['Full Name', 'Contact No.', 'DOB']))
    // Every card, not only the first.
    expect(cardLabels('carlos_mendes')).toEqual(['Full Name', 'Contact No.', 'DOB'])
    await waitFor(() => expect(savedUsersColumns()).toEqual(['username', 'name', 'mobileNo', 'dob', 'actions']))
  })

  it.each([
    { failure: 'a 500', answer: () => fail('INTERNAL', 'The preferences could not be saved'), message: 'The preferences could not be saved' },
    { failure: 'a network error', answer: () => HttpResponse.error(), message: MSG.networkNotice },
  ])('puts the column back and says why when the save fails with $failure', async ({ answer, message }) => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const held = gate()
    server.use(
      http.patch(api('/admin/preferences'), async () => {
        await held.wait()
        return answer()
      }),
    )
    const { user, dialog } = await openColumns()
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email' }))
    // Hidden at once, before the server has answered.
    await waitFor(async () => expect(await headers()).toEqual(['Username', 'Full Name', 'DOB', 'Contact No.', 'Actions']))
    expect(within(dialog).getByRole('checkbox', { name: 'Email' })).not.toBeChecked()
    held.open()
    expect(await screen.findByText(message)).toBeInTheDocument()
    await waitFor(async () => expect(await headers()).toEqual(['Username', 'Full Name', 'Email', 'DOB', 'Contact No.', 'Actions']))
    expect(within(dialog).getByRole('checkbox', { name: 'Email' })).toBeChecked()
    expect(within(dialog).getByRole('button', { name: 'Reset to default' })).toBeDisabled()
    expect(savedUsersColumns()).toBeUndefined()
  })
})
