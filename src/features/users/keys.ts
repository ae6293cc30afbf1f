import type { UserListQuery } from '@contract'

/**
 * The users feature's query keys, apart from its calls: the signed-in layout refreshes them on a
 * live change, and should not load the feature's code for that.
 */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  /** `q` already parsed: defaults applied, so equal lists share one key. */
  list: (q: UserListQuery) => [...userKeys.lists(), q] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: string) => [...userKeys.details(), id] as const,
  /** Under the owner's details: whatever refreshes the user refreshes their pets too. */
  pet: (userId: string, petId: string) => [...userKeys.detail(userId), 'pet', petId] as const,
}
