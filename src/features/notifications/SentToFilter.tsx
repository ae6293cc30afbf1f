import { createContext, use, useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { userListQuery, type UserListItem } from '@contract'
import { cells, listColumns } from '@/components/list'
import { CloseIcon } from '@/components/layout/icons'
import { buttonClass } from '@/components/ui/Button'
import { Modal } from '@/components/ui/Modal'
import { userLabel } from '@/lib/user-label'
import { sentToUserQuery } from './api'
import { UserPickerList } from './UserPickerList'

/** What choosing a row does: the picker's columns are module-level, the dialog's handler is not. */
const PickUser = createContext<(user: UserListItem) => void>(() => {})

function PickButton({ user }: { user: UserListItem }) {
  const pick = use(PickUser)
  return (
    <button
      type="button"
      onClick={() => pick(user)}
      className="text-left font-semibold text-primary-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600"
    >
      {userLabel(user)}
    </button>
  )
}

const col = listColumns<UserListItem>()
/**
 * The product's other user picker: Username, Full Name, Email. No Contact No.: finding whom a
 * notification reached needs no phone. The username is the button that picks.
 */
export const shortPickerColumns = col.columns([
  col.accessor('username', { header: 'Username', enableSorting: true, cell: ({ row }) => <PickButton user={row.original} />, meta: { card: 'title' } }),
  col.accessor('name', { header: 'Full Name', enableSorting: true, cell: cells.text }),
  col.accessor('email', { header: 'Email', enableSorting: true, cell: cells.email }),
])

/** Every pet owner, blocked ones too: they may have received a notification before they were blocked. */
const everyUser = () => userListQuery.parse({})

function UserPicker({ onPick }: { onPick: (user: UserListItem) => void }) {
  return (
    <PickUser value={onPick}>
      <UserPickerList start={everyUser} columns={shortPickerColumns} />
    </PickUser>
  )
}

/**
 * The notifications list's "Sent to" filter: which notifications one user received, for the
 * question "did they get it?". Choosing opens the short user picker in a dialog; the chosen
 * user's id is kept in the list's URL (the name is looked up), and the × clears it.
 */
export function SentToFilter({ value, onChange }: { value: string | undefined; onChange: (id: string | undefined) => void }) {
  const [open, setOpen] = useState(false)
  const labelId = useId()
  const buttonId = useId()
  const chosen = useQuery({ ...sentToUserQuery(value ?? ''), enabled: value !== undefined })
  const shown = value === undefined ? 'Anyone' : chosen.data ? userLabel(chosen.data) : chosen.isError ? 'Unknown user' : 'Loading…'
  return (
    <div className="flex flex-col gap-1">
      <span id={labelId} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        Sent to
      </span>
      <div className="flex items-center gap-1">
        <button
          id={buttonId}
          type="button"
          aria-haspopup="dialog"
          aria-labelledby={`${labelId} ${buttonId}`}
          onClick={() => setOpen(true)}
          className={buttonClass('secondary', 'max-w-64 justify-start truncate')}
        >
          {shown}
        </button>
        {value !== undefined && (
          <button
            type="button"
            aria-label="Clear Sent to"
            onClick={() => onChange(undefined)}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <CloseIcon className="h-4 w-4" />
          </button>
        )}
      </div>
      <Modal open={open} onClose={() => setOpen(false)} title="Choose a user">
        <div className="overflow-y-auto px-5 py-4">
          <UserPicker
            onPick={(user) => {
              onChange(user._id)
              setOpen(false)
            }}
          />
        </div>
      </Modal>
    </div>
  )
}
