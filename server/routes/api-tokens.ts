import { Hono } from 'hono'
import { API_TOKENS_MSG, createApiTokenSchema, idParam, isFutureExpiry } from '../../contract'
import { badRequest, conflict, notFound } from '../api-error'
import { createApiToken, findApiToken, listApiTokens, revokeApiToken, toApiToken } from '../auth/api-tokens'
import type { Deps } from '../deps'
import { auditNote, permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

/** Settings > API tokens: admins only ('apiToken.manage'). The secret is answered once, at creation. */
export const apiTokensRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/admin/api-tokens', permit('apiToken.manage'), async (c) => {
      const now = deps.clock.now()
      return c.json(ok(API_TOKENS_MSG.listed, (await listApiTokens(deps.db)).map((row) => toApiToken(row, now))))
    })

    .post(
      '/admin/api-tokens',
      permit('apiToken.manage', { action: 'apiToken.create', target: 'apiToken' }),
      validate('json', createApiTokenSchema),
      async (c) => {
        const { name, scopes, expiresAt } = c.req.valid('json')
        const now = deps.clock.now()
        // The contract checked against the client's idea of now; the server's clock decides.
        if (expiresAt && !isFutureExpiry(expiresAt, now)) throw badRequest(API_TOKENS_MSG.expiryPast, { expiresAt: API_TOKENS_MSG.expiryPast })
        const { row, secret } = await createApiToken(
          deps.db,
          { name, scopes, expiresAt: expiresAt ? new Date(expiresAt) : null, createdBy: c.get('signedIn').admin.id },
          now,
        )
        const { admin } = c.get('signedIn')
        auditNote(c, { id: row.id, label: row.name, detail: { scopes: row.scopes, expiresAt: row.expiresAt?.toISOString() ?? null } })
        return c.json(ok(API_TOKENS_MSG.created, { token: toApiToken({ token: row, creator: admin }, now), secret }), 201)
      },
    )

    .post(
      '/admin/api-tokens/:id/revoke',
      permit('apiToken.manage', { action: 'apiToken.revoke', target: 'apiToken' }),
      validate('param', idParam),
      async (c) => {
        const { id } = c.req.valid('param')
        const now = deps.clock.now()
        if (!(await findApiToken(deps.db, id))) throw notFound(API_TOKENS_MSG.notFound)
        if (!(await revokeApiToken(deps.db, deps.apiTokens, id, now))) throw conflict(API_TOKENS_MSG.alreadyRevoked)
        const found = (await findApiToken(deps.db, id))!
        auditNote(c, { label: found.token.name })
        return c.json(ok(API_TOKENS_MSG.revoked, toApiToken(found, now)))
      },
    )
