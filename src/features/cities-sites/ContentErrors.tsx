import type { ErrorComponentProps } from '@tanstack/react-router'
import { CITY_MSG, SITE_MSG } from '@contract'
import { DetailsError } from '@/components/layout/DetailsError'
import { CONTENT_CRUMB } from './content'

/** A city or site that is not there leads back to the cities, in Content. */
const BACK_TO_CONTENT = { to: '/content-management', label: 'Back to Content' } as const

/** /cities/:cityId, and /sites/add-site whose cityId names no city. */
export function CityError({ current, ...props }: ErrorComponentProps & { current?: string }) {
  return (
    <DetailsError
      {...props}
      title={CITY_MSG.notFound}
      text={
        current
          ? 'A site is added from its city’s page. Open the city in Content, then choose Add Site.'
          : 'No city has this id. It may have been deleted, or the link is incomplete.'
      }
      back={BACK_TO_CONTENT}
      trail={[CONTENT_CRUMB, { name: current ?? 'City', path: '' }]}
    />
  )
}

/** /sites/site-details/:siteId and /sites/site?siteId= (current: 'Edit'). */
export function SiteError({ current = 'Site', ...props }: ErrorComponentProps & { current?: string }) {
  return (
    <DetailsError
      {...props}
      title={SITE_MSG.notFound}
      text="No site has this id. It may have been deleted, or the link is incomplete."
      back={BACK_TO_CONTENT}
      trail={[CONTENT_CRUMB, { name: current, path: '' }]}
    />
  )
}
