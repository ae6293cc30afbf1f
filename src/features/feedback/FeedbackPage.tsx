import { getRouteApi } from '@tanstack/react-router'
import { FEEDBACK_TYPES, feedbackTypeLabel, type FeedbackType } from '@contract'
import { ExportCsvButton, ListScreen, RowLink, cells, listColumns, type ListFilter } from '@/components/list'
import { OrDashes } from '@/components/ui/Dashes'
import { feedbackListQueryOptions, type NumberedFeedback } from './api'
import { FeedbackTypeBadge } from './FeedbackTypeBadge'

const route = getRouteApi('/_signed-in/feedback/')

/** Who wrote it, for a link's name: the username, else the name, else that the account is gone. */
export const authorLabel = (f: Pick<NumberedFeedback, 'user'>) =>
  f.user?.username?.trim() || f.user?.name?.trim() || 'a deleted user'

const col = listColumns<NumberedFeedback>()
/** The product's feedback columns: S.No, Feedback Type, Description, Username, Created At, Actions. */
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
      <div className="flex justify-end">
        <RowLink
          to="/feedback/$feedbackId"
          params={{ feedbackId: row.original._id }}
          aria-label={`View feedback ${row.original.serialNo} from ${authorLabel(row.original)}`}
        />
      </div>
    ),
    meta: { className: 'text-right', card: 'actions' },
  }),
])

const typeFilter: ListFilter<FeedbackType> = {
  label: 'Feedback Type',
  options: FEEDBACK_TYPES.map((type) => ({ value: type, label: feedbackTypeLabel[type] })),
}

/** /feedback: what users wrote in, searchable (description, username), sortable, filtered by type, exportable. */
export function FeedbackPage() {
  return (
    <ListScreen
      name="Feedback"
      route={route}
      query={feedbackListQueryOptions}
      columns={feedbackColumns}
      filter={typeFilter}
      actions={(q) => <ExportCsvButton path="feedback/export" query={q} filename="feedback.csv" />}
    />
  )
}
