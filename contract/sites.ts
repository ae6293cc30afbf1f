import { z } from 'zod'
import { addedImages, imageEditBody } from './image-edit'
import { listQuery } from './list'
import { LIST_PARAMS } from './list-params'
import { placeStatus } from './places'
import { coordinateFields, lengthText } from './validation'

/** A pet-friendly place in a city (docs/DECISIONS.md, Content). Its status works like a place's: 1 active, 2 inactive. */
export const siteListItem = z.object({
  _id: z.string(),
  cityId: z.string(),
  name: z.string(),
  address: z.string(),
  status: placeStatus,
  createdAt: z.string(),
})
export type SiteListItem = z.infer<typeof siteListItem>

export const siteDetails = siteListItem.extend({
  /** For breadcrumbs and the details header. */
  cityName: z.string(),
  description: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  images: z.array(z.string()),
  updatedAt: z.string(),
  /** What an edit sends back (contract/versions.ts): raised by every save of the form, not by the status toggle. */
  version: z.number().int(),
})
export type SiteDetails = z.infer<typeof siteDetails>

/** GET /admin/site/list: one city's sites (or every site without cityId), filtered by status. */
export const siteListQuery = listQuery({
  sortBy: LIST_PARAMS.sites.sortBy,
  filter: z.coerce.number().pipe(placeStatus),
}).extend({ cityId: z.uuid({ message: 'Invalid city id' }).optional() })
export type SiteListQuery = z.infer<typeof siteListQuery>

/** The product shows no site form; its fields follow the place form's rules, worded for a site. */
export const SITE_FIELD_MSG = {
  name: 'Enter site name',
  address: 'Please enter valid site address',
  city: 'Choose the city of this site',
} as const

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

/** The product's site upload text, and the picker's refusal of a larger file. */
export const SITE_UPLOAD_TEXT = 'JPG/JPEG/PNG/WEBP up to 20 MB'

export const SITE_MSG = {
  listed: 'Sites fetched successfully',
  fetched: 'Site fetched successfully',
  created: 'Site added successfully',
  updated: 'Site updated successfully',
  statusUpdated: 'Site status updated successfully',
  deleted: 'Site has been deleted successfully!',
  notFound: 'Site not found',
  imagePicker: 'Selected image exceeded 20MB and was not added.',
} as const
