import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link, type ErrorComponentProps } from '@tanstack/react-router'
import { PARTNER_STATUS, PARTNERS_MSG, partnerTypeLabel, type PartnerDetails } from '@contract'
import { DetailsError } from '@/components/layout/DetailsError'
import { useRecordTitle } from '@/components/layout/PageTitle'
import { Badge } from '@/components/ui/Badge'
import { Card, DetailsCard, type DetailField } from '@/components/ui/DetailsCard'
import { useCan } from '@/lib/auth'
import { formatDateTime } from '@/lib/format'
import { partnerDetailsQuery } from './api'
import { PartnerDecision } from './PartnerDecision'
import { PartnerStatusBadge } from './PartnerStatusBadge'

const route = getRouteApi('/_signed-in/partners/$partnerId')

/** /partners/:partnerId: a partner request, its history, and Approve / Decline while it is pending. */
export function PartnerDetailsPage() {
  const { partnerId } = route.useParams()
  const { data: request } = useSuspenseQuery(partnerDetailsQuery(partnerId))
  const canDecide = useCan('partner.decide')
  useRecordTitle(request.name)
  return (
    <section aria-labelledby="partner-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <div className="mr-auto flex min-w-0 flex-col gap-1">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{partnerTypeLabel[request.type]} request</p>
          <h1 id="partner-title" className="break-words text-xl font-semibold text-slate-900">
            {request.name}
          </h1>
        </div>
        <PartnerStatusBadge status={request.status} />
      </div>
      <DetailsCard title="Request" fields={requestFields(request)} />
      <History request={request} />
      {request.status === PARTNER_STATUS.PENDING && canDecide && <PartnerDecision request={request} />}
    </section>
  )
}

const requestFields = (r: PartnerDetails): DetailField[] => [
  ['Name', r.name],
  ['Owner Name', r.ownerName],
  ['Email', r.email],
  ['Mobile No.', r.mobileNo],
  ['Type', partnerTypeLabel[r.type]],
  ['Address', r.address, true],
]

/** What happened to the request, oldest first: received, decided (by whom, why), the place it made. */
function History({ request }: { request: PartnerDetails }) {
  const declined = request.status === PARTNER_STATUS.DECLINED
  const by = request.decidedBy?.email ?? 'an admin whose account is gone'
  return (
    <Card title="History">
      <ol className="flex flex-col gap-3 text-sm text-slate-900">
        <Event at={request.createdAt}>Request received</Event>
        {request.decidedAt && (
          <Event at={request.decidedAt}>
            {declined ? 'Declined' : 'Approved'} by {by}
            {declined && request.declineReason && (
              <>
                <span className="mt-1 block text-xs font-medium uppercase tracking-wide text-slate-500">Reason</span>
                <span className="block whitespace-pre-line break-words">{request.declineReason}</span>
              </>
            )}
          </Event>
        )}
        {request.status === PARTNER_STATUS.APPROVED && <PlaceEvent request={request} />}
        {request.status === PARTNER_STATUS.PENDING && <li className="text-slate-600">Waiting for a decision.</li>}
      </ol>
    </Card>
  )
}

function Event({ at, children }: { at: string; children: React.ReactNode }) {
  return (
    <li className="flex flex-col gap-0.5 border-l-2 border-slate-200 pl-3">
      <time dateTime={at} className="text-xs text-slate-500">
        {formatDateTime(at)}
      </time>
      <span>{children}</span>
    </li>
  )
}

/** The pet shop or hospital approving made, linked; or that it has been deleted since. */
function PlaceEvent({ request }: { request: PartnerDetails }) {
  const place = request.place
  const noun = partnerTypeLabel[request.type].toLowerCase()
  if (!place) return <li className="border-l-2 border-slate-200 pl-3 text-slate-600">The {noun} made from this request has been deleted.</li>
  const link =
    place.kind === 'hospital'
      ? ({ to: '/hospitals/details/$id', params: { id: place._id } } as const)
      : ({ to: '/pet-shops/details/$id', params: { id: place._id } } as const)
  return (
    <li className="flex flex-wrap items-center gap-2 border-l-2 border-slate-200 pl-3">
      <span>{place.draft ? `A draft ${noun} was created:` : `Its ${noun}:`}</span>
      <Link {...link} className="font-semibold text-primary-700 underline-offset-2 hover:underline">
        {place.name}
      </Link>
      {place.draft && <Badge tone="warning">Draft</Badge>}
    </li>
  )
}

/** The details route's error view: an id that names no request leads back to the list. */
export function PartnerDetailsError(props: ErrorComponentProps) {
  return (
    <DetailsError
      {...props}
      title={PARTNERS_MSG.notFound}
      text="No partner request has this id. It may have been removed, or the link is incomplete."
      back={{ to: '/partners', label: 'Back to Partners' }}
    />
  )
}
