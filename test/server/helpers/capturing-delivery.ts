import type { DeliveryResult, NotificationDelivery, OutgoingBatch } from '../../../server/notifications/delivery'

/** Keeps what the app hands to push delivery, for tests to read. */
export interface CapturingDelivery extends NotificationDelivery {
  delivered: OutgoingBatch[]
}

/**
 * Delivers every recipient, or fails those `fails` names (with its reason), and keeps each batch.
 * `fails` may change between calls: a retry then delivers those it no longer fails.
 */
export function capturingDelivery(fails: (userId: string) => string | undefined = () => undefined): CapturingDelivery {
  const delivered: OutgoingBatch[] = []
  return {
    delivered,
    async deliver(batch) {
      delivered.push(batch)
      return batch.userIds.map((userId): DeliveryResult => {
        const error = fails(userId)
        return error === undefined ? { userId, ok: true } : { userId, ok: false, error }
      })
    },
  }
}
