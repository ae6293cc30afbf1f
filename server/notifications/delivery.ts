/**
 * Push delivery of sent notifications, through the adapter of a push service (FCM, APNs...),
 * when one is configured. The notification and its recipients are stored first; then the
 * recipients still pending are handed to the adapter a batch at a time
 * (server/notifications/send.ts), and it answers for each of them: delivered, or failed with a
 * reason. A batch it throws on counts as failed for each of its recipients, with the error's
 * message, and never undoes the stored notification.
 *
 * A push service with devices (FCM, server/notifications/fcm.ts) answers per user from their
 * devices: delivered when any accepted it, "No device" when the user has none; a user it could not
 * finish (the process is stopping, or the service asked to wait longer than a batch may take) is
 * deferred: left claimed, handed over again once the lease ends.
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
  /** True once the process is stopping: start nothing new, finish what is in flight, defer the rest. */
  shouldStop?: () => boolean
}

/** One recipient's outcome. A recipient of the batch the adapter does not answer for is recorded failed ("No answer from the push service"). */
export type DeliveryResult =
  | { userId: string; ok: true }
  | { userId: string; ok: false; error: string }
  /** The user has no device to send to: recorded "No device". */
  | { userId: string; noDevice: true }
  /** Not finished: left pending under its claim, handed over again after the lease (server/notifications/send.ts). */
  | { userId: string; deferred: true }

/** Which push service an adapter speaks to, for the push-service status call. */
export interface PushServiceInfo {
  provider: 'FCM'
  projectId: string
}

export interface NotificationDelivery {
  deliver(batch: OutgoingBatch): Promise<DeliveryResult[]>
  /** Names the service (an adapter for tests may not). */
  readonly service?: PushServiceInfo
  /** Closes its connections (the server is stopping, after the scheduler). */
  close?(): Promise<void>
}
