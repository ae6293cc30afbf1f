import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { ListPage } from '@contract'
import type { Table } from './changes'
import { notifyIfUnseen } from './http'
import { notify } from './toast'

/**
 * Rows in the query cache, changed where they stand: in every cached page of a list (a server
 * page, `ListPage`, or a whole list kept as an array, like the FAQ) and in the row's own details.
 * One id or several: a bulk action passes all of its ids at once.
 */
type Row = { _id: string }
type Ids = string | readonly string[]
type CachedList<T> = ListPage<T> | T[]

const idSet = (ids: Ids) => new Set<string>(typeof ids === 'string' ? [ids] : ids)

/**
 * Every cached list under `lists` that holds one of `ids`, its rows replaced by `rows(rows,
 * isTarget)`. A list without any of them keeps its identity, so its screen does not render again.
 */
function changeLists<T extends Row>(queryClient: QueryClient, lists: QueryKey, ids: Ids, rows: (data: T[], isTarget: (row: T) => boolean) => T[]) {
  const targets = idSet(ids)
  const isTarget = (row: T) => targets.has(row._id)
  queryClient.setQueriesData<CachedList<T>>({ queryKey: lists }, (cached) => {
    if (!cached) return cached
    const data = Array.isArray(cached) ? cached : cached.data
    if (!data.some(isTarget)) return cached
    const next = rows(data, isTarget)
    if (Array.isArray(cached)) return next
    // A page's total counts the rows that left it, so its pagination stays right until the refetch.
    return { ...cached, data: next, total: Math.max(0, cached.total - (data.length - next.length)) }
  })
}

/** The rows `ids` in every cached list under `lists` with `patch` applied. */
export function patchCachedRows<T extends Row>(queryClient: QueryClient, lists: QueryKey, ids: Ids, patch: Partial<T>) {
  changeLists<T>(queryClient, lists, ids, (data, isTarget) => data.map((row) => (isTarget(row) ? { ...row, ...patch } : row)))
}

const removedListeners = new Set<(ids: ReadonlySet<string>) => void>()

/** Told of every row taken off the cached lists (a list's bulk choice drops them); returns the unsubscribe. */
export function onRowsRemoved(listener: (ids: ReadonlySet<string>) => void) {
  removedListeners.add(listener)
  return () => void removedListeners.delete(listener)
}

/** The rows `ids` taken off every cached list under `lists` (a page's total goes down with them). */
export function removeCachedRows(queryClient: QueryClient, lists: QueryKey, ids: Ids) {
  changeLists<Row>(queryClient, lists, ids, (data, isTarget) => data.filter((row) => !isTarget(row)))
  for (const listener of removedListeners) listener(idSet(ids))
}

/** A domain's key factory (`userKeys`, `siteKeys`), or the part of it the optimistic patch needs. */
export type ListKeys = {
  /** Everything of the resource: no answer in flight under it may overwrite the optimistic value. */
  all: QueryKey
  /** Every cached list page. */
  lists: () => QueryKey
  /** A row's own details, when the resource has a details screen. */
  detail?: (id: string) => QueryKey
}

/**
 * The optimistic half of a mutation that changes rows in place (block, a status toggle): `patch`
 * shows at once in every cached list and in each row's details, and the function returned puts
 * back exactly what was cached before (for `onError`):
 *
 *     onMutate: ({ id, status }) => patchRowsOptimistically<UserListItem>(queryClient, userKeys, id, { status }),
 *     onError: (error, _input, rollback) => { rollback?.(); notifyIfUnseen(error) },
 */
export async function patchRowsOptimistically<T extends Row>(queryClient: QueryClient, keys: ListKeys, ids: Ids, patch: Partial<T>) {
  await queryClient.cancelQueries({ queryKey: keys.all })
  const lists = queryClient.getQueriesData({ queryKey: keys.lists() })
  const detailKeys = keys.detail ? [...idSet(ids)].map(keys.detail) : []
  const details = detailKeys.map((key) => [key, queryClient.getQueryData<object>(key)] as const)
  patchCachedRows<T>(queryClient, keys.lists(), ids, patch)
  for (const [key, detail] of details) if (detail) queryClient.setQueryData(key, { ...detail, ...patch })
  return () => {
    for (const [key, page] of lists) queryClient.setQueryData(key, page)
    for (const [key, detail] of details) if (detail) queryClient.setQueryData(key, detail)
  }
}

/**
 * The options of a mutation that sets a field of one row in place (block, a status): shown at
 * once in the lists and the row's details, put back if refused, the server's word as a toast,
 * then what shows `table` fetched again (its `meta.changes`).
 *
 *     useMutation({ mutationFn: ..., ...inPlaceRowMutation<UserListItem, BlockUserInput>(queryClient, userKeys, 'app_users', ({ status }) => ({ status })) })
 */
export function inPlaceRowMutation<T extends Row, Input extends { id: string }>(
  queryClient: QueryClient,
  keys: Required<ListKeys>,
  table: Table,
  patchOf: (input: Input) => Partial<T>,
) {
  return {
    meta: { changes: [table] },
    onMutate: (input: Input) => patchRowsOptimistically<T>(queryClient, keys, input.id, patchOf(input)),
    onError: (error: Error, _input: Input, rollback: (() => void) | undefined) => {
      rollback?.()
      notifyIfUnseen(error)
    },
    onSuccess: ({ message }: { message: string }) => notify.success(message),
  }
}
