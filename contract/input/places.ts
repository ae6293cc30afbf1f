import { z } from 'zod'
import type { PlaceKind } from '../enums'
import { addedImages, imageEditBody, imageUrl } from '../image-edit'
import { listQuery } from '../list'
import { LIST_PARAMS } from '../list-params'
import { placeFields } from '../validation'
import { placeStatus } from '../places'

export const placeListQuery = listQuery({
  sortBy: LIST_PARAMS.places.sortBy,
  filter: z.coerce.number().pipe(placeStatus),
})
export type PlaceListQuery = z.infer<typeof placeListQuery>

/**
 * One schema per kind, made when first asked for and then shared: schemas do not change, and
 * making one of these costs about a millisecond, which every app the server (or a test) makes
 * would pay again.
 */
function perKind<T>(make: (kind: PlaceKind) => T): (kind: PlaceKind) => T {
  const made = new Map<PlaceKind, T>()
  return (kind) => {
    let schema = made.get(kind)
    if (!schema) made.set(kind, (schema = make(kind)))
    return schema
  }
}

/**
 * POST /place/pet-shop and /place/hospital: the form's text fields plus the uploaded image URLs
 * (at least one) and an optional logo.
 */
export const placeCreateBody = perKind((kind) =>
  placeFields(kind).extend({
    images: addedImages,
    logo: imageUrl.nullable().optional(),
  }),
)
export type PlaceCreateBody = z.infer<ReturnType<typeof placeCreateBody>>

/**
 * PUT /place/pet-shop/{id} and /place/hospital/{id}: the image-list edit (contract/image-edit.ts)
 * with no minimum, so a place may end with no image. A logo of null removes it; leaving it out
 * keeps it.
 */
export const placeUpdateBody = perKind((kind) =>
  imageEditBody(placeFields(kind).extend({ logo: imageUrl.nullable().optional() }), { min: 0 }),
)
export type PlaceUpdateBody = z.infer<ReturnType<typeof placeUpdateBody>>
