import { getRouteApi } from '@tanstack/react-router'
import { FEEDBACK_TYPES, feedbackTypeLabel, type FeedbackType } from '@contract'
import { LIST_PARAMS } from '@contract/list-params'
import { ListScreen, RowLink, cells, choiceFilter, listColumns, type ListBulk, type ListFilter } from '@/components/list'
import { OrDashes } from '@/components/ui/Dashes'
import { feedbackListQueryOptions, type NumberedFeedback } from './api'
import { authorLabel } from './author'
import { DeleteFeedbackButton } from './DeleteFeedbackButton'
import { feedbackStatusOptions } from './FeedbackStatusBadge'
import { FeedbackStatusSelect } from './FeedbackStatusSelect'
import { FeedbackTypeBadge } from './FeedbackTypeBadge'

const route = getRouteApi('/_signed-in/feedback/')
type FeedbackSearch = ReturnType<typeof route.useSearch>

const col = listColumns<NumberedFeedback>()
/**
 * The product's feedback columns: S.No, Feedback Type, Description, Username, Created At, Actions.
 * The status is handled in Actions (its picker, or its badge for a role that does not handle
 * feedback), as the users list's status is: the spec's set has no Status column.
 */
export const feedbackColumns = col.columns([
  col.accessor('serialNo', { header: 'S.No', meta: { className: 'w-16 tabular-nums' } }),
  col.accessor('type', {
    header: 'Feedback Type',
    enableSorting: true,
    cell: (info) => <FeedbackTypeBadge type={info.getValue()} />,
    meta: { card: 'status' },
  }),
  col.accessor('description', { header: 'Description', cell: cells.longText }),
  col.accessor((f) => f.user?.username ?? null, {
    id: 'username',
    header: 'Username',
    cell: ({ row }) => <OrDashes value={row.original.user?.username} />,
    meta: { card: 'title' },
  }),
  col.accessor('createdAt', { header: 'Created At', enableSorting: true, cell: cells.date, meta: { className: 'whitespace-nowrap' } }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => (
      <div className="flex items-center justify-end gap-2">
        <FeedbackStatusSelect
          item={row.original}
          label={{ hidden: `Status of feedback ${row.original.serialNo} from ${authorLabel(row.original)}` }}
          className="w-36"
        />
        <RowLink
          to="/feedback/$feedbackId"
          params={{ feedbackId: row.original._id }}
          aria-label={`View feedback ${row.original.serialNo} from ${authorLabel(row.original)}`}
        />
        <DeleteFeedbackButton item={row.original} name={`Feedback ${row.original.serialNo} from ${authorLabel(row.original)}`} compact />
      </div>
    ),
    meta: { className: 'text-right', card: 'actions' },
  }),
])

const typeFilter: ListFilter<FeedbackType> = {
  label: 'Feedback Type',
  options: FEEDBACK_TYPES.map((type) => ({ value: type, label: feedbackTypeLabel[type] })),
}

/** The status, in the same Filters panel after the type. */
const filters = [choiceFilter<FeedbackSearch, 'status'>('status', 'Status', feedbackStatusOptions)]

/** Feedback in bulk: mark resolved, and (admins) delete. */
const bulk: ListBulk<NumberedFeedback> = {
  list: 'feedback',
  noun: ['feedback', 'feedback'],
  rowLabel: (f) => `feedback ${f.serialNo}`,
}

/** /feedback: what users wrote in, searchable (description, username), sortable, filtered by type and status, exportable. */
export function FeedbackPage() {
  return (
    <ListScreen
      name="Feedback"
      list="feedback"
      route={route}
      query={feedbackListQueryOptions}
      columns={feedbackColumns}
      filter={typeFilter}
      bulk={bulk}
      params={LIST_PARAMS.feedback.params}
      filters={filters}
      csv={{ path: 'feedback/export', filename: 'feedback.csv' }}
    />
  )
}
