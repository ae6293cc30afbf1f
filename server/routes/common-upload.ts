import { Hono } from 'hono'
import { JSON_MSG, UPLOAD_LINK_TTL_MS, UPLOAD_MSG, UPLOAD_RULES, uploadRequest } from '../../contract'
import { addMs } from '../clock'
import type { Deps } from '../deps'
import { ApiError, badRequest } from '../api-error'
import { permit } from '../http/auth'
import type { AppContext, AppEnv } from '../http/env'
import { TooManyRequests } from '../http/errors'
import { ok } from '../http/respond'
import { validationError } from '../http/validate'
import { recordSignedUploads } from '../storage/signed-uploads'
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
 * POST /common/upload: one signed form per file (docs/DECISIONS.md, Uploads), for either role, within the
 * admin's daily quota (429 past it). Every signed key is recorded, so that a file no record
 * takes up is swept a day later (server/storage/signed-uploads.ts).
 */
export const commonUploadRoutes = (deps: Deps) => {
  const sign = async (c: AppContext) => {
    const files = await readUploadRequest(c)
    const now = deps.clock.now()
    const expiresAt = addMs(now, UPLOAD_LINK_TTL_MS)
    const targets = files.map(({ folderType, mimeType }) => ({
      key: newUploadKey(folderType, mimeType, now),
      contentType: mimeType,
      maxBytes: UPLOAD_RULES[folderType].maxBytes,
      expiresAt,
    }))
    const quota = deps.config.uploadQuota
    const check = await recordSignedUploads(deps, c.get('signedIn').admin.id, targets, quota)
    if (!check.ok) throw new TooManyRequests(UPLOAD_MSG.quota(quota.files, quota.bytes, check.retryAfterS), check.retryAfterS)
    const data = await Promise.all(targets.map((target) => deps.storage.signPost(target)))
    return c.json(ok(UPLOAD_MSG.signed, data))
  }
  // The product's call table also names /common/file/upload/request for signing; it is the same call.
  return new Hono<AppEnv>().post('/common/upload', permit('upload.sign'), sign).post('/common/file/upload/request', permit('upload.sign'), sign)
}
