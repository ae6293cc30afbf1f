import { Link } from '@tanstack/react-router'
import type { UserListItem } from '@contract'
import { cells, listColumns } from '@/components/list'
import { userLabel } from '@/lib/user-label'
import { newestUsersQuery } from './api'
import { NewestTable, newestLinkClass as linkClass } from './NewestTable'

const col = listColumns<UserListItem>()
const newestUserColumns = col.columns([
  col.accessor('username', {
    header: 'Username',
    cell: ({ row }) => (
      <Link to="/users/$userId" params={{ userId: row.original._id }} className={linkClass}>
        {userLabel(row.original)}
      </Link>
    ),
    meta: { card: 'title' },
  }),
  col.accessor('name', { header: 'Full Name', cell: cells.text }),
  col.accessor('email', { header: 'Email', cell: cells.email }),
  col.accessor('createdAt', { header: 'Created At', cell: cells.date, meta: { className: 'whitespace-nowrap' } }),
])

/**
 * The product's shorter users table (Username, Full Name, Email, Created At) with the newest
 * users, each linking to their details, and "View all" to the users list (newest first there
 * too, its own default order).
 */
export default function NewestUsers() {
  return <NewestTable title="Newest Users" columns={newestUserColumns} query={newestUsersQuery} viewAll={{ to: '/users', label: 'View all users' }} />
}
