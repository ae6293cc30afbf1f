import * as zm from 'zod/mini'
import { API_PREFIX } from './limits'

/**
 * API tokens for machines (Settings > API tokens, admins only: permission 'apiToken.manage'):
 * the platform's backend sends one as `Authorization: Bearer <token>` to the integration API
 * (INTEGRATION_PREFIX), within the token's scopes, and nowhere else. The secret is shown once
 * and stored as its sha256 only (docs/DECISIONS.md, API tokens).
 */

/** Where the integration API lives, under the API prefix: `/api/v1/integration/...`. */
export const INTEGRATION_PREFIX = '/integration'
export const INTEGRATION_BASE_PATH = `${API_PREFIX}${INTEGRATION_PREFIX}`

/** What a token may do: the writes of the integration API by kind, and `read` for its GET calls. */
export const API_TOKEN_SCOPES = ['users:write', 'pets:write', 'feedback:write', 'partners:write', 'devices:write', 'read'] as const
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number]

export const apiTokenScopeLabel: Record<ApiTokenScope, string> = {
  'users:write': 'Write app users',
  'pets:write': 'Write pets',
  'feedback:write': 'Submit feedback',
  'partners:write': 'Submit partner requests',
  'devices:write': 'Register device tokens',
  read: 'Read (GET calls)',
}

/**
 * Every token starts so: a request's bearer is told from a session's (which never has it) before
 * anything is hashed or looked up, and a leaked one is recognisable to secret scanners.
 */
export const API_TOKEN_PREFIX = 'pct_'
/** The prefix and 32 random bytes in base64url (43 characters): nothing else is ever looked up. */
export const API_TOKEN_PATTERN = /^pct_[A-Za-z0-9_-]{43}$/
/** How many of a token's last characters are kept in clear, so the list can tell tokens apart. */
export const API_TOKEN_HINT_LENGTH = 4
export const API_TOKEN_NAME_MAX = 60

export const API_TOKEN_STATUS = ['active', 'expired', 'revoked'] as const
export type ApiTokenStatus = (typeof API_TOKEN_STATUS)[number]
export const apiTokenStatusLabel: Record<ApiTokenStatus, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' }

export const API_TOKENS_MSG = {
  listed: 'API tokens fetched successfully',
  created: 'API token created. Copy it now: you will not see it again.',
  revoked: 'API token revoked',
  notFound: 'API token not found',
  alreadyRevoked: 'This API token is already revoked',
  nameRequired: 'Enter a name',
  nameMax: `Should be maximum of ${API_TOKEN_NAME_MAX} characters`,
  scopesRequired: 'Choose at least one scope',
  scopesUnique: 'Each scope may be chosen once',
  scopeUnknown: 'Unknown scope',
  expiryInvalid: 'Enter a valid expiry date',
  expiryPast: 'The expiry must be in the future',
  fetched: 'API token fetched successfully',
  // What a machine is told by the integration API (server/http/token-auth.ts).
  tokenMissing: 'Send an API token as "Authorization: Bearer pct_..."',
  tokenMalformed: 'This is not an API token. The integration API takes API tokens (pct_...) only, never a session.',
  tokenInvalid: 'This API token is unknown, expired or revoked',
  scopeMissing: (scope: ApiTokenScope) => `This API token lacks the "${scope}" scope`,
  tooMany: (seconds: number) => `Too many requests with this API token. Try again in ${seconds} seconds.`,
  // What the admin API answers an API token (server/http/auth.ts).
  notForAdmin: `API tokens reach only the integration API (${INTEGRATION_BASE_PATH}/...), never the admin API. Sign in to use it.`,
} as const

/** One token as Settings > API tokens lists it: never its secret or hash. */
export const apiToken = zm.object({
  _id: zm.string(),
  name: zm.string(),
  scopes: zm.array(zm.enum(API_TOKEN_SCOPES)),
  /** `pct_…abcd`: the prefix and last characters, to tell tokens apart. */
  hint: zm.string(),
  status: zm.enum(API_TOKEN_STATUS),
  createdAt: zm.string(),
  /** The admin who created it; null once their account is gone. */
  createdBy: zm.nullable(zm.object({ _id: zm.string(), email: zm.string() })),
  expiresAt: zm.nullable(zm.string()),
  /** Within about a minute (it is written at most once a minute). */
  lastUsedAt: zm.nullable(zm.string()),
  revokedAt: zm.nullable(zm.string()),
})
export type ApiToken = zm.infer<typeof apiToken>

/** POST /admin/api-tokens: the new token and, this once, its secret. */
export const createdApiToken = zm.object({ token: apiToken, secret: zm.string() })
export type CreatedApiToken = zm.infer<typeof createdApiToken>

/** GET /integration/token: the calling token, as it sees itself. */
export const apiTokenSelf = zm.object({
  _id: zm.string(),
  name: zm.string(),
  scopes: zm.array(zm.enum(API_TOKEN_SCOPES)),
  expiresAt: zm.nullable(zm.string()),
})
export type ApiTokenSelf = zm.infer<typeof apiTokenSelf>
