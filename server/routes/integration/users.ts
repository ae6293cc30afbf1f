import { Hono } from 'hono'
import { userExternalIdParam } from '../../../contract/input/integration'
import { INTEGRATION_MSG } from '../../../contract/integration'
import type { Deps } from '../../deps'
import type { AppEnv } from '../../http/env'
import { ok } from '../../http/respond'
import { permitToken } from '../../http/token-auth'
import { validate } from '../../http/validate'
import { integrationSchemas } from '../../integration/images'
import { writtenOrRefused } from '../../integration/upsert'
import { upsertUsers } from '../../integration/users'

/** PUT /integration/users/{externalId}: the user as the platform holds them now; their block state stays the panel's. */
export const integrationUsersRoutes = (deps: Deps) => {
  const { appUserFields } = integrationSchemas(deps.storage)
  return new Hono<AppEnv>().put(
    '/users/:externalId',
    permitToken('users:write'),
    validate('param', userExternalIdParam),
    validate('json', appUserFields),
    async (c) => {
      const { externalId } = c.req.valid('param')
      const [outcome] = await upsertUsers(deps.db, [{ externalId, ...c.req.valid('json') }])
      const written = writtenOrRefused(outcome!)
      return c.json(ok(INTEGRATION_MSG.userWritten[written.result], written))
    },
  )
}
