import type { UserListItem } from '@contract'

/** What a user's details page is headed with: their full name, else their username. */
export const userTitle = (user: Pick<UserListItem, 'name' | 'username'>) => user.name?.trim() || user.username?.trim() || 'Details'
