import { Link, type ErrorComponentProps } from '@tanstack/react-router'
import { CITY_MSG, SITE_MSG } from '@contract'
import type { Crumb } from '@/components/layout/crumbs'
import { Breadcrumbs } from '@/components/layout/Breadcrumbs'
import { RouteError } from '@/components/layout/RouteError'
import { ApiError } from '@/lib/http'
import { CONTENT_CRUMB } from './content'

/**
 * The error view of a content route: an id that names no city or site reads as such (the client
 * only logs a 404), with the way back to the cities; any other failure is the usual retry. The
 * trail ends in what the page would have been.
 */
function ContentError({ title, text, trail, ...props }: ErrorComponentProps & { title: string; text: string; trail: Crumb[] }) {
  if (!(props.error instanceof ApiError && props.error.status === 404)) {
    return (
      <>
        <Breadcrumbs items={trail} />
        <RouteError {...props} />
      </>
    )
  }
  return (
    <>
      <Breadcrumbs items={trail} />
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-white p-6">
        <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
        <p className="text-sm text-slate-600">{text}</p>
        <Link to="/content-management" className="font-semibold text-primary-700 underline-offset-2 hover:underline">
          Back to Content
        </Link>
      </div>
    </>
  )
}

/** /cities/:cityId, and /sites/add-site whose cityId names no city. */
export function CityError({ current, ...props }: ErrorComponentProps & { current?: string }) {
  return (
    <ContentError
      {...props}
      title={CITY_MSG.notFound}
      text={
        current
          ? 'A site is added from its city’s page. Open the city in Content, then choose Add Site.'
          : 'No city has this id. It may have been deleted, or the link is incomplete.'
      }
      trail={[CONTENT_CRUMB, { name: current ?? 'City', path: '' }]}
    />
  )
}

/** /sites/site-details/:siteId and /sites/site?siteId= (current: 'Edit'). */
export function SiteError({ current = 'Site', ...props }: ErrorComponentProps & { current?: string }) {
  return (
    <ContentError
      {...props}
      title={SITE_MSG.notFound}
      text="No site has this id. It may have been deleted, or the link is incomplete."
      trail={[CONTENT_CRUMB, { name: current, path: '' }]}
    />
  )
}
