import { PLACE_STATUS, type PartnerType, type PlaceKind } from '../../../contract'
import { partners, type places } from '../schema'

/** The kind of place an approved request becomes: 5 a hospital, 6 a pet shop. */
export const placeKindOf = (type: PartnerType): PlaceKind => (type === 5 ? 'hospital' : 'petShop')

/** A partner request as its applicant sent it: what its list row shows, its decision's mail and its draft place are made of. */
export const requestColumns = {
  name: partners.name,
  ownerName: partners.ownerName,
  email: partners.email,
  mobileNo: partners.mobileNo,
  type: partners.type,
  address: partners.address,
}

type Request = Pick<typeof partners.$inferSelect, 'id' | keyof typeof requestColumns>

/**
 * The draft pet shop or hospital an approved partner request becomes: its name, address and
 * owner contact, linked back to the request; no description or map position yet (0, 0), so it
 * stays inactive (places_draft_inactive_check) until an admin saves its form.
 */
export const draftPlaceOf = (request: Request, now: Date): typeof places.$inferInsert => ({
  kind: placeKindOf(request.type),
  name: request.name,
  description: '',
  address: request.address,
  latitude: 0,
  longitude: 0,
  status: PLACE_STATUS.DEACTIVE,
  draft: true,
  partnerId: request.id,
  ownerName: request.ownerName,
  ownerEmail: request.email,
  ownerMobileNo: request.mobileNo,
  images: [],
  createdAt: now,
  updatedAt: now,
})
