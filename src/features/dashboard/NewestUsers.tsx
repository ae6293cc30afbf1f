import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { UserListItem } from '@contract'
import { DataTable, cells, listColumns } from '@/components/list'
import { userLabel } from '@/lib/user-label'
import { newestUsersQuery } from './api'

const TITLE = 'Newest Users'
const linkClass = 'font-semibold text-primary-700 underline-offset-2 hover:underline'

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
 * too, its own default order). The list kit's table without paging: cards on a phone, as in
 * every list.
 */
export default function NewestUsers() {
  const titleId = useId()
  const result = useQuery(newestUsersQuery)

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {TITLE}
        </h2>
        <Link to="/users" aria-label="View all users" className={`text-sm ${linkClass}`}>
          View all
        </Link>
      </div>
      <DataTable
        name={TITLE}
        columns={newestUserColumns}
        data={result.data?.data}
        error={result.isError ? { message: result.error.message, retry: () => void result.refetch() } : null}
      />
    </section>
  )
}
