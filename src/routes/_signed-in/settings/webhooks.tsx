import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { prefetchWebhooks } from '@/features/webhooks/api'
import { WebhooksPage } from '@/features/webhooks/WebhooksPage'

/** `endpoint`: the endpoint whose details and delivery log are open; `page`: the log's page. */
const webhooksSearch = z.object({
  endpoint: z.uuid().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
})

export const Route = createFileRoute('/_signed-in/settings/webhooks')({
  validateSearch: webhooksSearch,
  loader: ({ context }) => prefetchWebhooks(context),
  staticData: { title: 'Webhooks' },
  component: WebhooksPage,
})
