import { Link, getRouteApi } from '@tanstack/react-router'
import { FEEDBACK_TYPES, feedbackTypeLabel, type FeedbackType } from '@contract'
import { ExportCsvButton, ListScreen, cells, listColumns, type ListFilter } from '@/components/list'
import { EyeIcon } from '@/components/list/icons'
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
  col.accessor('type', { header: 'Feedback Type', enableSorting: true, cell: (info) => <FeedbackTypeBadge type={info.getValue()} /> }),
  col.accessor('description', {
    header: 'Description',
    // Long texts stay on two lines; the whole one is the tooltip.
    cell: (info) => (
      <span title={info.getValue()} className="line-clamp-2 max-w-md">
        <OrDashes value={info.getValue()} />
      </span>
    ),
  }),
  col.accessor((f) => f.user?.username ?? null, {
    id: 'username',
    header: 'Username',
    cell: ({ row }) => <OrDashes value={row.original.user?.username} />,
  }),
  col.accessor('createdAt', { header: 'Created At', enableSorting: true, cell: cells.date, meta: { className: 'whitespace-nowrap' } }),
  col.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => (
      <div className="flex justify-end">
        <Link
          to="/feedback/$feedbackId"
          params={{ feedbackId: row.original._id }}
          preload="intent"
          aria-label={`View feedback ${row.original.serialNo} from ${authorLabel(row.original)}`}
          title="View details"
          className="inline-flex h-8 w-8 items-center justify-center rounded-full text-primary-700 hover:bg-primary-50"
        >
          <EyeIcon className="h-5 w-5" />
        </Link>
      </div>
    ),
    meta: { className: 'text-right' },
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
