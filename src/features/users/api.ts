import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  PETS_MSG,
  USER_STATUS,
  USERS_MSG,
  isUuid,
  petDetails,
  userDetails,
  userListItem,
  type UserListItem,
  type UserListQuery,
  type UserStatus,
} from '@contract'
import { CallError, http, withData } from '@/lib/http'
import { inPlaceRowMutation } from '@/lib/list-cache'
import { userKeys } from './keys'

export { userKeys } from './keys'

/** GET admin/users: one page of pet owners. */
export const usersListQuery = (q: UserListQuery) =>
  queryOptions({ queryKey: userKeys.list(q), queryFn: () => http.list('admin/users', q, userListItem) })

/** GET admin/user/{id}: the profile and the user's pets. An id that cannot be one is a 404 without asking. */
export const userDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: async () => {
      if (!isUuid(id)) throw new CallError(USERS_MSG.notFound, 404)
      return (await http.get(`admin/user/${id}`, withData(userDetails))).data
    },
  })

/**
 * GET admin/user/{id}/pet/{petId}: every field of the pet's public page, for the panel (a signed-in
 * admin is sent away from the public page). Ids that cannot be ones are a 404 without asking.
 */
export const userPetQuery = (userId: string, petId: string) =>
  queryOptions({
    queryKey: userKeys.pet(userId, petId),
    queryFn: async () => {
      if (!isUuid(userId) || !isUuid(petId)) throw new CallError(PETS_MSG.notFound, 404)
      return (await http.get(`admin/user/${userId}/pet/${petId}`, withData(petDetails))).data
    },
  })

/** Block/unblock sends the opposite status: 1 becomes 2, otherwise 1. */
export const oppositeStatus = (status: UserStatus): UserStatus =>
  status === USER_STATUS.ACTIVE ? USER_STATUS.BLOCKED : USER_STATUS.ACTIVE

export type BlockUserInput = { id: string; status: UserStatus }

/**
 * PATCH admin/user/block-unblock/{id}?status=: optimistic. The new status shows at once in every
 * cached users page and the details; an error puts the previous values back and says why (the
 * server's message); either way the lists and the details are fetched again. Success shows the
 * server's message.
 */
export function useBlockUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status }: BlockUserInput) =>
      http.patch(`admin/user/block-unblock/${id}`, withData(userListItem), {}, { status }),
    ...inPlaceRowMutation<UserListItem, BlockUserInput>(queryClient, userKeys, 'app_users', ({ status }) => ({ status })),
  })
}
