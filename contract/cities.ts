import { z } from 'zod'
import { listQuery } from './list'
import { LIST_PARAMS } from './list-params'
import { simpleNameSchema } from './validation'

/** A city of the content screens (docs/DECISIONS.md, Content): a name and the pet-friendly sites in it. */
export const city = z.object({
  _id: z.string(),
  name: z.string(),
  siteCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type City = z.infer<typeof city>

export const cityListQuery = listQuery({ sortBy: LIST_PARAMS.cities.sortBy })
export type CityListQuery = z.infer<typeof cityListQuery>

/** POST /admin/city and PUT /admin/city/{id}: the simple-name form (2 to 20 letters and spaces). */
export const cityBody = simpleNameSchema
export type CityBody = z.infer<typeof cityBody>

/** Answers of the city calls; the SPA shows them as they come. */
export const CITY_MSG = {
  listed: 'Cities fetched successfully',
  fetched: 'City fetched successfully',
  created: 'City added successfully',
  updated: 'City updated successfully',
  deleted: 'City has been deleted successfully!',
  notFound: 'City not found',
  duplicate: 'A city with this name already exists',
  hasSites: 'This city still has sites. Delete its sites first, then delete the city.',
} as const
