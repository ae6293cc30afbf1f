import { Hono } from 'hono'
import { API_MSG, IMAGE_MIME_TYPES, RESIZED_PATH, resizedParam, type ResizedWidth } from '../../contract'
import type { Deps } from '../deps'
import type { AppEnv } from '../http/env'
import { validate } from '../http/validate'
import { RESIZED_TYPE, ResizeBusyError, resizedPictures } from '../storage/resized'
import { OCTET_STREAM } from '../storage/storage'

const ONE_YEAR_S = 365 * 24 * 60 * 60

/** A stored file's answer headers: kept a year (keys are never reused), and never run or sniffed. */
const fileHeaders = (contentType: string, size: number, inline: boolean) => ({
  'Content-Type': inline ? contentType : OCTET_STREAM,
  'Content-Length': String(size),
  'Cache-Control': `public, max-age=${ONE_YEAR_S}, immutable`,
  ...(inline ? {} : { 'Content-Disposition': 'attachment' }),
  // Never let a browser guess a type, and give an opened file no right to run anything.
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
})

/**
 * Serves stored files at /uploads/<key>, and, for a storage driver that receives uploads
 * itself (disk), takes the browsers' signed posts at POST /uploads/ (as S3 would take them): 204 when
 * stored; otherwise the contract's error body with 400 (not an image of its type, empty,
 * malformed form), 403 (signature, policy, expiry, a field the policy does not allow), 409 (the
 * key is taken), 413 (over the size limit) or 415 (not multipart/form-data). This route sits
 * outside /api, so the API's JSON body limit does not apply: the upload reader has its own.
 * GET /resized/<width>/<key> answers an upload's smaller WebP copy (contract/resized.ts): 404
 * when there is no such upload or it is not a picture, 503 while too many are being made.
 */
export const uploadsRoutes = (deps: Deps) => {
  const routes = new Hono<AppEnv>().get('/uploads/*', async (c) => {
    let key: string
    try {
      key = decodeURIComponent(c.req.path.slice('/uploads/'.length))
    } catch {
      return c.text(API_MSG.notFound, 404)
    }
    const file = await deps.storage.get(key)
    if (!file) return c.text(API_MSG.notFound, 404)
    // Only the raster image types are shown inline; anything else can only be downloaded.
    const inline = (IMAGE_MIME_TYPES as readonly string[]).includes(file.contentType)
    return c.body(file.body, 200, fileHeaders(file.contentType, file.size, inline))
  })

  const resized = resizedPictures(deps.storage)
  routes.get(`${RESIZED_PATH}/:width/*`, validate('param', resizedParam), async (c) => {
    const width = Number(c.req.valid('param').width) as ResizedWidth
    const key = c.req.path.slice(`${RESIZED_PATH}/${width}/`.length)
    let copy: Awaited<ReturnType<typeof resized.get>>
    try {
      copy = await resized.get(key, width)
    } catch (err) {
      if (!(err instanceof ResizeBusyError)) throw err
      return c.text(API_MSG.busy, 503, { 'Retry-After': '2' })
    }
    if (!copy) return c.text(API_MSG.notFound, 404)
    return c.body(copy, 200, fileHeaders(RESIZED_TYPE, copy.byteLength, true))
  })

  const receivePost = deps.storage.receivePost?.bind(deps.storage)
  if (receivePost) {
    for (const path of ['/uploads/', '/uploads']) {
      routes.post(path, async (c) => {
        await receivePost(c.req.raw, deps.clock.now())
        return c.body(null, 204)
      })
    }
  }
  return routes
}
