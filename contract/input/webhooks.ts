import { z } from 'zod'
import { listQuery } from '../list'
import { cap } from '../validation'
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENTS, WEBHOOK_URL_MAX, WEBHOOKS_MSG } from '../webhooks'

/** What a client sends about webhooks (contract/webhooks.ts). */

/**
 * An http(s) URL without credentials. Whether its host is on a private network is the server's
 * check (server/outbound/public-fetch.ts): it depends on WEBHOOK_ALLOW_PRIVATE and on DNS.
 */
export const webhookUrl = z
  .string(WEBHOOKS_MSG.urlRequired)
  .trim()
  .min(1, WEBHOOKS_MSG.urlRequired)
  .max(WEBHOOK_URL_MAX, cap(WEBHOOKS_MSG.urlMax))
  .pipe(z.url({ protocol: /^https?$/, error: WEBHOOKS_MSG.urlInvalid }))
  .superRefine((url, ctx) => {
    const parsed = URL.canParse(url) ? new URL(url) : undefined
    if (!parsed || parsed.hostname === '') ctx.addIssue({ code: 'custom', message: WEBHOOKS_MSG.urlInvalid })
    else if (parsed.username !== '' || parsed.password !== '') ctx.addIssue({ code: 'custom', message: WEBHOOKS_MSG.urlCredentials })
  })

export const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, WEBHOOKS_MSG.eventInvalid), WEBHOOKS_MSG.eventsRequired)
  .max(WEBHOOK_EVENTS.length * 2, cap(WEBHOOKS_MSG.eventInvalid))
  .min(1, WEBHOOKS_MSG.eventsRequired)
  // Stored once each, in the contract's order.
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)))

const description = z
  .string()
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, cap(WEBHOOKS_MSG.descriptionMax))
  .transform((v) => (v === '' ? null : v))

/** POST /admin/webhooks. */
export const webhookCreateBody = z.strictObject({
  url: webhookUrl,
  events: webhookEvents,
  description: description.nullish(),
})
export type WebhookCreateBody = z.input<typeof webhookCreateBody>

/**
 * PATCH /admin/webhooks/{id}: what is given changes. `status` 'active' enables a disabled
 * endpoint or resumes a paused one; 'disabled' stops its deliveries (they wait, in order).
 */
export const webhookUpdateBody = z
  .strictObject({
    url: webhookUrl.optional(),
    events: webhookEvents.optional(),
    description: description.nullish(),
    status: z.enum(['active', 'disabled']).optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), WEBHOOKS_MSG.nothingToChange)
export type WebhookUpdateBody = z.input<typeof webhookUpdateBody>

/** The form's values (the SPA's add/edit dialog): the create body's rules. */
export const webhookForm = webhookCreateBody
export type WebhookFormValues = z.input<typeof webhookForm>

/** GET /admin/webhooks/{id}/deliveries: newest first. */
export const webhookDeliveryListQuery = listQuery({ sortBy: ['createdAt'] })
export type WebhookDeliveryListQuery = z.infer<typeof webhookDeliveryListQuery>
