import { type City, type PlaceStatus, type SiteDetails } from '@contract'
import type { Crumb } from '@/components/layout/crumbs'

/**
 * The words, trails and rights of the content screens (docs/DECISIONS.md, Content), apart from the
 * screens so each reads the same.
 */

/** A site's status, 1 Active, 2 Inactive (not the places' "Deactive": docs/DECISIONS.md, Content). */
export const siteStatusLabel: Record<PlaceStatus, string> = { 1: 'Active', 2: 'Inactive' }

/** The first crumb of every content screen: the cities list, named as its menu entry. */
export const CONTENT_CRUMB: Crumb = { name: 'Content', path: '/content-management' }

export const cityCrumb = (city: Pick<City, '_id' | 'name'>): Crumb => ({ name: city.name, path: `/cities/${city._id}` })

/** Content > {City} > {Site}, then `more` (Edit). The last item is the current page. */
export const siteTrail = (site: Pick<SiteDetails, '_id' | 'name' | 'cityId' | 'cityName'>, ...more: Crumb[]): Crumb[] => [
  CONTENT_CRUMB,
  cityCrumb({ _id: site.cityId, name: site.cityName }),
  { name: site.name, path: `/sites/site-details/${site._id}` },
  ...more,
]
