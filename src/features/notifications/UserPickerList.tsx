import { useState } from 'react'
import type { UserListItem, UserListQuery } from '@contract'
import { ListView, type ListColumnDefs, type RowSelection } from '@/components/list'
import { recipientPickerQuery } from './api'

/**
 * A picker's list of pet owners in a dialog: searchable, sortable and paged by the server, its
 * state its own (`start`: the first query, defaults applied). The caller gives the columns (the
 * product's two picker column sets) and, for a many-user choice, the row checkboxes.
 */
export function UserPickerList({
  start,
  columns,
  selection,
}: {
  start: () => UserListQuery
  columns: ListColumnDefs<UserListItem>
  selection?: RowSelection<UserListItem>
}) {
  const [state, setState] = useState(start)
  return (
    <ListView
      name="Users"
      heading={false}
      searchLabel="Search users"
      state={state}
      onStateChange={setState}
      query={recipientPickerQuery}
      columns={columns}
      selection={selection}
    />
  )
}
