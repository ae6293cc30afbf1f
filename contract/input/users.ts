import { z } from 'zod'
import { listQuery } from '../list'
import { LIST_PARAMS } from '../list-params'
import { userStatus } from '../users'

export const userListQuery = listQuery({
  sortBy: LIST_PARAMS.users.sortBy,
  filter: z.coerce.number().pipe(userStatus),
})
export type UserListQuery = z.infer<typeof userListQuery>

/** PATCH /admin/user/block-unblock/{id}?status=1|2: the status to set. */
export const blockUnblockQuery = z.strictObject({ status: z.coerce.number().pipe(userStatus) })
