import { useState } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { userListQuery, type UserListItem, type UserListQuery } from '@contract'
import { ListView, cells, listColumns } from '@/components/list'
import { authStore } from '@/lib/auth'
import { createQueryClient } from '@/router'
import { usersListQuery } from '@/features/users/api'
import { sessionFor } from './mocks/db'

/** `ListView`: the list kit with its state held by the caller, e.g. a user picker in a dialog. */

const col = listColumns<UserListItem>()
const columns = col.columns([
  col.accessor('username', { header: 'Username', enableSorting: true }),
  col.accessor('name', { header: 'Full Name', cell: cells.text }),
  col.accessor('email', { header: 'Email', cell: cells.email }),
  col.accessor('mobileNo', { header: 'Contact No.', cell: cells.mobile }),
])

function Picker() {
  const [state, setState] = useState<UserListQuery>(() => userListQuery.parse({ limit: 5 }))
  return (
    <ListView
      name="Users"
      heading={false}
      state={state}
      onStateChange={(update) => setState(update)}
      query={usersListQuery}
      columns={columns}
    />
  )
}

it('searches, sorts and pages a list whose state is not in the address', async () => {
  authStore.signIn(sessionFor('admin'))
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Picker />
    </QueryClientProvider>,
  )
  const table = await screen.findByRole('table', { name: 'Users' })
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6))
  expect(screen.queryByRole('heading')).not.toBeInTheDocument()
  expect(screen.getByText('1–5 of 23')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Next page' }))
  await waitFor(() => expect(screen.getByText('6–10 of 23')).toBeInTheDocument())
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'kofi{Enter}')
  await waitFor(() => expect(screen.getByText('1–1 of 1')).toBeInTheDocument())
  expect(within(table).getByRole('cell', { name: 'kofi_mensah' })).toBeInTheDocument()
})
