import { z } from 'zod'
import { PLACE_STATUS } from './enums'
import { listQuery } from './list'

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
})
export type PlaceDetails = z.infer<typeof placeDetails>

export const placeListQuery = listQuery({
  sortBy: ['name', 'address', 'status', 'createdAt'],
  filter: z.coerce.number().pipe(placeStatus),
})
export type PlaceListQuery = z.infer<typeof placeListQuery>
