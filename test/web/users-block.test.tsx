import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { USER_STATUS, USERS_MSG } from '@contract'
import { api, db, fail } from './mocks/db'
import { gate, trackRequests } from './mocks/requests'
import { server } from './mocks/server'
import { renderRoute } from './render'

/** Blocking and unblocking pet owners from the users list (status 1 ACTIVE, 2 BLOCKED). */

const rowOf = (username: string) => screen.getByText(username).closest('tr')!

async function openUsers() {
  const view = renderRoute('/users', { signedInAs: 'admin' })
  await screen.findByText('carlos_mendes')
  return view
}

afterEach(() => vi.restoreAllMocks())

describe('blocking a user from the list', () => {
  it('asks first, with the focus on Cancel, and changes nothing when cancelled', async () => {
    const { user } = await openUsers()
    const requests = trackRequests('/admin/user/block-unblock/' + db.users[2]!._id)
    const button = within(rowOf('carlos_mendes')).getByRole('button', { name: 'Block carlos_mendes' })
    await user.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Block user?' })
    expect(dialog).toHaveTextContent('carlos_mendes will not be able to use the app until unblocked.')
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    // Focus stays inside while it is open.
    await user.tab()
    expect(within(dialog).getByRole('button', { name: 'Block' })).toHaveFocus()
    await user.tab()
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(button).toHaveFocus())
    await waitFor(() => expect(within(rowOf('carlos_mendes')).getByText('Active')).toBeInTheDocument())
    expect(requests).toHaveLength(0)
  })

  it('shows Blocked at once on confirming, sends status 2 and shows the server message', async () => {
    const { user } = await openUsers()
    const requests = trackRequests('/admin/user/block-unblock/' + db.users[2]!._id)
    const held = gate()
    server.use(http.patch(api('/admin/user/block-unblock/:id'), () => held.wait()))
    await user.click(within(rowOf('carlos_mendes')).getByRole('button', { name: 'Block carlos_mendes' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block' }))

    // Before the server has answered.
    expect(within(rowOf('carlos_mendes')).getByText('Blocked')).toBeInTheDocument()
    expect(within(rowOf('carlos_mendes')).getByRole('button', { name: 'Unblock carlos_mendes' })).toBeInTheDocument()
    held.open()
    expect(await screen.findByText(USERS_MSG.blocked)).toBeInTheDocument()
    expect(requests.map((q) => q.get('status'))).toEqual(['2'])
    expect(db.users[2]!.status).toBe(USER_STATUS.BLOCKED)
    expect(within(rowOf('carlos_mendes')).getByText('Blocked')).toBeInTheDocument()
  })

  it('unblocks a blocked user, sending status 1', async () => {
    const { user } = await openUsers()
    const blocked = db.users[4]!
    expect(blocked.status).toBe(USER_STATUS.BLOCKED)
    const requests = trackRequests('/admin/user/block-unblock/' + blocked._id)
    await user.click(within(rowOf(blocked.username!)).getByRole('button', { name: `Unblock ${blocked.username}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Unblock user?' })
    await user.click(within(dialog).getByRole('button', { name: 'Unblock' }))
    expect(within(rowOf(blocked.username!)).getByText('Active')).toBeInTheDocument()
    expect(await screen.findByText(USERS_MSG.unblocked)).toBeInTheDocument()
    expect(requests.map((q) => q.get('status'))).toEqual(['1'])
  })

  it('puts the status back and shows the server message when the change fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = await openUsers()
    const held = gate()
    server.use(
      http.patch(api('/admin/user/block-unblock/:id'), async () => {
        await held.wait()
        return fail('INTERNAL', 'The user could not be updated. Please try again.')
      }),
    )
    await user.click(within(rowOf('carlos_mendes')).getByRole('button', { name: 'Block carlos_mendes' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block' }))
    expect(within(rowOf('carlos_mendes')).getByText('Blocked')).toBeInTheDocument()

    held.open()
    expect(await screen.findByText('The user could not be updated. Please try again.')).toBeInTheDocument()
    expect(within(rowOf('carlos_mendes')).getByText('Active')).toBeInTheDocument()
    expect(within(rowOf('carlos_mendes')).getByRole('button', { name: 'Block carlos_mendes' })).toBeInTheDocument()
    expect(db.users[2]!.status).toBe(USER_STATUS.ACTIVE)
  })

  it('leaves the list as the server has it when a refused change answers 403', async () => {
    const { user } = await openUsers()
    server.use(http.patch(api('/admin/user/block-unblock/:id'), () => fail('FORBIDDEN', 'You are not allowed to do this')))
    await user.click(within(rowOf('carlos_mendes')).getByRole('button', { name: 'Block carlos_mendes' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block' }))
    // Shown once, by the client.
    expect(await screen.findAllByText('You are not allowed to do this')).toHaveLength(1)
    await waitFor(() => expect(within(rowOf('carlos_mendes')).getByText('Active')).toBeInTheDocument())
  })

  it('refreshes the list after the change, so a filtered list drops the user', async () => {
    const { user } = await openUsers()
    await user.click(screen.getByRole('button', { name: 'Filters' }))
    await user.click(await screen.findByRole('radio', { name: 'Active' }))
    await waitFor(() => expect(screen.queryByText(db.users[4]!.username!)).not.toBeInTheDocument())
    await user.click(within(rowOf('carlos_mendes')).getByRole('button', { name: 'Block carlos_mendes' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block' }))
    await waitFor(() => expect(screen.queryByText('carlos_mendes')).not.toBeInTheDocument())
  })
})
