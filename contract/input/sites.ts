import { z } from 'zod'
import { addedImages, imageEditBody } from '../image-edit'
import { listQuery } from '../list'
import { LIST_PARAMS } from '../list-params'
import { placeStatus } from '../places'
import { coordinateFields, lengthText } from '../validation'
import { SITE_FIELD_MSG } from '../sites'

/** GET /admin/site/list: one city's sites (or every site without cityId), filtered by status. */
export const siteListQuery = listQuery({
  sortBy: LIST_PARAMS.sites.sortBy,
  filter: z.coerce.number().pipe(placeStatus),
}).extend({ cityId: z.uuid({ message: 'Invalid city id' }).optional() })
export type SiteListQuery = z.infer<typeof siteListQuery>

export const siteFields = z.strictObject({
  name: lengthText(2, 100, SITE_FIELD_MSG.name),
  description: lengthText(2, 500),
  address: lengthText(2, 500, SITE_FIELD_MSG.address),
  ...coordinateFields,
})

/** POST /admin/site: the site's fields, its city and the uploaded image URLs (at least one). */
export const siteCreateBody = siteFields.extend({
  cityId: z.uuid({ message: SITE_FIELD_MSG.city }),
  images: addedImages,
})
export type SiteCreateBody = z.infer<typeof siteCreateBody>

/**
 * PUT /admin/site/{id}: the image-list edit (contract/image-edit.ts), like a place's, but a site
 * keeps at least one image. A site stays in its city.
 */
export const siteUpdateBody = imageEditBody(siteFields, { min: 1 })
export type SiteUpdateBody = z.infer<typeof siteUpdateBody>
