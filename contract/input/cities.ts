import { type z } from 'zod'
import { listQuery } from '../list'
import { LIST_PARAMS } from '../list-params'
import { simpleNameSchema } from '../validation'

export const cityListQuery = listQuery({ sortBy: LIST_PARAMS.cities.sortBy })
export type CityListQuery = z.infer<typeof cityListQuery>

/** POST /admin/city and PUT /admin/city/{id}: the simple-name form (2 to 20 letters and spaces). */
export const cityBody = simpleNameSchema
export type CityBody = z.infer<typeof cityBody>
