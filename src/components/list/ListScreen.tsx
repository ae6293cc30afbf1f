/**
 * The list kit: ONE screen shape for every list (users, partners, pet shops, hospitals, feedback,
 * notifications): a header (optional breadcrumb, h1, search box, Filters with its dot, actions), a
 * server-sorted and server-paged TanStack table (skeleton, 'No {name} Found !!!', error + Retry),
 * and pagination. The list state (page, limit, search, sortBy, sortOrder, filter) lives in the
 * URL: a list view is a shareable link, back/forward walk through it, defaults stay out of it.
 *
 * A new list = a thin route file + columns + one component:
 *
 *   // routes/_signed-in/things.tsx
 *   export const Route = createFileRoute('/_signed-in/things')({
 *     validateSearch: listSearch(LIST_PARAMS.things),       // the contract's list query, forgiving
 *     search: { middlewares: [stripSearchParams(listDefaults)] },
 *     loaderDeps: ({ search }) => listDeps(search),
 *     // Starts the fetch, never waits: skeleton rows on a first load, the previous page kept on
 *     // screen (aria-busy) while the next one loads, no route pending flash.
 *     loader: ({ context, deps }) => prefetchList(context.queryClient, thingsListQuery(deps)),
 *     component: ThingsPage,
 *   })
 *
 *   // features/things/ThingsPage.tsx (api.ts: thingKeys + thingsListQuery = q => queryOptions(...))
 *   const route = getRouteApi('/_signed-in/things')
 *   const col = listColumns<Thing>()
 *   const columns = col.columns([                                   // module scope: stable
 *     col.accessor('name', { header: 'Name', enableSorting: true, meta: { card: 'title' } }),  // id is the wire's sortBy
 *     col.accessor('email', { header: 'Email', cell: cells.email }),  // cells: text, date, dateTime, email, mobile
 *     col.accessor('status', { header: 'Status', cell: statusCell({ 1: ['Active', 'success'], 2: ['Deactive', 'danger'] }), meta: { card: 'status' } }),
 *     col.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <ThingActions thing={row.original} />, meta: { card: 'actions' } }),
 *   ])
 *   export function ThingsPage() {
 *     return (
 *       <ListScreen name="Things" route={route} query={thingsListQuery} columns={columns}
 *         filter={{ label: 'Status', options: [{ value: 1, label: 'Active' }, { value: 2, label: 'Deactive' }] }}
 *         csv={{ path: 'admin/things/export', filename: 'things.csv' }} />
 *     )
 *   }
 *
 * A list query with fields of its own (the audit log's action, actorId, from, to) passes them as
 * `params`, its `LIST_PARAMS[list].params` (route: `loaderDeps: ({ search }) => listDeps(search,
 * params)`, screen: `params`) and adds their filters to the same Filters panel with
 * `filters={[choiceFilter('status', 'Status', options)]}` (or a part with controls of its own, such
 * as `DateRangeFilter`); the filters in effect show as chips, each removable. Export CSV
 * sends them with the rest. On a phone the header is the heading, then one row: the search and
 * icon buttons (`ToolLabel` keeps a button's words for screen readers).
 *
 * On a phone (below `sm`) the rows are cards: `meta.card` places each column's cell (title,
 * status, actions; a labelled field by default) and "Sort by" replaces the sortable headers.
 * After a confirmed delete, focus moves to the next row, or to the heading when none is left.
 *
 * Changing search, filter, sort or rows per page goes back to page 1. Only columns with
 * `enableSorting: true` sort. `ListView` is the same list with caller-held state (a picker in a
 * dialog; `selection` adds row checkboxes, the choice held by the caller across pages and
 * searches); `bulk` gives a list its bulk actions (bulkChoice.tsx: the checkboxes and the choice;
 * BulkActionsBar.tsx: the bar, confirmation and summary); `DataTable` and `Pagination` are usable
 * alone (a fixed 5-row recipients table).
 */
import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react'
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { TABLE_PAGE_SIZES, type ListPage, type SortOrder } from '@contract'
import type { ListName } from '@contract/preferences'
import type { PaginationState, RowData } from '@tanstack/react-table'
import { useBulkChoice } from './bulkChoice'
import type { ListBulk, ListCsv } from './bulk-types'
import { ColumnsButton } from './ColumnsButton'
import { PHONE_SCREEN, useMediaQuery } from '@/components/layout/useMediaQuery'
import { useColumnChoice } from './columnChoice'
import { CompactToolsContext, useListTools } from './tools'
import { DataTable } from './DataTable'
import { ExportCsvButton } from './ExportCsvButton'
import type { ListColumnDefs, RowSelection } from './table-types'
import { FilterChips } from './FilterChips'
import { FiltersButton } from './FiltersButton'
import { choiceFilter, isFilterSet, type ListFilterPart } from './filters'
import { SearchBox } from './SearchBox'
import { listDeps, type ListFilter, type ListParams, type ListSearch } from './search'

/** What the screen needs of its route: `getRouteApi('/_signed-in/users/')` fits. */
export type ListRoute<Q extends ListSearch> = {
  useSearch: () => Q
  // The router's navigate is typed per route; the screen only ever passes `{ search: (prev: Q) => Q }`.
  useNavigate: () => (options: never) => Promise<void>
}
type Navigate<Q> = (options: { search: (prev: Q) => Q; replace?: boolean }) => Promise<void>

type FilterValue<Q extends ListSearch> = Extract<NonNullable<Q['filter']>, string | number>

/** Applies a change to the list state: `(prev) => next`; `replace` rewrites the current state instead of adding one. */
export type ListStateChange<Q> = (update: (prev: Q) => Q, options?: { replace?: boolean }) => void

type ListProps<TRow extends RowData & { _id: string }, Q extends ListSearch, TKey extends QueryKey> = {
  /** Plural, capitalised: the heading, the table's caption and 'No {name} Found !!!'. */
  name: string
  /** The feature's list queryOptions builder, e.g. `usersListQuery`. */
  query: (q: Q) => UseQueryOptions<ListPage<TRow>, Error, ListPage<TRow>, TKey>
  /** Defined once at module scope with `listColumns<TRow>()`. */
  columns: ListColumnDefs<TRow>
  /**
   * The list's name among the contract's LIST_NAMES: its header gets Columns (show, hide, reorder,
   * kept in the admin's preferences) and the saved views (ListTools).
   */
  list?: ListName
  /** The Filters button's choices ("All" is added); omitted: no Filters button. */
  filter?: ListFilter<FilterValue<Q>>
  /**
   * Further filters, for a list query with fields of its own (see `params`): each is a part of the
   * same Filters panel after `filter` (`choiceFilter(key, label, options)`, or controls of its
   * own such as `DateRangeFilter`), and a chip while set.
   */
  filters?: readonly ListFilterPart<Q>[]
  /** The list's CSV export: Export CSV in the header (the list as searched, filtered and sorted), and Export selected with `bulk`. */
  csv?: ListCsv
  /** Extra header actions after Export CSV (Add...). */
  actions?: ReactNode
  /** An optional breadcrumb above the header (the layout's bar is built from the path otherwise). */
  breadcrumb?: ReactNode
  /** The search box's label; 'Search' by default. */
  searchLabel?: string
  /** The name as the page's h1 (default); `false` inside a dialog or a page that has its own heading. */
  heading?: boolean
  /** Choosable rows (a picker): a checkbox per row and one for the page; the caller keeps the choice. */
  selection?: RowSelection<TRow>
  /** Bulk actions (bulkChoice.tsx): row checkboxes and, once rows are chosen, the bulk bar. */
  bulk?: ListBulk<TRow>
}

export type ListScreenProps<TRow extends RowData & { _id: string }, Q extends ListSearch, TKey extends QueryKey> = ListProps<
  TRow,
  Q,
  TKey
> & {
  /** `getRouteApi('<the route id>')`: the list state is that route's search params. */
  route: ListRoute<Q>
  /** The list query's own fields beyond the kit's, kept in the state: the same as the route's `listDeps(search, params)`. */
  params?: ListParams<Q>
}

export type ListViewProps<TRow extends RowData & { _id: string }, Q extends ListSearch, TKey extends QueryKey> = ListProps<
  TRow,
  Q,
  TKey
> & {
  /** The list state, parsed (defaults applied). */
  state: Q
  onStateChange: ListStateChange<Q>
}

/** A routed list: its state in the URL, each change a history entry. */
export function ListScreen<TRow extends RowData & { _id: string }, Q extends ListSearch, TKey extends QueryKey>({
  route,
  params,
  ...props
}: ListScreenProps<TRow, Q, TKey>) {
  const state = listDeps(route.useSearch(), params)
  const navigate = route.useNavigate() as Navigate<Q>
  const onStateChange = useCallback<ListStateChange<Q>>(
    (update, { replace } = {}) => void navigate({ search: update, replace }),
    [navigate],
  )
  return <ListView {...props} state={state} onStateChange={onStateChange} />
}

/**
 * The same list with its state held by the caller (a picker in a dialog: `useState(listDefaults)`
 * parsed by the contract's schema). `onStateChange` should be stable (a state setter is).
 */
export function ListView<TRow extends RowData & { _id: string }, Q extends ListSearch, TKey extends QueryKey>({
  name,
  state,
  onStateChange,
  query,
  columns,
  list: listName,
  filter,
  filters,
  csv,
  actions,
  breadcrumb,
  searchLabel = 'Search',
  heading = true,
  selection,
  bulk,
}: ListViewProps<TRow, Q, TKey>) {
  const titleId = useId()
  // Where focus goes when a delete empties the list: its heading, else the list's own section.
  const headingRef = useRef<HTMLHeadingElement>(null)
  const filtersBox = useRef<HTMLSpanElement>(null)
  const result = useQuery({ ...query(state), placeholderData: keepPreviousData })
  const list = result.data
  const columnChoice = useColumnChoice(listName, columns)
  const { Views } = useListTools()
  const chosen = useBulkChoice(bulk, csv, state, list?.total, list?.data)
  // On a phone the toolbar is one row: the search and icon buttons.
  const phone = useMediaQuery(PHONE_SCREEN)
  const filterParts: ListFilterPart<Q>[] = [
    ...(filter ? [choiceFilter<Q, 'filter'>('filter', filter.label, filter.options as never)] : []),
    ...(filters ?? []),
  ]

  // A page past the end (an old link, rows gone since): show the last page instead, in place.
  const lastPage = list && !result.isPlaceholderData ? Math.max(1, list.totalPages) : undefined
  useEffect(() => {
    if (lastPage !== undefined && state.page > lastPage) onStateChange((prev) => ({ ...prev, page: lastPage }), { replace: true })
  }, [lastPage, state.page, onStateChange])

  /** A new list state. `resetPage`: the rows change, so start again at page 1. */
  const change = (patch: Partial<ListSearch>, { resetPage = true } = {}) =>
    onStateChange((prev) => ({ ...prev, ...patch, ...(resetPage ? { page: 1 } : {}) }))

  const onPageChange = ({ pageIndex, pageSize }: PaginationState) =>
    pageSize !== state.limit
      ? change({ limit: pageSize })
      : // The table's zero-based index becomes the wire's 1-based page here, at the edge.
        change({ page: pageIndex + 1 }, { resetPage: false })

  return (
    <section
      ref={heading ? undefined : headingRef}
      // Without its own heading the list sits in a page or dialog already named so: a group, not a
      // second landmark of the same name.
      role={heading ? undefined : 'group'}
      aria-labelledby={heading ? titleId : undefined}
      aria-label={heading ? undefined : name}
      className="flex flex-col gap-4"
    >
      {breadcrumb}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-end">
        {heading && (
          <h1 ref={headingRef} id={titleId} className="text-xl font-semibold text-slate-900 sm:mr-auto">
            {name}
          </h1>
        )}
        <CompactToolsContext value={phone}>
          <div role="group" aria-label={`${name} tools`} className="relative flex min-w-0 items-center gap-2 sm:flex-wrap sm:justify-end sm:gap-3">
            <SearchBox
              value={state.search}
              label={searchLabel}
              onSearch={(text) => change({ search: text })}
              className="min-w-0 flex-1 sm:w-72 sm:flex-none"
            />
            {filterParts.length > 0 && (
              // A box adding nothing to the layout, so the chips can focus the button within
              // (plain, or the loaded panel's: two elements over time, one place to find it).
              <span ref={filtersBox} className="contents">
                <FiltersButton
                  parts={filterParts}
                  state={state}
                  change={(patch) => change(patch as Partial<ListSearch>)}
                  active={filterParts.some((part) => isFilterSet(part, state))}
                />
              </span>
            )}
            {csv && <ExportCsvButton path={csv.path} query={state} filename={csv.filename} />}
            {actions}
            {listName && Views && <Views list={listName} name={name} state={state} />}
            {columnChoice && <ColumnsButton name={name} choice={columnChoice} />}
          </div>
        </CompactToolsContext>
      </div>
      <FilterChips
        parts={filterParts}
        state={state}
        change={(patch) => change(patch as Partial<ListSearch>)}
        filtersButton={() => filtersBox.current?.querySelector('button') ?? null}
      />
      {chosen.bar}
      <DataTable
        name={name}
        columns={columns}
        data={list?.data}
        busy={result.isPlaceholderData}
        error={result.isError ? { message: result.error.message, retry: () => void result.refetch() } : null}
        skeletonRows={Math.min(state.limit, 10)}
        selection={selection ?? chosen.selection}
        headingRef={headingRef}
        layout={columnChoice?.layout}
        sort={{
          sortBy: state.sortBy,
          sortOrder: state.sortOrder,
          // A new order starts from its first page, like a new search.
          onSortChange: (sortBy: string | undefined, sortOrder: SortOrder) =>
            change({ sortBy: sortOrder === 0 ? undefined : sortBy, sortOrder }),
        }}
        page={{
          pageIndex: state.page - 1,
          pageSize: state.limit,
          rowCount: list?.total ?? 0,
          rowCountIsLowerBound: list?.totalIsLowerBound,
          pageSizes: TABLE_PAGE_SIZES,
          onPageChange,
        }}
      />
    </section>
  )
}
