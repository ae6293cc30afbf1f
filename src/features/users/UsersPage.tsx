import { getRouteApi } from '@tanstack/react-router'
import { USER_STATUS, type UserListItem } from '@contract'
import { ListScreen, RowLink, cells, listColumns, type ListBulk, type ListFilter } from '@/components/list'
import { Avatar } from '@/components/ui/Avatar'
import { OrDashes } from '@/components/ui/Dashes'
import { usersListQuery } from './api'
import { BlockUserButton, userLabel } from './BlockUserButton'
import { UserStatusBadge } from './UserStatusBadge'

const route = getRouteApi('/_signed-in/users/')

function UserActions({ user }: { user: UserListItem }) {
  const who = userLabel(user)
  return (
    <div className="flex items-center justify-end gap-2">
      <UserStatusBadge status={user.status} />
      <RowLink to="/users/$userId" params={{ userId: user._id }} aria-label={`View ${who}`} />
      <BlockUserButton user={user} compact />
    </div>
  )
}

const col = listColumns<UserListItem>()
/** The product's users columns: Username, Full Name, Email, DOB, Contact No., Actions. */
export const userColumns = col.columns([
  col.accessor('username', {
    header: 'Username',
    enableSorting: true,
    meta: { card: 'title' },
    cell: ({ row }) => (
      <span className="flex items-center gap-2">
        <Avatar src={row.original.profileImage} alt="" className="h-8 w-8" />
        <OrDashes value={row.original.username} />
      </span>
    ),
  }),
  col.accessor('name', { header: 'Full Name', enableSorting: true, cell: cells.text }),
  col.accessor('email', { header: 'Email', enableSorting: true, cell: cells.email }),
  col.accessor('dob', { header: 'DOB', enableSorting: true, cell: cells.date, meta: { className: 'whitespace-nowrap' } }),
  col.accessor('mobileNo', { header: 'Contact No.', cell: cells.phone }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => <UserActions user={row.original} />,
    meta: { className: 'text-right', card: 'actions' },
  }),
])

const statusFilter: ListFilter<1 | 2> = {
  label: 'Status',
  options: [
    { value: USER_STATUS.ACTIVE, label: 'Active' },
    { value: USER_STATUS.BLOCKED, label: 'Blocked' },
  ],
}

const bulk: ListBulk<UserListItem> = {
  list: 'users',
  noun: ['user', 'users'],
  rowLabel: userLabel,
}

/** /users: the pet owners, searchable, sortable, filtered by status, exportable as CSV. */
export function UsersPage() {
  return (
    <ListScreen
      name="Users"
      list="users"
      route={route}
      query={usersListQuery}
      columns={userColumns}
      filter={statusFilter}
      bulk={bulk}
      csv={{ path: 'admin/users/export', filename: 'users.csv' }}
    />
  )
}
