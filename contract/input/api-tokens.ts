import { z } from 'zod'
import { API_TOKEN_NAME_MAX, API_TOKEN_SCOPES, API_TOKENS_MSG } from '../api-tokens'
import { cap, requiredText } from '../validation'

/** Whether an ISO date-time lies after `now`: the server checks with its own clock again. */
export const isFutureExpiry = (iso: string, now: Date) => new Date(iso).getTime() > now.getTime()

/**
 * POST /admin/api-tokens. `expiresAt` is an ISO 8601 instant (the screen sends the end of the day
 * picked, in the admin's time zone); absent or null: the token does not expire.
 */
export const createApiTokenSchema = z.strictObject({
  name: requiredText(API_TOKENS_MSG.nameRequired).max(API_TOKEN_NAME_MAX, cap(API_TOKENS_MSG.nameMax)),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: API_TOKENS_MSG.scopeUnknown }), { error: API_TOKENS_MSG.scopesRequired })
    .max(API_TOKEN_SCOPES.length, cap(API_TOKENS_MSG.scopesUnique))
    .min(1, API_TOKENS_MSG.scopesRequired)
    .refine((scopes) => new Set(scopes).size === scopes.length, API_TOKENS_MSG.scopesUnique),
  expiresAt: z
    .string({ error: API_TOKENS_MSG.expiryInvalid })
    .max(40, cap(API_TOKENS_MSG.expiryInvalid))
    .pipe(z.iso.datetime({ offset: true, error: API_TOKENS_MSG.expiryInvalid }))
    .refine((iso) => isFutureExpiry(iso, new Date()), API_TOKENS_MSG.expiryPast)
    .nullish(),
})
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>
