import type { Audience, NotificationListItem } from '@contract'

export const audienceLabel: Record<Audience, string> = { ALL_USERS: 'All Users', SELECTED_USERS: 'Selected Users' }

/** Send To: 'All Users', or 'Selected Users (n)' with the number of recipients. */
export const sendToText = (n: Pick<NotificationListItem, 'sendTo' | 'recipientCount'>) =>
  n.sendTo === 'ALL_USERS' ? audienceLabel.ALL_USERS : `${audienceLabel.SELECTED_USERS} (${n.recipientCount})`
