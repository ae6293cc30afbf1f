import type { WebhookDeliveryListQuery } from '@contract/input/webhooks'

/**
 * The webhooks' query keys, apart from the calls: src/table-queries.ts refreshes them after a change
 * without loading the feature's code.
 */
export const webhookKeys = {
  all: ['webhooks'] as const,
  lists: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
  deliveryPage: (id: string, q: WebhookDeliveryListQuery) => [...webhookKeys.deliveries(id), q] as const,
}
