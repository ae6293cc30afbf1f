import * as zm from 'zod/mini'
import { PLACE_STATUS, type PlaceKind } from './enums'
import { MSG } from './messages'

/** Pet shops and hospitals share one shape; the kind comes from the path. */
export const placeStatus = zm.union([zm.literal(PLACE_STATUS.ACTIVE), zm.literal(PLACE_STATUS.DEACTIVE)])

export const placeListItem = zm.object({
  _id: zm.string(),
  name: zm.string(),
  address: zm.string(),
  status: placeStatus,
  /**
   * Made by approving a partner request (contract/partners.ts) and not completed yet: it has no
   * description or map position, so it stays inactive until its edit form is saved.
   */
  draft: zm.boolean(),
  createdAt: zm.string(),
})
export type PlaceListItem = zm.infer<typeof placeListItem>

export const placeDetails = zm.extend(placeListItem, {
  description: zm.string(),
  discount_title: zm.nullable(zm.string()),
  discount_description: zm.nullable(zm.string()),
  latitude: zm.number(),
  longitude: zm.number(),
  logo: zm.nullable(zm.string()),
  images: zm.array(zm.string()),
  updatedAt: zm.string(),
  /** The partner request it was made from, if any (that request links back to it). */
  partnerId: zm.nullable(zm.string()),
  /** The owner's contact, as that partner request gave it; null for a place added by hand. */
  owner: zm.nullable(zm.object({ name: zm.nullable(zm.string()), email: zm.nullable(zm.string()), mobileNo: zm.nullable(zm.string()) })),
  /** What an edit sends back (contract/versions.ts): raised by every save of the form, not by the status toggle. */
  version: zm.int(),
})
export type PlaceDetails = zm.infer<typeof placeDetails>

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
    draftInactive: 'This pet shop is a draft: complete it (Edit, add a description, pick its address on the map and add an image, then save) before activating it',
    noImageInactive: 'This pet shop has no image: add at least one (Edit) before activating it',
  },
  hospital: {
    listed: 'Hospitals fetched successfully',
    fetched: 'Hospital fetched successfully',
    created: 'Hospital added successfully',
    updated: 'Hospital updated successfully',
    statusUpdated: 'Hospital status updated successfully',
    deleted: MSG.hospitalDeleted,
    notFound: 'Hospital not found',
    draftInactive: 'This hospital is a draft: complete it (Edit, add a description, pick its address on the map and add an image, then save) before activating it',
    noImageInactive: 'This hospital has no image: add at least one (Edit) before activating it',
  },
} as const satisfies Record<PlaceKind, Record<string, string>>
