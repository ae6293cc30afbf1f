import { useId, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { EMAIL_CUT, type UserListItem } from '@contract'
import { SCREEN, useMediaQuery } from '@/components/layout/useMediaQuery'
import { Button } from '@/components/ui/Button'
import { OrDashes } from '@/components/ui/Dashes'
import { Spinner } from '@/components/ui/Spinner'
import { Truncate } from '@/components/ui/Truncate'
import { userLabel } from '@/lib/user-label'
import { formatDate } from '@/lib/format'
import { newestUsersQuery } from './api'

const TITLE = 'Newest Users'
const linkClass = 'font-semibold text-primary-700 underline-offset-2 hover:underline'

function UserLink({ user }: { user: UserListItem }) {
  return (
    <Link to="/users/$userId" params={{ userId: user._id }} className={linkClass}>
      {userLabel(user)}
    </Link>
  )
}

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-slate-500">{label}</dt>
      <dd className="truncate text-slate-800">{children}</dd>
    </div>
  )
}

/**
 * The product's shorter users table (Username, Full Name, Email, Created At) with the newest
 * users, each linking to their details, and "View all" to the users list (newest first there
 * too, its own default order). Below the small breakpoint each user is a card, as in every list.
 * Plain markup, not the list kit's table: the dashboard is the first screen after sign-in and
 * stays small.
 */
export function NewestUsers() {
  const titleId = useId()
  const result = useQuery(newestUsersQuery)
  const wide = useMediaQuery(SCREEN.sm)
  const users = result.data?.data

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {TITLE}
        </h2>
        <Link to="/users" aria-label="View all users" className={`text-sm ${linkClass}`}>
          View all
        </Link>
      </div>
      {result.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          The newest users could not be loaded.
          <Button variant="secondary" onClick={() => void result.refetch()}>
            Try again
          </Button>
        </div>
      ) : !users ? (
        <div role="status" className="flex justify-center py-6">
          <Spinner />
          <span className="sr-only">Loading the newest users</span>
        </div>
      ) : users.length === 0 ? (
        <p className="text-sm text-slate-600">No Users Found !!!</p>
      ) : wide ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{TITLE}</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              {['Username', 'Full Name', 'Email', 'Created At'].map((header) => (
                <th key={header} scope="col" className="py-2 pr-3 font-semibold">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-800">
            {users.map((user) => (
              <tr key={user._id}>
                <td className="py-2 pr-3">
                  <UserLink user={user} />
                </td>
                <td className="py-2 pr-3">
                  <OrDashes value={user.name} />
                </td>
                <td className="py-2 pr-3">
                  <Truncate value={user.email} max={EMAIL_CUT} />
                </td>
                <td className="py-2 whitespace-nowrap">{formatDate(user.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ul aria-label={TITLE} className="flex flex-col divide-y divide-slate-100">
          {users.map((user) => (
            <li key={user._id} className="flex min-w-0 flex-col gap-1 py-2 text-sm">
              <UserLink user={user} />
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
                <CardField label="Full Name">
                  <OrDashes value={user.name} />
                </CardField>
                <CardField label="Email">
                  <OrDashes value={user.email} />
                </CardField>
                <CardField label="Created At">{formatDate(user.createdAt)}</CardField>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
