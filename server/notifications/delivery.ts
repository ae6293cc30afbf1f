/**
 * Push delivery of sent notifications, through the adapter of a push service (FCM, APNs...),
 * when one is configured. The notification and its recipients are stored first; then the
 * recipients still pending are handed to the adapter a batch at a time
 * (server/notifications/send.ts), and it answers for each of them: delivered, or failed with a
 * reason. A batch it throws on counts as failed for each of its recipients, with the error's
 * message, and never undoes the stored notification.
 *
 * With no push service configured (the app's `delivery` is null, the default) nothing is handed
 * anywhere: the recipients are recorded "Not sent", with the reason, and Retry hands them over
 * once a service is configured.
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

/** One recipient's outcome. A recipient of the batch the adapter does not answer for is recorded failed ("No answer from the push service"). */
export type DeliveryResult = { userId: string; ok: true } | { userId: string; ok: false; error: string }

export interface NotificationDelivery {
  deliver(batch: OutgoingBatch): Promise<DeliveryResult[]>
}
