import { createContext, use } from 'react'
import { userListQuery, type UserListItem } from '@contract'
import { cells, listColumns } from '@/components/list'
import { Modal, useOpenWhenMounted } from '@/components/ui/Modal'
import { userLabel } from '@/lib/user-label'
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
 * The "Sent to" filter's dialog: the short user picker; choosing a user picks it. Loaded by
 * SentToFilter when first opened.
 */
export default function SentToDialog({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (user: UserListItem) => void }) {
  const shown = useOpenWhenMounted(open)
  return (
    <Modal open={shown} onClose={onClose} title="Choose a user">
      <div className="overflow-y-auto px-5 py-4">
        <UserPicker onPick={onPick} />
      </div>
    </Modal>
  )
}
