import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, type ErrorComponentProps } from '@tanstack/react-router'
import { FEEDBACK_MSG, type Feedback } from '@contract'
import { DataTable, listColumns } from '@/components/list'
import { DetailsError } from '@/components/layout/DetailsError'
import { useRecordTitle } from '@/components/layout/PageTitle'
import { Avatar } from '@/components/ui/Avatar'
import { OrDashes } from '@/components/ui/Dashes'
import { PhoneNumber } from '@/components/ui/PhoneNumber'
import { Card, DetailsList, type DetailField } from '@/components/ui/DetailsCard'
import { formatDateTime } from '@/lib/format'
import { feedbackDetailsQuery } from './api'
import { authorLabel } from './author'
import { DeleteFeedbackButton } from './DeleteFeedbackButton'
import { FeedbackHandling } from './FeedbackHandling'
import { FeedbackTypeBadge } from './FeedbackTypeBadge'

const route = getRouteApi('/_signed-in/feedback/$feedbackId')

const col = listColumns<Feedback>()
/** The product's feedback summary columns: Username, Feedback Type, Description. */
const summaryColumns = col.columns([
  col.accessor((f) => f.user?.username ?? null, {
    id: 'username',
    header: 'Username',
    meta: { card: 'title' },
    cell: ({ row }) => (
      <span className="flex items-center gap-2 whitespace-nowrap">
        <Avatar src={row.original.user?.profileImage} alt="" className="h-8 w-8" />
        <OrDashes value={row.original.user?.username} />
      </span>
    ),
  }),
  col.accessor('type', { header: 'Feedback Type', cell: (info) => <FeedbackTypeBadge type={info.getValue()} />, meta: { card: 'status' } }),
  col.accessor('description', {
    header: 'Description',
    cell: (info) => (
      <p className="whitespace-pre-line break-words">
        <OrDashes value={info.getValue()} />
      </p>
    ),
  }),
])

/** /feedback/:feedbackId: one feedback, its summary table, who sent it and when, its status and internal notes. */
export function FeedbackDetailsPage() {
  const { feedbackId } = route.useParams()
  const { data: item } = useSuspenseQuery(feedbackDetailsQuery(feedbackId))
  const navigate = route.useNavigate()
  // Named by who sent it; a deleted account leaves the route's 'Feedback'.
  useRecordTitle(item.user?.username ?? item.user?.name ?? undefined)
  return (
    <section aria-labelledby="feedback-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="feedback-title" className="text-xl font-semibold text-slate-900">
          Feedback Details
        </h1>
        <DeleteFeedbackButton item={item} name={`Feedback from ${authorLabel(item)}`} onDeleted={() => navigate({ to: '/feedback' })} />
      </div>
      <DataTable name="Feedback Summary" columns={summaryColumns} data={[item]} />
      <Sender item={item} />
      <FeedbackHandling item={item} />
    </section>
  )
}

function Sender({ item }: { item: Feedback }) {
  const user = item.user
  const fields: DetailField[] = [
    ['Username', <OrDashes value={user?.username} />],
    ['Name', <OrDashes value={user?.name} />],
    ['Email', <OrDashes value={user?.email} />],
    ['Mobile No.', <PhoneNumber countryCode={user?.countryCode} mobileNo={user?.mobileNo} />],
    ['Created At', formatDateTime(item.createdAt)],
  ]
  return (
    <Card title="User Details">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Avatar src={user?.profileImage} alt={user ? `${user.username ?? user.name ?? 'The user'}'s picture` : ''} className="h-16 w-16" />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          {!user && <p className="text-sm text-slate-600">The account that sent this feedback no longer exists.</p>}
          <DetailsList fields={fields} />
        </div>
      </div>
    </Card>
  )
}

/** The details route's error view: an id that names no feedback leads back to the list. */
export function FeedbackDetailsError(props: ErrorComponentProps) {
  return (
    <DetailsError
      {...props}
      title={FEEDBACK_MSG.notFound}
      text="No feedback has this id. It may have been removed, or the link is incomplete."
      back={{ to: '/feedback', label: 'Back to Feedback' }}
    />
  )
}
