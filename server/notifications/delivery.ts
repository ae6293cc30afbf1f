/**
 * Push delivery of sent notifications, through an adapter (the log by default). The notification and its recipients are stored first; then the adapter is handed
 * them once. An adapter for a real push service (FCM, APNs...) implements `deliver`; a failure
 * it throws is logged by the caller and never undoes the stored notification.
 */
export interface OutgoingNotification {
  notificationId: string
  title: string
  body: string
  /** The recipients' ids (app users), each once. */
  userIds: string[]
}

export interface NotificationDelivery {
  deliver(notification: OutgoingNotification): Promise<void>
}

/**
 * The default: no push service, one log line per notification. The line carries the id and
 * the number of recipients only; neither the text nor whom it went to.
 */
export const logNotificationDelivery = (log: (line: string) => void): NotificationDelivery => ({
  async deliver({ notificationId, userIds }) {
    const count = userIds.length
    log(`Push notification ${notificationId}: ${count} recipient${count === 1 ? '' : 's'} (no push service configured: logged only)`)
  },
})
