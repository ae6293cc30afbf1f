import { Hono } from 'hono'
import type { z } from 'zod'
import { INTEGRATION_UPLOAD_FOLDER, integrationUploadRequest } from '../../../contract/input/integration'
import type { Deps } from '../../deps'
import type { AppContext, AppEnv } from '../../http/env'
import { permitToken } from '../../http/token-auth'
import { validate } from '../../http/validate'
import { signUploads } from '../common-upload'

type IntegrationUploadFiles = z.output<typeof integrationUploadRequest>

/**
 * POST /integration/uploads/pet-photos (pets:write) and /uploads/profile-images (users:write):
 * signed upload forms, as the panel's POST /common/upload answers them (the same storage, key
 * shape, expiry and rules: the profile folder's, INTEGRATION_UPLOAD_FOLDER), within the token's
 * own daily quota. The platform posts each file to the form's `url`, then names its `fileUrl` in
 * a pet's `profilePhotos` or a user's `profileImage`. Two calls for one folder, so that each is
 * open to the scope of the record it feeds.
 */
export const integrationUploadsRoutes = (deps: Deps) => {
  const body = validate('json', integrationUploadRequest)
  const sign = (c: AppContext, { files }: IntegrationUploadFiles) =>
    signUploads(deps, { apiTokenId: c.get('apiToken').id }, files.map(({ mimeType }) => ({ folderType: INTEGRATION_UPLOAD_FOLDER, mimeType })))
  return new Hono<AppEnv>()
    .post('/uploads/pet-photos', permitToken('pets:write'), body, async (c) => c.json(await sign(c, c.req.valid('json'))))
    .post('/uploads/profile-images', permitToken('users:write'), body, async (c) => c.json(await sign(c, c.req.valid('json'))))
}
