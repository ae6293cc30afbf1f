import { type z } from 'zod'
import { listQuery } from '../list'
import { LIST_PARAMS } from '../list-params'
import { trashKind } from '../trash'

/** GET /admin/trash: newest deletions first by default; search by name; filter by kind. */
export const trashListQuery = listQuery({ sortBy: LIST_PARAMS.trash.sortBy, filter: trashKind })
export type TrashListQuery = z.infer<typeof trashListQuery>
