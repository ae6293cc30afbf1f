import { USER_STATUS, userListQuery, type UserListItem } from '@contract'
import { cells, listColumns, type RowSelection } from '@/components/list'
import { CloseIcon } from '@/components/layout/shell-icons'
import { userLabel } from '@/lib/user-label'
import { UserPickerList } from './UserPickerList'

/** The chosen recipients, in the order they were chosen: id -> the user as the picker listed them. */
export type Recipients = ReadonlyMap<string, UserListItem>

/** Blocked users cannot receive a notification, so only active ones are offered. */
const activeUsers = () => userListQuery.parse({ filter: USER_STATUS.ACTIVE })

/** '1 user selected', '3 users selected'. */
export const selectedCount = (n: number) => (n === 1 ? '1 user selected' : `${n} users selected`)

const col = listColumns<UserListItem>()
/** The product's user picker columns: Username, Full Name, Email, Contact No. */
export const recipientColumns = col.columns([
  col.accessor('username', { header: 'Username', enableSorting: true, cell: cells.text, meta: { card: 'title' } }),
  col.accessor('name', { header: 'Full Name', enableSorting: true, cell: cells.text }),
  col.accessor('email', { header: 'Email', enableSorting: true, cell: cells.email }),
  col.accessor('mobileNo', { header: 'Contact No.', cell: cells.phone, meta: { className: 'whitespace-nowrap' } }),
])

/**
 * The send dialog's user picker: a searchable, sortable, server-paged list of the active users
 * (blocked users cannot receive a notification, so they are not offered), a checkbox per row and
 * one for the whole page. The choice is the caller's (`value`), so it outlives pages and searches;
 * it shows as a count and as chips that can be removed. `refused` marks chosen users the server
 * turned down (deleted or blocked since), with its message.
 */
export function RecipientPicker({
  value,
  onChange,
  refused,
  error,
  errorId,
}: {
  value: Recipients
  onChange: (next: Recipients) => void
  refused: ReadonlyMap<string, string>
  /** 'Select at least one user', or the server's word about the chosen users. */
  error?: string
  errorId: string
}) {
  const selection: RowSelection<UserListItem> = {
    isSelected: (user) => value.has(user._id),
    onChange: (users, selected) => {
      const next = new Map(value)
      for (const user of users) {
        if (selected) next.set(user._id, next.get(user._id) ?? user)
        else next.delete(user._id)
      }
      onChange(next)
    },
    rowLabel: (user) => `Select ${userLabel(user)}`,
    pageLabel: 'Select all users on this page',
  }
  const remove = (id: string) => {
    const next = new Map(value)
    next.delete(id)
    onChange(next)
  }

  return (
    <div className="flex flex-col gap-3">
      {error && (
        <p id={errorId} role="alert" className="rounded-md border border-error-100 bg-error-50 px-3 py-2 text-sm text-error-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <p role="status" className="text-sm font-semibold text-slate-800">
          {value.size === 0 ? 'No users selected' : selectedCount(value.size)}
        </p>
        {value.size > 0 && (
          <button
            type="button"
            onClick={() => onChange(new Map())}
            className="rounded px-1 text-sm font-semibold text-primary-700 underline-offset-2 hover:underline"
          >
            Clear selection
          </button>
        )}
      </div>
      {value.size > 0 && (
        <ul aria-label="Selected users" className="flex max-h-32 flex-wrap gap-2 overflow-y-auto">
          {[...value.values()].map((user) => {
            const label = userLabel(user)
            const problem = refused.get(user._id)
            return (
              <li
                key={user._id}
                title={problem}
                className={`inline-flex items-center gap-1 rounded-full border py-0.5 pl-3 pr-1 text-sm ${
                  problem ? 'border-error-600 bg-error-50 text-error-700' : 'border-primary-200 bg-primary-50 text-primary-900'
                }`}
              >
                {label}
                {problem && <span className="sr-only">{`: ${problem}`}</span>}
                <button
                  type="button"
                  aria-label={`Remove ${label}`}
                  onClick={() => remove(user._id)}
                  className="inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-white/70"
                >
                  <CloseIcon className="h-3.5 w-3.5" />
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <UserPickerList start={activeUsers} columns={recipientColumns} selection={selection} />
    </div>
  )
}
