import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router'
import { DEFAULT_COORDINATE, PLACE_STATUS, type SiteDetails } from '@contract'
import { Breadcrumbs } from '@/components/layout/Breadcrumbs'
import { useRecordTitle } from '@/components/layout/PageTitle'
import { MapPinIcon } from '@/components/layout/shell-icons'
import { Badge } from '@/components/ui/Badge'
import { OrDashes } from '@/components/ui/Dashes'
import { DetailsCard, MapLink, type DetailField } from '@/components/ui/DetailsCard'
import { ImageGallery } from '@/components/ui/ImageGallery'
import { formatDateTime } from '@/lib/format'
import { siteDetailsQuery } from './api'
import { siteStatusLabel, siteTrail } from './content'
import { DeleteSiteButton, EditSiteLink, SiteStatusSwitch } from './SiteActions'

const route = getRouteApi('/_signed-in/sites/site-details/$siteId')

const hasCoordinates = (s: Pick<SiteDetails, 'latitude' | 'longitude'>) =>
  s.latitude !== DEFAULT_COORDINATE || s.longitude !== DEFAULT_COORDINATE

/**
 * /sites/site-details/:siteId: everything about one site (trail Content > city > site), its
 * status switch, Edit, and Delete for an admin (then back to the city).
 */
export function SiteDetailsPage() {
  const { siteId } = route.useParams()
  const { data: site } = useSuspenseQuery(siteDetailsQuery(siteId))
  useRecordTitle(site.name)
  const navigate = useNavigate()
  const active = site.status === PLACE_STATUS.ACTIVE
  return (
    <>
      <Breadcrumbs items={siteTrail(site)} />
      <section aria-labelledby="site-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <span aria-hidden="true" className="grid h-16 w-16 shrink-0 place-items-center rounded-lg bg-primary-50 text-primary-700">
            <MapPinIcon className="h-8 w-8" />
          </span>
          <div className="mr-auto flex min-w-0 flex-col gap-1">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
              {'Site in '}
              <Link to="/cities/$cityId" params={{ cityId: site.cityId }} className="text-primary-700 underline-offset-2 hover:underline">
                {site.cityName}
              </Link>
            </p>
            <h1 id="site-title" className="truncate text-xl font-semibold text-slate-900">
              {site.name}
            </h1>
          </div>
          <div className="flex items-center gap-3">
            <span className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <SiteStatusSwitch site={site} label="Active" />
              <span aria-hidden="true">{active ? siteStatusLabel[1] : siteStatusLabel[2]}</span>
            </span>
            <EditSiteLink site={site} />
            <DeleteSiteButton site={site} onDeleted={() => navigate({ to: '/cities/$cityId', params: { cityId: site.cityId } })} />
          </div>
        </div>
        <Details site={site} />
        <ImageGallery images={site.images} />
      </section>
    </>
  )
}

function Details({ site }: { site: SiteDetails }) {
  const coordinates = hasCoordinates(site)
  const fields: DetailField[] = [
    ['Description', <OrDashes value={site.description} />, true],
    ['Address', <OrDashes value={site.address} />, true],
    ['City', <OrDashes value={site.cityName} />],
    ['Latitude', <OrDashes value={coordinates ? site.latitude : null} />],
    ['Longitude', <OrDashes value={coordinates ? site.longitude : null} />],
    ['Status', <Badge tone={site.status === PLACE_STATUS.ACTIVE ? 'success' : 'danger'}>{siteStatusLabel[site.status]}</Badge>],
    ['Created At', formatDateTime(site.createdAt)],
    ['Updated At', formatDateTime(site.updatedAt)],
  ]
  return <DetailsCard fields={fields}>{coordinates && <MapLink latitude={site.latitude} longitude={site.longitude} />}</DetailsCard>
}
