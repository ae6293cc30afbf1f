import { Hono } from 'hono'
import { API_MSG, IMAGE_MIME_TYPES } from '../../contract'
import type { Deps } from '../deps'
import type { AppEnv } from '../http/env'
import { OCTET_STREAM } from '../storage/storage'

const ONE_YEAR_S = 365 * 24 * 60 * 60

/**
 * Serves stored files at /uploads/<key>, and, for a storage driver that receives uploads
 * itself (disk), takes the browsers' signed posts at POST /uploads/ (as S3 would take them): 204 when
 * stored; otherwise the contract's error body with 400 (not an image of its type, empty,
 * malformed form), 403 (signature, policy, expiry, a field the policy does not allow), 409 (the
 * key is taken), 413 (over the size limit) or 415 (not multipart/form-data). This route sits
 * outside /api, so the API's JSON body limit does not apply: the upload reader has its own.
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
    return c.body(file.body, 200, {
      'Content-Type': inline ? file.contentType : OCTET_STREAM,
      'Content-Length': String(file.size),
      'Cache-Control': `public, max-age=${ONE_YEAR_S}, immutable`,
      ...(inline ? {} : { 'Content-Disposition': 'attachment' }),
      // Never let a browser guess a type, and give an opened file no right to run anything.
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    })
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
