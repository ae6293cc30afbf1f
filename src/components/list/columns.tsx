import {
  columnOrderingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type RowData,
} from '@tanstack/react-table'
import { EMAIL_CUT, MOBILE_CUT } from '@contract'
import { Badge, type BadgeTone } from '@/components/ui/Badge'
import { OrDashes } from '@/components/ui/Dashes'
import { PhoneNumber } from '@/components/ui/PhoneNumber'
import { Truncate } from '@/components/ui/Truncate'
import { formatDate, formatDateTime } from '@/lib/format'

/** What a column may say about its cells beyond TanStack's own options. */
export type ListColumnMeta = {
  /** Extra classes for the column's header and body cells (alignment, width). */
  className?: string
  /**
   * Where the cell goes in the row's card on phones (below `sm`, where a list shows cards instead
   * of a table): `title` first (the row's avatar and name, or title), `status` beside it,
   * `actions` at the card's foot; by default a field, labelled with the column's header. A list
   * without a `title` column takes its first column as the title.
   */
  card?: CardRole
}

/** A column's place in a row's card on phones; see `ListColumnMeta.card`. */
export type CardRole = 'title' | 'status' | 'actions' | 'field'

/**
 * The features every list table registers (TanStack Table v9): sorting and pagination state, both
 * processed by the server (`manualSorting`, `manualPagination`), so no client row models; column
 * visibility and order, as the admin chose them (columnChoice.ts).
 */
export const listFeatures = tableFeatures({
  columnVisibilityFeature,
  columnOrderingFeature,
  rowSortingFeature,
  rowPaginationFeature,
  columnMeta: metaHelper<ListColumnMeta>(),
})
export type ListFeatures = typeof listFeatures

/**
 * The column helper of a list's rows. Define columns once, at module scope (stable identity):
 *
 *   const col = listColumns<UserListItem>()
 *   export const userColumns = col.columns([
 *     col.accessor('username', { header: 'Username', enableSorting: true, meta: { card: 'title' } }),
 *     col.accessor('email', { header: 'Email', cell: cells.email }),
 *     col.display({ id: 'actions', header: 'Actions', cell: ({ row }) => <Actions user={row.original} />, meta: { card: 'actions' } }),
 *   ])
 *
 * Columns are not sortable unless they say `enableSorting: true`; a sortable column's id is sent
 * as `sortBy`, so it must be one of the list query's sortBy values.
 */
export const listColumns = <TRow extends RowData>() => createColumnHelper<ListFeatures, TRow>()

type ValueOf<V> = { getValue: () => V }
type Text = string | null | undefined
const orNull = (value: Text, format: (v: string) => string) => (value ? format(value) : null)

/** Long text kept to two lines; the whole of it is the tooltip. */
function TwoLines({ value, width }: { value: Text; width: 'max-w-xs' | 'max-w-md' }) {
  return (
    <span title={value ?? undefined} className={`line-clamp-2 ${width}`}>
      <OrDashes value={value} />
    </span>
  )
}

/** Ready-made cell renderers for the product's formats: `cell: cells.date`. Missing values show dashes. */
export const cells = {
  /** The value, or dashes. */
  text: (info: ValueOf<Text | number>) => <OrDashes value={info.getValue()} />,
  /** YYYY-MM-DD. */
  date: (info: ValueOf<Text>) => <OrDashes value={orNull(info.getValue(), formatDate)} />,
  /** YYYY-MM-DD, HH:mm. */
  dateTime: (info: ValueOf<Text>) => <OrDashes value={orNull(info.getValue(), formatDateTime)} />,
  /** Cut to 18 characters plus an ellipsis; the full value as a tooltip. */
  email: (info: ValueOf<Text>) => <Truncate value={info.getValue()} max={EMAIL_CUT} />,
  /** Cut to 12 characters plus an ellipsis; the full value as a tooltip. */
  mobile: (info: ValueOf<Text>) => <Truncate value={info.getValue()} max={MOBILE_CUT} />,
  /** A pet owner's phone, '+91 ' and the number cut to 12 characters (the row's `countryCode` and `mobileNo`). */
  phone: ({ row }: { row: { original: { countryCode: Text; mobileNo: Text } } }) => (
    <PhoneNumber countryCode={row.original.countryCode} mobileNo={row.original.mobileNo} cut />
  ),
  /** An address: at most two lines, the whole one as a tooltip. */
  address: (info: ValueOf<Text>) => <TwoLines value={info.getValue()} width="max-w-xs" />,
  /** A description or a message body: at most two lines in a wider column, the whole one as a tooltip. */
  longText: (info: ValueOf<Text>) => <TwoLines value={info.getValue()} width="max-w-md" />,
}

/** A cell renderer for a coded status: `cell: statusCell({ 1: ['Active', 'success'], 2: ['Blocked', 'danger'] })`. */
export function statusCell<V extends string | number>(labels: Record<V, readonly [label: string, tone: BadgeTone]>) {
  return function StatusCell(info: ValueOf<V>) {
    const entry = labels[info.getValue()]
    return entry ? <Badge tone={entry[1]}>{entry[0]}</Badge> : <OrDashes value={null} />
  }
}
