import { createFileRoute } from '@tanstack/react-router'
import { isUuid } from '@contract/list-params'
import { prefetchWebhooks } from '@/features/webhooks/api'
import { WebhooksPage } from '@/features/webhooks/WebhooksPage'

/** `endpoint`: the endpoint whose details and delivery log are open; `page`: the log's page. Anything else is dropped. */
function webhooksSearch(search: Record<string, unknown>): { endpoint?: string; page?: number } {
  const endpoint = typeof search.endpoint === 'string' && isUuid(search.endpoint) ? search.endpoint : undefined
  const page = Number(search.page)
  return {
    ...(endpoint ? { endpoint } : {}),
    ...(Number.isInteger(page) && page > 1 && page <= 10_000 ? { page } : {}),
  }
}

export const Route = createFileRoute('/_signed-in/settings/webhooks')({
  validateSearch: webhooksSearch,
  loader: ({ context }) => prefetchWebhooks(context),
  staticData: { title: 'Webhooks' },
  component: WebhooksPage,
})
