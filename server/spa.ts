import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'

const IMMUTABLE = `public, max-age=${365 * 24 * 60 * 60}, immutable`

export const NOT_BUILT_MESSAGE =
  'The web app has not been built: run `npm run build` (or `npm start`), then restart the server. ' +
  'The API is available under /api/v1.'

export const isSpaBuilt = (distDir: string) => existsSync(join(distDir, 'index.html'))

/** A browser navigation (not a script, image or API call) asks for HTML. */
const wantsHtml = (accept: string | undefined) => (accept ?? '').includes('text/html')

/**
 * Serves the built SPA from `distDir`: hashed files under /assets/ are cached for good, other
 * files are revalidated, and any other page a browser navigates to gets index.html, so that the
 * client-side router can draw it. Mount after the API, whose routes take precedence.
 */
export function spaRoutes(distDir: string) {
  const app = new Hono()
  if (!isSpaBuilt(distDir)) {
    app.get('*', (c) => (wantsHtml(c.req.header('Accept')) ? c.text(NOT_BUILT_MESSAGE, 503) : c.notFound()))
    return app
  }
  const indexHtml = join(distDir, 'index.html')
  // Set after the file is found (serveStatic's own hook runs too late to change headers).
  app.use(async (c, next) => {
    await next()
    if (c.res.status !== 200 || c.res.headers.has('Cache-Control')) return
    c.res.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache')
  })
  app.use(serveStatic({ root: distDir }))
  app.get('*', async (c) => {
    if (!wantsHtml(c.req.header('Accept'))) return c.notFound()
    return c.html(await readFile(indexHtml, 'utf8'))
  })
  return app
}
