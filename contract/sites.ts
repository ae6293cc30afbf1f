import * as zm from 'zod/mini'
import { placeStatus } from './places'

/** A pet-friendly place in a city (docs/DECISIONS.md, Content). Its status works like a place's: 1 active, 2 inactive. */
export const siteListItem = zm.object({
  _id: zm.string(),
  cityId: zm.string(),
  name: zm.string(),
  address: zm.string(),
  status: placeStatus,
  createdAt: zm.string(),
})
export type SiteListItem = zm.infer<typeof siteListItem>

export const siteDetails = zm.extend(siteListItem, {
  /** For breadcrumbs and the details header. */
  cityName: zm.string(),
  description: zm.string(),
  latitude: zm.number(),
  longitude: zm.number(),
  images: zm.array(zm.string()),
  updatedAt: zm.string(),
  /** What an edit sends back (contract/versions.ts): raised by every save of the form, not by the status toggle. */
  version: zm.int(),
})
export type SiteDetails = zm.infer<typeof siteDetails>

/** The product shows no site form; its fields follow the place form's rules, worded for a site. */
export const SITE_FIELD_MSG = {
  name: 'Enter site name',
  address: 'Please enter valid site address',
  city: 'Choose the city of this site',
} as const

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
