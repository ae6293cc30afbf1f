import type { PlaceDetails, PlaceListItem } from '../../../contract'
import { places } from '../schema'

/** A pet shop's or hospital's answers, shared by its routes and its webhook events (server/webhooks/events.ts). */

export const placeColumns = {
  id: places.id,
  name: places.name,
  address: places.address,
  status: places.status,
  draft: places.draft,
  createdAt: places.createdAt,
}
export type PlaceRow = Pick<typeof places.$inferSelect, keyof typeof placeColumns>

export const toPlaceListItem = (p: PlaceRow): PlaceListItem => ({
  _id: p.id,
  name: p.name,
  address: p.address,
  status: p.status,
  draft: p.draft,
  createdAt: p.createdAt.toISOString(),
})

export const toPlaceDetails = (p: typeof places.$inferSelect): PlaceDetails => ({
  ...toPlaceListItem(p),
  description: p.description,
  discount_title: p.discountTitle,
  discount_description: p.discountDescription,
  latitude: p.latitude,
  longitude: p.longitude,
  logo: p.logo,
  images: p.images,
  updatedAt: p.updatedAt.toISOString(),
  partnerId: p.partnerId,
  owner:
    p.ownerName === null && p.ownerEmail === null && p.ownerMobileNo === null
      ? null
      : { name: p.ownerName, email: p.ownerEmail, mobileNo: p.ownerMobileNo },
  version: p.version,
})
