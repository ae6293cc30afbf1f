import { z } from 'zod'
import { PLACE_STATUS, type PlaceKind } from './enums'
import { addedImages, imageEditBody, imageUrl } from './image-edit'
import { listQuery } from './list'
import { LIST_PARAMS } from './list-params'
import { MSG } from './messages'
import { placeFields } from './validation'

/** Pet shops and hospitals share one shape; the kind comes from the path. */
export const placeStatus = z.union([z.literal(PLACE_STATUS.ACTIVE), z.literal(PLACE_STATUS.DEACTIVE)])

export const placeListItem = z.object({
  _id: z.string(),
  name: z.string(),
  address: z.string(),
  status: placeStatus,
  /**
   * Made by approving a partner request (contract/partners.ts) and not completed yet: it has no
   * description or map position, so it stays inactive until its edit form is saved.
   */
  draft: z.boolean(),
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
  /** The partner request it was made from, if any (that request links back to it). */
  partnerId: z.string().nullable(),
  /** The owner's contact, as that partner request gave it; null for a place added by hand. */
  owner: z.object({ name: z.string().nullable(), email: z.string().nullable(), mobileNo: z.string().nullable() }).nullable(),
  /** What an edit sends back (contract/versions.ts): raised by every save of the form, not by the status toggle. */
  version: z.number().int(),
})
export type PlaceDetails = z.infer<typeof placeDetails>

export const placeListQuery = listQuery({
  sortBy: LIST_PARAMS.places.sortBy,
  filter: z.coerce.number().pipe(placeStatus),
})
export type PlaceListQuery = z.infer<typeof placeListQuery>

/**
 * POST /place/pet-shop and /place/hospital: the form's text fields plus the uploaded image URLs
 * (at least one) and an optional logo.
 */
export const placeCreateBody = (kind: PlaceKind) =>
  placeFields(kind).extend({
    images: addedImages,
    logo: imageUrl.nullable().optional(),
  })
export type PlaceCreateBody = z.infer<ReturnType<typeof placeCreateBody>>

/**
 * PUT /place/pet-shop/{id} and /place/hospital/{id}: the image-list edit (contract/image-edit.ts)
 * with no minimum, so a place may end with no image. A logo of null removes it; leaving it out
 * keeps it.
 */
export const placeUpdateBody = (kind: PlaceKind) =>
  imageEditBody(placeFields(kind).extend({ logo: imageUrl.nullable().optional() }), { min: 0 })
export type PlaceUpdateBody = z.infer<ReturnType<typeof placeUpdateBody>>

/** What the pet shop and hospital calls answer, by kind; the SPA shows the same texts. */
export const PLACES_MSG = {
  petShop: {
    listed: 'Pet shops fetched successfully',
    fetched: 'Pet shop fetched successfully',
    created: 'Pet shop added successfully',
    updated: 'Pet shop updated successfully',
    statusUpdated: 'Pet shop status updated successfully',
    deleted: MSG.shopDeleted,
    notFound: 'Pet shop not found',
    draftInactive: 'This pet shop is a draft: complete it (Edit, add a description and pick its address on the map, then save) before activating it',
  },
  hospital: {
    listed: 'Hospitals fetched successfully',
    fetched: 'Hospital fetched successfully',
    created: 'Hospital added successfully',
    updated: 'Hospital updated successfully',
    statusUpdated: 'Hospital status updated successfully',
    deleted: MSG.hospitalDeleted,
    notFound: 'Hospital not found',
    draftInactive: 'This hospital is a draft: complete it (Edit, add a description and pick its address on the map, then save) before activating it',
  },
} as const satisfies Record<PlaceKind, Record<string, string>>
