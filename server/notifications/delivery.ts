/**
 * Push delivery of sent notifications, through an adapter (the log by default). The notification
 * and its recipients are stored first; then the recipients still pending are handed to the
 * adapter a batch at a time (server/notifications/send.ts), and it answers for each of them:
 * delivered, or failed with a reason. An adapter for a real push service (FCM, APNs...)
 * implements `deliver`; a batch it throws on counts as failed for each of its recipients, with
 * the error's message, and never undoes the stored notification.
 */
export interface OutgoingBatch {
  notificationId: string
  title: string
  body: string
  /** This batch's recipients (app users), each once; at most a batch's size. */
  userIds: string[]
  /** 0 for a delivery's first batch. */
  batch: number
  /** How many recipients this delivery hands over in all (those pending when it began). */
  total: number
}

/** One recipient's outcome. A recipient of the batch the adapter does not answer for stays pending (retried later). */
export type DeliveryResult = { userId: string; ok: true } | { userId: string; ok: false; error: string }

export interface NotificationDelivery {
  deliver(batch: OutgoingBatch): Promise<DeliveryResult[]>
}

/**
 * The default: no push service, one log line per notification (on its first batch), and every
 * recipient delivered. The line carries the id only; neither the text nor whom it went to.
 */
export const logNotificationDelivery = (log: (line: string) => void): NotificationDelivery => ({
  async deliver({ notificationId, userIds, batch, total }) {
    if (batch === 0)
      log(`Push notification ${notificationId}: ${total} recipient${total === 1 ? '' : 's'} (no push service configured: logged only)`)
    return userIds.map((userId) => ({ userId, ok: true }))
  },
})
