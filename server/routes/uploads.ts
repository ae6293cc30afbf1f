import { Hono } from 'hono'
import type { Deps } from '../deps'
import type { AppEnv } from '../http/env'

const ONE_YEAR_S = 365 * 24 * 60 * 60

/** Serves stored files at /uploads/<key>. Keys are never reused, so files may be cached for good. */
export const uploadsRoutes = (deps: Deps) =>
  new Hono<AppEnv>().get('/uploads/*', async (c) => {
    let key: string
    try {
      key = decodeURIComponent(c.req.path.slice('/uploads/'.length))
    } catch {
      return c.text('Not found', 404)
    }
    const file = await deps.storage.get(key)
    if (!file) return c.text('Not found', 404)
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Cache-Control': `public, max-age=${ONE_YEAR_S}, immutable`,
      // Never let a browser guess a type, and give an opened file no right to run anything.
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    })
  })
