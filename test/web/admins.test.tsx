import { screen, waitFor, within } from '@testing-library/react'
import { ADMINS_MSG, MSG, USER_STATUS } from '@contract'
import { ADMINS_ADMIN_ONLY } from '@/features/admins/AdminsPage'
import { db, sessionFor } from './mocks/db'
import { trackRequests } from './mocks/requests'
import { renderRoute } from './render'

/** Settings > Admin Accounts. */

const rowOf = (email: string) => screen.getByText(email).closest('tr')!

async function openAdmins(path = '/settings/admins') {
  const view = renderRoute(path, { signedInAs: 'admin' })
  await screen.findByText('subadmin@petcare.local')
  return view
}

describe('the admin accounts list', () => {
  it('shows name, email, role, status and created at, with the menu entry', async () => {
    await openAdmins()
    const row = rowOf('subadmin@petcare.local')
    expect(within(row).getByText('Sam Sub')).toBeInTheDocument()
    expect(within(row).getByText('Sub Admin')).toBeInTheDocument()
    expect(within(row).getByText('Active')).toBeInTheDocument()
    expect(within(row).getByText('2025-01-10, 09:00')).toBeInTheDocument()
    for (const header of ['Name', 'Email', 'Role', 'Status', 'Created At', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument()
    }
    expect(screen.getAllByRole('link', { name: 'Admin Accounts' }).length).toBeGreaterThan(0)
    // No Block button on one's own row.
    expect(within(rowOf('admin@petcare.local')).queryByRole('button', { name: /Block/ })).not.toBeInTheDocument()
  })

  it('searches through the URL', async () => {
    await openAdmins('/settings/admins?search=sam')
    expect(screen.queryByText('admin@petcare.local')).not.toBeInTheDocument()
  })
})

describe('adding an admin', () => {
  it('shows the field messages under the fields', async () => {
    const { user } = await openAdmins()
    await user.click(screen.getByRole('button', { name: 'Add Admin' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Admin' })
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email')
    await user.click(within(dialog).getByRole('button', { name: 'Add Admin' }))
    expect(await within(dialog).findByText(MSG.required)).toBeInTheDocument()
    expect(within(dialog).getByText(MSG.email)).toBeInTheDocument()
    expect(within(dialog).getByText(ADMINS_MSG.roleRequired)).toBeInTheDocument()
  })

  it('puts a taken email (409) under Email and keeps the dialog open', async () => {
    const { user } = await openAdmins()
    await user.click(screen.getByRole('button', { name: 'Add Admin' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Admin' })
    await user.type(within(dialog).getByLabelText('Name'), 'Sam Again')
    await user.type(within(dialog).getByLabelText('Email'), 'SUBADMIN@petcare.local')
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Sub Admin')
    await user.click(within(dialog).getByRole('button', { name: 'Add Admin' }))
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(ADMINS_MSG.emailTaken))
    expect(screen.getByRole('dialog', { name: 'Add Admin' })).toBeInTheDocument()
  })

  it('creates the account, shows the server message and the new row as invited', async () => {
    const { user } = await openAdmins()
    const requests = trackRequests('/admin/admins')
    await user.click(screen.getByRole('button', { name: 'Add Admin' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Admin' })
    await user.type(within(dialog).getByLabelText('Name'), 'Nia Park')
    await user.type(within(dialog).getByLabelText('Email'), 'nia@petcare.local')
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Admin')
    await user.click(within(dialog).getByRole('button', { name: 'Add Admin' }))
    expect(await screen.findByText(ADMINS_MSG.created)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText('nia@petcare.local')).toBeInTheDocument()
    expect(within(rowOf('nia@petcare.local')).getByText('Invited')).toBeInTheDocument()
    expect(within(rowOf('nia@petcare.local')).getByRole('button', { name: 'Resend invitation to nia@petcare.local' })).toBeInTheDocument()
    expect(requests.length).toBeGreaterThan(0)
    expect(db.admins.at(-1)).toMatchObject({ name: 'Nia Park', email: 'nia@petcare.local', role: 1, password: null })
  })
})

describe('blocking an admin', () => {
  it('asks first, then blocks and shows the server message', async () => {
    const { user } = await openAdmins()
    await user.click(within(rowOf('subadmin@petcare.local')).getByRole('button', { name: 'Block subadmin@petcare.local' }))
    const dialog = await screen.findByRole('dialog', { name: 'Block admin?' })
    expect(dialog).toHaveTextContent('will be signed out at once')
    await user.click(within(dialog).getByRole('button', { name: 'Block' }))
    expect(await screen.findByText(ADMINS_MSG.blocked)).toBeInTheDocument()
    await waitFor(() => expect(within(rowOf('subadmin@petcare.local')).getByText('Blocked')).toBeInTheDocument())
    expect(db.admins[1]!.status).toBe(USER_STATUS.BLOCKED)
    expect(within(rowOf('subadmin@petcare.local')).getByRole('button', { name: 'Unblock subadmin@petcare.local' })).toBeInTheDocument()
  })

  it('changes nothing when cancelled', async () => {
    const { user } = await openAdmins()
    await user.click(within(rowOf('subadmin@petcare.local')).getByRole('button', { name: 'Block subadmin@petcare.local' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(db.admins[1]!.status).toBeUndefined()
  })
})

describe('a sub admin', () => {
  it('is told the screen is for admins, asks nothing of the server, and has no menu entry', async () => {
    const requests = trackRequests('/admin/admins')
    renderRoute('/settings/admins', { signedInAs: 'subAdmin' })
    expect(await screen.findByText(ADMINS_ADMIN_ONLY)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Admin Accounts' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add Admin' })).not.toBeInTheDocument()
    expect(requests).toHaveLength(0)
  })

  it('gets 403 from the mock server too', async () => {
    const { token } = sessionFor('subAdmin')
    const res = await fetch('http://localhost/api/v1/admin/admins', { headers: { Authorization: `Bearer ${token}` } })
    expect(res.status).toBe(403)
  })
})
