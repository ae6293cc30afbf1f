import { Hono } from 'hono'
import { DEVICES_MSG, deviceRegisterBody, deviceUnregisterBody } from '../../../contract'
import { userExternalIdParam } from '../../../contract/input/integration'
import { INTEGRATION_MSG } from '../../../contract/integration'
import { notFound } from '../../api-error'
import type { Deps } from '../../deps'
import type { AppEnv } from '../../http/env'
import { ok } from '../../http/respond'
import { permitToken } from '../../http/token-auth'
import { validate } from '../../http/validate'
import { idsOf } from '../../integration/upsert'
import { registerDevice, unregisterDevice } from '../../notifications/devices'

/**
 * A user's push devices (server/notifications/devices.ts): PUT registers or refreshes one by its
 * token, DELETE unregisters it. The user is the platform's (`externalId`), upserted before.
 */
export const integrationDevicesRoutes = (deps: Deps) => {
  const userOf = async (externalId: string) => {
    const userId = (await idsOf(deps.db, 'app_users', [externalId])).get(externalId)
    if (!userId) throw notFound(INTEGRATION_MSG.unknownUser)
    return userId
  }
  return new Hono<AppEnv>()
    .put('/users/:externalId/devices', permitToken('devices:write'), validate('param', userExternalIdParam), validate('json', deviceRegisterBody), async (c) => {
      const device = await registerDevice(deps.db, await userOf(c.req.valid('param').externalId), c.req.valid('json'), deps.clock.now())
      return c.json(ok(DEVICES_MSG.registered, device))
    })
    .delete('/users/:externalId/devices', permitToken('devices:write'), validate('param', userExternalIdParam), validate('json', deviceUnregisterBody), async (c) => {
      const removed = await unregisterDevice(deps.db, c.req.valid('json').token, await userOf(c.req.valid('param').externalId))
      return c.json(ok(removed ? DEVICES_MSG.unregistered : DEVICES_MSG.notRegistered, { result: removed ? 'deleted' : 'unchanged' }))
    })
}
