import { z } from 'zod'
import { PLACE_STATUS, type PlaceKind } from './enums'
import { IMAGES_MAX } from './limits'
import { listQuery } from './list'
import { MSG } from './messages'
import { cap, imageList, placeFields } from './validation'
import { editVersion } from './versions'

/** Pet shops and hospitals share one shape; the kind comes from the path. */
export const placeStatus = z.union([z.literal(PLACE_STATUS.ACTIVE), z.literal(PLACE_STATUS.DEACTIVE)])

export const placeListItem = z.object({
  _id: z.string(),
  name: z.string(),
  address: z.string(),
  status: placeStatus,
  createdAt: z.string(),
})
export type PlaceListItem = z.infer<typeof placeListItem>

export const placeDetails = placeListItem.extend({
  description: z.string(),
  discount_title: z.string().nullable(),
  discount_description: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  logo: z.string().nullable(),
  images: z.array(z.string()),
  updatedAt: z.string(),
  /** What an edit sends back (contract/versions.ts): raised by every save of the form, not by the status toggle. */
  version: z.number().int(),
})
export type PlaceDetails = z.infer<typeof placeDetails>

export const placeListQuery = listQuery({
  sortBy: ['name', 'address', 'status', 'createdAt'],
  filter: z.coerce.number().pipe(placeStatus),
})
export type PlaceListQuery = z.infer<typeof placeListQuery>

/** An image address as stored: an http(s) URL the upload flow returned. */
export const imageUrl = z
  .string()
  .trim()
  .max(2048, cap())
  .regex(/^https?:\/\/\S+$/, 'Please enter a valid image URL')

/**
 * POST /place/pet-shop and /place/hospital: the form's text fields plus the uploaded image URLs
 * (at least one) and an optional logo.
 */
export const placeCreateBody = (kind: PlaceKind) =>
  placeFields(kind).extend({
    images: imageList(imageUrl, { min: 1 }),
    logo: imageUrl.nullable().optional(),
  })
export type PlaceCreateBody = z.infer<ReturnType<typeof placeCreateBody>>

/**
 * PUT /place/pet-shop/{id} and /place/hospital/{id}: `previousImages` are the current images the
 * admin kept (a subset of what is stored), `images` the newly uploaded ones; together at most 20,
 * no minimum. A logo of null removes it; leaving it out keeps it. `version` is the version the
 * edit was made from: an older one than stored is refused with 409 (contract/versions.ts).
 */
export const placeUpdateBody = (kind: PlaceKind) =>
  placeFields(kind)
    .extend({
      // Required: an edit that forgot it must not silently drop every image.
      previousImages: z.array(imageUrl).max(IMAGES_MAX, MSG.imagesMax),
      images: z.array(imageUrl).max(IMAGES_MAX, MSG.imagesMax).default([]),
      logo: imageUrl.nullable().optional(),
      version: editVersion,
    })
    .refine((v) => v.previousImages.length + v.images.length <= IMAGES_MAX, { message: MSG.imagesMax, path: ['images'] })
export type PlaceUpdateBody = z.infer<ReturnType<typeof placeUpdateBody>>
