import type { UserListItem } from '@contract'

/** How a pet owner is named in a short place (a link, a checkbox, a chip): the first of username, name and email they have. */
export const userLabel = (user: Pick<UserListItem, 'username' | 'name' | 'email'>) =>
  user.username?.trim() || user.name?.trim() || user.email?.trim() || 'Unnamed user'
