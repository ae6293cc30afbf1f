import { useMemo } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ColumnOrderState, ColumnVisibilityState, RowData } from '@tanstack/react-table'
import { LIST_COLUMNS, preferences, type ListName, type Preferences } from '@contract/preferences'
import { http, notifyIfUnseen, withData } from '@/lib/http'
import { preferencesKeys, preferencesQuery } from '@/lib/preferences'
import type { ListColumnDefs } from './table-types'

/** One column as the Columns control offers it. */
export type ColumnChoiceItem = {
  id: string
  label: string
  shown: boolean
  /** The title and action columns stay: a row without them cannot be read or acted on. */
  fixed: boolean
}

/** TanStack Table's visibility and order state, for `DataTable`'s `layout`. */
export type ColumnLayout = {
  columnVisibility: ColumnVisibilityState
  columnOrder: ColumnOrderState
}

export type ColumnChoice = {
  /** Every choosable column in the order shown, hidden ones after the shown. */
  items: ColumnChoiceItem[]
  layout: ColumnLayout
  /** The choosable columns' ids in their default (the spec's) order. */
  defaultOrder: string[]
  /** Whether the admin's own choice is in effect (Reset to default is then offered). */
  chosen: boolean
  /** Saves the columns shown, in order; null goes back to the default. Applied at once. */
  save: (ids: string[] | null) => void
}

/**
 * The shown columns' ids with `id` shown again in its default place: before the first shown column
 * that comes after it in `defaultOrder` (last when none does). The others keep the admin's order.
 */
export function withColumnShown(shown: readonly string[], id: string, defaultOrder: readonly string[]) {
  const place = defaultOrder.indexOf(id)
  const before = shown.findIndex((other) => defaultOrder.indexOf(other) > place)
  return before === -1 ? [...shown, id] : [...shown.slice(0, before), id, ...shown.slice(before)]
}

const idOf = (column: ListColumnDefs<never>[number]) =>
  (column as { id?: string }).id ?? (column as { accessorKey?: string }).accessorKey ?? ''

const selectColumns = (list: ListName | undefined) => (p: Preferences) => (list ? (p.listColumns[list] as string[] | undefined) : undefined)

/**
 * A list's columns as the admin chose them (kept in their preferences on the server, so the choice
 * follows them to another browser): which are shown and in which order. The default is the spec's
 * column set, in its order. Only the ids the contract declares for the list are choosable; any
 * other column (a checkbox column) is always shown. A saved choice that lacks a fixed column
 * gets it back in its default place. Without a list (a picker's table): undefined, all columns.
 */
export function useColumnChoice<TRow extends RowData>(list: ListName | undefined, columns: ListColumnDefs<TRow>): ColumnChoice | undefined {
  const queryClient = useQueryClient()
  // Saves happen only through a choice, which exists only for a list.
  const key = list as ListName
  const saved = useQuery({
    ...preferencesQuery,
    select: selectColumns(list),
    enabled: list !== undefined,
  }).data
  const mutation = useMutation({
    mutationFn: (ids: string[] | null) =>
      http.patch('admin/preferences', withData(preferences), {
        listColumns: { [key]: ids },
      }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: preferencesKeys.all })
      const before = queryClient.getQueryData<Preferences>(preferencesKeys.all)
      queryClient.setQueryData<Preferences>(preferencesKeys.all, (old) => {
        const listColumns = { ...old?.listColumns }
        if (ids) listColumns[key] = ids as never
        else delete listColumns[key]
        return { theme: old?.theme ?? 'system', listColumns }
      })
      return { before }
    },
    onSuccess: ({ data }) => queryClient.setQueryData(preferencesKeys.all, data),
    // The choice goes back to what it was, and a toast says why (the client only logs a 404 or 5xx).
    onError: (error, _ids, context) => {
      queryClient.setQueryData(preferencesKeys.all, context?.before)
      notifyIfUnseen(error)
    },
  })

  const choice = useMemo(() => {
    if (!list) return undefined
    const declared = new Set<string>(LIST_COLUMNS[list])
    const all = columns.map((column, index) => {
      const id = idOf(column as never)
      const card = column.meta?.card
      return {
        id,
        index,
        label: typeof column.header === 'string' ? column.header : id,
        card,
      }
    })
    const hasTitle = all.some((c) => c.card === 'title')
    const choosable = all
      .filter((c) => declared.has(c.id))
      .map((c) => ({
        ...c,
        fixed: c.card === 'title' || c.card === 'actions' || (!hasTitle && c.index === 0),
      }))
    const byId = new Map(choosable.map((c) => [c.id, c]))
    let shown = saved?.filter((id) => byId.has(id)) ?? choosable.map((c) => c.id)
    for (const c of choosable) {
      if (c.fixed && !shown.includes(c.id)) shown = [...shown.slice(0, c.index), c.id, ...shown.slice(c.index)]
    }
    const hidden = choosable.filter((c) => !shown.includes(c.id))
    const items: ColumnChoiceItem[] = [
      ...shown.map((id) => ({ ...byId.get(id)!, shown: true })),
      ...hidden.map((c) => ({ ...c, shown: false })),
    ].map(({ id, label, shown: isShown, fixed }) => ({
      id,
      label,
      shown: isShown,
      fixed,
    }))
    const others = all.filter((c) => !declared.has(c.id)).map((c) => c.id)
    const layout: ColumnLayout = {
      columnOrder: [...others, ...items.map((item) => item.id)],
      columnVisibility: Object.fromEntries(hidden.map((c) => [c.id, false])),
    }
    return { items, layout, defaultOrder: choosable.map((c) => c.id) }
  }, [columns, list, saved])

  return choice && { ...choice, chosen: saved !== undefined, save: mutation.mutate }
}
