import type { HttpHandler } from 'msw'
import {
  API_TOKEN_PREFIX,
  API_TOKENS_MSG,
  apiToken,
  createApiTokenSchema,
  idParam,
  type ApiToken,
} from '@contract'
import { created, db, fail, ok, route, storeOf } from '../db'

/** API tokens as server/routes/api-tokens.ts answers them, over a store of their own (never a secret kept). */

export const apiTokensDb = storeOf(() => [] as ApiToken[])
let counter = 0

const manage = 'apiToken.manage'
/** A made-up secret of the real shape: the prefix and 43 base64url characters. */
const secretFor = (n: number) => `${API_TOKEN_PREFIX}${String(n).padStart(43, 'x')}`

export const apiTokenHandlers: HttpHandler[] = [
  route('get', '/admin/api-tokens', { permission: manage }, () => ok(API_TOKENS_MSG.listed, apiTokensDb())),

  route('post', '/admin/api-tokens', { permission: manage, body: createApiTokenSchema }, ({ body, admin }) => {
    const secret = secretFor(++counter)
    const token = apiToken.parse({
      _id: `a7000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
      name: body.name,
      scopes: body.scopes,
      hint: `${API_TOKEN_PREFIX}…${secret.slice(-4)}`,
      status: 'active',
      createdAt: new Date().toISOString(),
      createdBy: { _id: admin._id, email: admin.email },
      expiresAt: body.expiresAt ?? null,
      lastUsedAt: null,
      revokedAt: null,
    })
    apiTokensDb().unshift(token)
    return created(API_TOKENS_MSG.created, { token, secret })
  }),

  route('post', '/admin/api-tokens/:id/revoke', { permission: manage, params: idParam }, ({ params }) => {
    const token = apiTokensDb().find((t) => t._id === params.id)
    if (!token) return fail('NOT_FOUND', API_TOKENS_MSG.notFound)
    if (token.status === 'revoked') return fail('CONFLICT', API_TOKENS_MSG.alreadyRevoked)
    Object.assign(token, { status: 'revoked', revokedAt: new Date().toISOString() })
    return ok(API_TOKENS_MSG.revoked, token)
  }),
]

/** A token as a test seeds it. */
export function seedApiToken(fields: Partial<ApiToken> & Pick<ApiToken, 'name'>): ApiToken {
  const token = apiToken.parse({
    _id: `a7000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
    scopes: ['read'],
    hint: `${API_TOKEN_PREFIX}…abcd`,
    status: 'active',
    createdAt: '2025-02-01T10:00:00.000Z',
    createdBy: { _id: db.admins[0]!._id, email: db.admins[0]!.email },
    expiresAt: null,
    lastUsedAt: null,
    revokedAt: null,
    ...fields,
  })
  apiTokensDb().push(token)
  return token
}
