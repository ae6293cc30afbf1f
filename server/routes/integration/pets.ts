import { Hono } from 'hono'
import { petExternalIdParam } from '../../../contract/input/integration'
import { INTEGRATION_MSG } from '../../../contract/integration'
import type { Deps } from '../../deps'
import type { AppEnv } from '../../http/env'
import { ok } from '../../http/respond'
import { permitToken } from '../../http/token-auth'
import { validate } from '../../http/validate'
import { integrationSchemas } from '../../integration/images'
import { removePet, upsertPets } from '../../integration/pets'
import { writtenOrRefused } from '../../integration/upsert'

/**
 * PUT /integration/users/{externalId}/pets/{petExternalId}: the pet as the platform holds it, under
 * that user (a pet sent under another user moves to them); DELETE removes it, and again answers
 * unchanged.
 */
export const integrationPetsRoutes = (deps: Deps) => {
  const { petFields } = integrationSchemas(deps.storage)
  return new Hono<AppEnv>()
    .put(
      '/users/:externalId/pets/:petExternalId',
      permitToken('pets:write'),
      validate('param', petExternalIdParam),
      validate('json', petFields),
      async (c) => {
        const { externalId, petExternalId } = c.req.valid('param')
        const [outcome] = await upsertPets(deps.db, [{ externalId: petExternalId, ownerExternalId: externalId, ...c.req.valid('json') }])
        const written = writtenOrRefused(outcome!)
        return c.json(ok(INTEGRATION_MSG.petWritten[written.result], written))
      },
    )
    .delete('/users/:externalId/pets/:petExternalId', permitToken('pets:write'), validate('param', petExternalIdParam), async (c) => {
      const { externalId, petExternalId } = c.req.valid('param')
      const result = (await removePet(deps.db, externalId, petExternalId)) ? 'deleted' : 'unchanged'
      return c.json(ok(INTEGRATION_MSG.petRemoved[result], { externalId: petExternalId, result }))
    })
}
