import { Hono } from 'hono'
import { API_TOKENS_MSG } from '../../../contract'
import type { Deps } from '../../deps'
import type { AppEnv } from '../../http/env'
import { ok } from '../../http/respond'
import { permitToken } from '../../http/token-auth'

/** GET /integration/token: the calling token as it sees itself ("who am I"), to check a setup. */
export const tokenRoutes = (_deps: Deps) =>
  new Hono<AppEnv>().get('/token', permitToken('read'), (c) => {
    const { id, name, scopes, expiresAt } = c.get('apiToken')
    return c.json(ok(API_TOKENS_MSG.fetched, { _id: id, name, scopes, expiresAt: expiresAt?.toISOString() ?? null }))
  })
