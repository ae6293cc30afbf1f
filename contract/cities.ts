import * as zm from 'zod/mini'

/** A city of the content screens (docs/DECISIONS.md, Content): a name and the pet-friendly sites in it. */
export const city = zm.object({
  _id: zm.string(),
  name: zm.string(),
  siteCount: zm.int().check(zm.nonnegative()),
  createdAt: zm.string(),
  updatedAt: zm.string(),
})
export type City = zm.infer<typeof city>

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
