import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query'
import * as zm from 'zod/mini'
import { can } from '@contract'
import type { WebhookCreateBody, WebhookDeliveryListQuery, WebhookUpdateBody } from '@contract/input/webhooks'
import { webhookDelivery, webhookEndpoint, webhookEndpointWithSecret, type WebhookDelivery } from '@contract/webhooks'
import type { AuthStore } from '@/lib/auth'
import { http, notifyIfUnseen, withData } from '@/lib/http'
import { notify } from '@/lib/toast'
import { webhookKeys } from './keys'

export { webhookKeys }

/**
 * Webhooks, admins only ('webhook.manage'): GET/POST admin/webhooks, GET/PATCH/DELETE
 * admin/webhooks/{id}, POST admin/webhooks/{id}/secret, GET admin/webhooks/{id}/deliveries,
 * POST admin/webhooks/{id}/deliveries/{deliveryId}/redeliver and POST admin/webhooks/{id}/test.
 */

/** How often a screen with deliveries under way asks again. */
const PENDING_REFRESH_MS = 5_000

const endpoints = withData(zm.array(webhookEndpoint))
const savedEndpoint = withData(webhookEndpoint)
const withSecret = withData(webhookEndpointWithSecret)
const sentDelivery = withData(webhookDelivery)
const deleted = withData(zm.null())

/** GET admin/webhooks: every endpoint (an installation has a few). */
export const webhooksQuery = () =>
  queryOptions({
    queryKey: webhookKeys.lists(),
    queryFn: async () => (await http.get('admin/webhooks', endpoints)).data,
    // Deliveries under way change on the server, not here: the screen follows them while any waits.
    refetchInterval: (query) => (query.state.data?.some((e) => e.pending > 0) ? PENDING_REFRESH_MS : false),
  })

/** GET admin/webhooks/{id}/deliveries: a page of the endpoint's log, newest first. */
export const deliveriesQuery = (id: string, q: WebhookDeliveryListQuery) =>
  queryOptions({
    queryKey: webhookKeys.deliveryPage(id, q),
    queryFn: () => http.list(`admin/webhooks/${id}/deliveries`, q, webhookDelivery),
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false),
  })

/** The route loader's part: only an admin's list is asked for (a sub admin sees the not-allowed note). */
export function prefetchWebhooks({ queryClient, auth }: { queryClient: QueryClient; auth: AuthStore }) {
  if (can(auth.get().userDetails?.role, 'webhook.manage')) void queryClient.prefetchQuery(webhooksQuery())
}

/**
 * Shows the server's message and refreshes the endpoints and their logs. `failed`: an answer that
 * is the server's word of a failure (a send the endpoint did not take), toasted as one.
 */
function useWebhookMutation<I, R extends { message: string }>(mutationFn: (input: I) => Promise<R>, failed?: (answer: R) => boolean) {
  return useMutation({
    meta: { changes: ['webhooks'] },
    mutationFn,
    onSuccess: (answer) => (failed?.(answer) ? notify.error : notify.success)(answer.message),
    onError: notifyIfUnseen,
  })
}

/** POST admin/webhooks: the answer holds the secret, this once. */
export const useCreateWebhook = () => useWebhookMutation((body: WebhookCreateBody) => http.post('admin/webhooks', withSecret, body))

/** PATCH admin/webhooks/{id}: URL, events, description; status 'active' enables or resumes, 'disabled' stops. */
export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...body }: WebhookUpdateBody & { id: string }) => http.patch(`admin/webhooks/${id}`, savedEndpoint, body))

export const useDeleteWebhook = () => useWebhookMutation((id: string) => http.delete(`admin/webhooks/${id}`, deleted))

/** POST admin/webhooks/{id}/secret: a new secret, shown once; the old one signs beside it for WEBHOOK_SECRET_OVERLAP_HOURS. */
export const useRotateSecret = () => useWebhookMutation((id: string) => http.post(`admin/webhooks/${id}/secret`, withSecret))

const notDelivered = ({ data }: { data: WebhookDelivery }) => data.status !== 'delivered'

/** Sent at once; the answer is the attempt's outcome. */
export const useRedeliver = () =>
  useWebhookMutation(
    ({ id, deliveryId }: { id: string; deliveryId: string }) => http.post(`admin/webhooks/${id}/deliveries/${deliveryId}/redeliver`, sentDelivery),
    notDelivered,
  )

export const useTestWebhook = () => useWebhookMutation((id: string) => http.post(`admin/webhooks/${id}/test`, sentDelivery), notDelivered)
