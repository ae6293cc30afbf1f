import { Hono } from 'hono'
import { JSON_MSG, UPLOAD_LINK_TTL_MS, UPLOAD_MSG, UPLOAD_RULES, uploadRequest, type ImageMimeType, type UploadFolder } from '../../contract'
import { addMs } from '../clock'
import type { Deps } from '../deps'
import { ApiError, badRequest } from '../api-error'
import { permit } from '../http/auth'
import type { AppContext, AppEnv } from '../http/env'
import { TooManyRequests } from '../http/errors'
import { ok } from '../http/respond'
import { validationError } from '../http/validate'
import { recordSignedUploads, type Signer } from '../storage/signed-uploads'
import { newUploadKey } from '../storage/storage'

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

/**
 * The body is a JSON array, which the shared `validate` (objects only) does not take: read it
 * here with the same answers (415, 400 with `error.fields` keyed `0.mimeType`...). A fault of
 * the array itself (none, or more than 20) becomes the message.
 */
async function readUploadRequest(c: AppContext) {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim()
  if (!JSON_MEDIA_TYPE.test(mediaType)) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', JSON_MSG.mediaType)
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw badRequest(JSON_MSG.malformed)
  }
  if (!Array.isArray(body)) throw badRequest(UPLOAD_MSG.notArray)
  const result = uploadRequest.safeParse(body)
  if (result.success) return result.data
  throw validationError(result.error)
}

/**
 * One signed form per file, in order, within the signer's daily quota (429 past it). Every signed
 * key is recorded, so that a file no record takes up is swept a day later
 * (server/storage/signed-uploads.ts). The admin call and the integration API's calls
 * (server/routes/integration/uploads.ts) sign through this alone: one storage, one key shape,
 * one expiry, the folder's size limit.
 */
export async function signUploads(deps: Deps, signer: Signer, files: readonly { folderType: UploadFolder; mimeType: ImageMimeType }[]) {
  const now = deps.clock.now()
  const expiresAt = addMs(now, UPLOAD_LINK_TTL_MS)
  const targets = files.map(({ folderType, mimeType }) => ({
    key: newUploadKey(folderType, mimeType, now),
    contentType: mimeType,
    maxBytes: UPLOAD_RULES[folderType].maxBytes,
    expiresAt,
  }))
  const quota = deps.config.uploadQuota
  const check = await recordSignedUploads(deps, signer, targets, quota)
  if (!check.ok) {
    const per = 'adminId' in signer ? 'admin' : 'API token'
    throw new TooManyRequests(UPLOAD_MSG.quota(quota.files, quota.bytes, check.retryAfterS, per), check.retryAfterS)
  }
  return ok(UPLOAD_MSG.signed, await Promise.all(targets.map((target) => deps.storage.signPost(target))))
}

/** POST /common/upload: one signed form per file (docs/DECISIONS.md, Uploads), for either role. */
export const commonUploadRoutes = (deps: Deps) => {
  const sign = async (c: AppContext) => c.json(await signUploads(deps, { adminId: c.get('signedIn').admin.id }, await readUploadRequest(c)))
  // The product's call table also names /common/file/upload/request for signing; it is the same call.
  return new Hono<AppEnv>().post('/common/upload', permit('upload.sign'), sign).post('/common/file/upload/request', permit('upload.sign'), sign)
}
