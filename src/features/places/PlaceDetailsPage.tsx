import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate, type ErrorComponentProps } from '@tanstack/react-router'
import { DEFAULT_COORDINATE, PLACE_STATUS, PLACES_MSG, placeStatusLabel, type PlaceDetails, type PlaceKind } from '@contract'
import { Breadcrumbs } from '@/components/layout/Breadcrumbs'
import { DetailsError } from '@/components/layout/DetailsError'
import { useRecordTitle } from '@/components/layout/PageTitle'
import { Badge } from '@/components/ui/Badge'
import { OrDashes } from '@/components/ui/Dashes'
import { Card, DetailsCard, DetailsList, MapLink, type DetailField } from '@/components/ui/DetailsCard'
import { ImageGallery } from '@/components/ui/ImageGallery'
import { fileSrc } from '@/lib/file-src'
import { formatDateTime } from '@/lib/format'
import { placeDetailsQuery } from './api'
import { PLACE_SCREENS } from './kinds'
import { DeletePlaceButton, EditPlaceLink, PlaceStatusSwitch } from './PlaceActions'

/** A place without a logo shows this image the panel ships (an emoji drew an empty box where no emoji font is installed). */
const PLACE_WITHOUT_LOGO = '/images/place-placeholder.svg'

const trail = (kind: PlaceKind, current: string) => [
  { name: PLACE_SCREENS[kind].title, path: PLACE_SCREENS[kind].listPath },
  { name: current, path: '' },
]

/**
 * Whether a place has coordinates: -1 is the form's "none chosen" default, and a draft's 0, 0
 * (made from a partner request) is no position either.
 */
const hasCoordinates = (p: Pick<PlaceDetails, 'latitude' | 'longitude' | 'draft'>) =>
  !p.draft && (p.latitude !== DEFAULT_COORDINATE || p.longitude !== DEFAULT_COORDINATE)

/**
 * /pet-shops/details/:id and /hospitals/details/:id: everything about one place, its status
 * switch, and Delete for an admin (then back to the list).
 */
export function PlaceDetailsPage({ kind }: { kind: PlaceKind }) {
  const screen = PLACE_SCREENS[kind]
  const id = screen.useDetailsId()
  const { data: place } = useSuspenseQuery(placeDetailsQuery(kind, id))
  const navigate = useNavigate()
  useRecordTitle(place.name)
  const active = place.status === PLACE_STATUS.ACTIVE
  return (
    <>
      <Breadcrumbs items={trail(kind, place.name)} />
      <section aria-labelledby="place-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <img
            src={place.logo ? fileSrc(place.logo) : PLACE_WITHOUT_LOGO}
            alt={place.logo ? `${place.name} logo` : `${place.name}: no logo`}
            className="h-16 w-16 shrink-0 rounded-lg bg-slate-100 object-cover"
          />
          <div className="mr-auto flex min-w-0 flex-col gap-1">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{screen.one}</p>
            <h1 id="place-title" className="truncate text-xl font-semibold text-slate-900">
              {place.name}
            </h1>
            {place.draft && (
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <Badge tone="warning">Draft</Badge>
                <span>Complete it (Edit: a description, its address on the map and an image, then Save) before activating it.</span>
              </p>
            )}
          </div>
          <div className="flex items-center gap-3">
            <span className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <PlaceStatusSwitch kind={kind} place={place} label="Active" />
              <span aria-hidden="true">{active ? placeStatusLabel[1] : placeStatusLabel[2]}</span>
            </span>
            <EditPlaceLink kind={kind} place={place} />
            <DeletePlaceButton kind={kind} place={place} onDeleted={() => navigate({ to: screen.listPath })} />
          </div>
        </div>
        <Details place={place} />
        <Owner place={place} />
        <ImageGallery images={place.images} />
      </section>
    </>
  )
}

function Details({ place }: { place: PlaceDetails }) {
  const coordinates = hasCoordinates(place)
  const fields: DetailField[] = [
    ['Description', <OrDashes value={place.description} />, true],
    ['Discount Title', <OrDashes value={place.discount_title} />],
    ['Discount Description', <OrDashes value={place.discount_description} />],
    ['Address', <OrDashes value={place.address} />, true],
    ['Latitude', <OrDashes value={coordinates ? place.latitude : null} />],
    ['Longitude', <OrDashes value={coordinates ? place.longitude : null} />],
    ['Status', <Badge tone={place.status === PLACE_STATUS.ACTIVE ? 'success' : 'danger'}>{placeStatusLabel[place.status]}</Badge>],
    ['Created At', formatDateTime(place.createdAt)],
    ['Updated At', formatDateTime(place.updatedAt)],
  ]
  return <DetailsCard fields={fields}>{coordinates && <MapLink latitude={place.latitude} longitude={place.longitude} />}</DetailsCard>
}

/** The owner's contact and the partner request the place was made from, when it was made from one. */
function Owner({ place }: { place: PlaceDetails }) {
  if (!place.owner && !place.partnerId) return null
  const fields: DetailField[] = [
    ['Owner Name', <OrDashes value={place.owner?.name} />],
    ['Owner Email', <OrDashes value={place.owner?.email} />],
    ['Owner Mobile No.', <OrDashes value={place.owner?.mobileNo} />],
  ]
  return (
    <Card title="Owner">
      <DetailsList fields={fields} />
      {place.partnerId && (
        <Link
          to="/partners/$partnerId"
          params={{ partnerId: place.partnerId }}
          className="mt-4 inline-block text-sm font-medium text-primary-700 underline-offset-2 hover:underline"
        >
          View the partner request it was made from
        </Link>
      )}
    </Card>
  )
}

/** The details route's error view: an id that names no place leads back to the list. */
export function PlaceDetailsError({ kind, current = 'Details', ...props }: ErrorComponentProps & { kind: PlaceKind; current?: string }) {
  const screen = PLACE_SCREENS[kind]
  return (
    <DetailsError
      {...props}
      title={PLACES_MSG[kind].notFound}
      text={`No ${screen.noun} has this id. It may have been deleted, or the link is incomplete.`}
      back={{ to: screen.listPath, label: `Back to ${screen.title}` }}
      trail={trail(kind, current)}
    />
  )
}
