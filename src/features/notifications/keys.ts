import type { NotificationListQuery, NotificationRecipientListQuery, UserListQuery } from '@contract'

/**
 * The notifications feature's query keys, apart from its calls: the signed-in layout refreshes them on a
 * live change, and should not load the feature's code for that.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  /** `q` already parsed: defaults applied, so equal lists share one key. */
  list: (q: NotificationListQuery) => [...notificationKeys.lists(), q] as const,
  details: () => [...notificationKeys.all, 'detail'] as const,
  detail: (id: string) => [...notificationKeys.details(), id] as const,
  /** The send dialog's user picker: pages of GET admin/users, kept apart from the users feature's cache. */
  recipientPages: () => [...notificationKeys.all, 'recipient-picker'] as const,
  recipientPage: (q: UserListQuery) => [...notificationKeys.recipientPages(), q] as const,
  /** The user the list is narrowed to ("Sent to"), for their name. */
  sentToUser: (id: string) => [...notificationKeys.all, 'sent-to-user', id] as const,
  /** "View all recipients": pages of one notification's recipients (apart from the lists, which a row patch walks). */
  recipients: (id: string) => [...notificationKeys.all, 'recipients', id] as const,
  recipientList: (id: string, q: NotificationRecipientListQuery) => [...notificationKeys.recipients(id), q] as const,
  /** Whether the server has a push service configured (the compose dialog's and the details' line). */
  pushService: () => [...notificationKeys.all, 'push-service'] as const,
}
