import type { NotificationDelivery, OutgoingNotification } from '../../../server/notifications/delivery'

/** Keeps what the app hands to push delivery, for tests to read. */
export interface CapturingDelivery extends NotificationDelivery {
  delivered: OutgoingNotification[]
}

export function capturingDelivery(): CapturingDelivery {
  const delivered: OutgoingNotification[] = []
  return {
    delivered,
    async deliver(notification) {
      delivered.push(notification)
    },
  }
}
