import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { logError } from './log'
import { petPreviewTags, withHeadTags, type PetPreview, type PetPreviewLookup } from './pet-preview'

const IMMUTABLE = `public, max-age=${365 * 24 * 60 * 60}, immutable`

export const NOT_BUILT_MESSAGE =
  'The web app has not been built: run `npm run build` (or `npm start`), then restart the server. ' +
  'The API is available under /api/v1.'

export const isSpaBuilt = (distDir: string) => existsSync(join(distDir, 'index.html'))

export interface SpaOptions {
  /** Finds the pet a /pet-details/:petId page describes, for its link-preview tags. */
  petPreview?: PetPreviewLookup
  /** The site's public base URL (PUBLIC_URL) for absolute preview URLs; else the request's origin. */
  publicUrl?: string | undefined
}

/** The public pet page's own Vite entry; until it is built, the SPA's index.html draws the page. */
export const PET_PAGE_FILE = 'pet-details.html'

/** A browser navigation (not a script, image or API call) asks for HTML. */
const wantsHtml = (accept: string | undefined) => (accept ?? '').includes('text/html')

/**
 * Serves the built SPA from `distDir`: hashed files under /assets/ are cached for good, other
 * files are revalidated, and any other page a browser navigates to gets index.html, so that the
 * client-side router can draw it. /pet-details/:petId gets the pet page (its own entry, else
 * index.html) with the pet's link-preview tags in its head (server/pet-preview.ts). Mount after
 * the API, whose routes take precedence.
 */
export function spaRoutes(distDir: string, options: SpaOptions = {}) {
  const app = new Hono()
  if (!isSpaBuilt(distDir)) {
    app.get('*', (c) => (wantsHtml(c.req.header('Accept')) ? c.text(NOT_BUILT_MESSAGE, 503) : c.notFound()))
    return app
  }
  const indexHtml = join(distDir, 'index.html')
  // Scripts, styles and pages go out gzipped: React alone is 213 kB raw, 66 kB compressed.
  app.use(compress())
  // Set after the file is found (serveStatic's own hook runs too late to change headers).
  app.use(async (c, next) => {
    await next()
    if (c.res.status !== 200 || c.res.headers.has('Cache-Control')) return
    c.res.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache')
  })
  // Before the static files, so /pet-details/<id> can never be taken for a file. Link-preview
  // crawlers often send `Accept: */*`, so this page is HTML whatever the request accepts.
  app.get('/pet-details/*', async (c) => {
    const petPage = join(distDir, PET_PAGE_FILE)
    const html = await readFile(existsSync(petPage) ? petPage : indexHtml, 'utf8')
    const baseUrl = options.publicUrl ?? new URL(c.req.url).origin
    const segments = c.req.path.split('/').filter(Boolean) // ['pet-details', id]
    const petId = segments.length === 2 ? segments[1]!.toLowerCase() : undefined
    const pet = petId ? await findPet(options.petPreview, petId) : undefined
    const pageUrl = `${baseUrl}${pet ? `/pet-details/${petId}` : c.req.path}`
    const tags = petPreviewTags(pet, { pageUrl, baseUrl })
    c.header('Cache-Control', 'no-cache')
    return c.html(withHeadTags(html, tags))
  })
  app.use(serveStatic({ root: distDir }))
  app.get('*', async (c) => {
    if (!wantsHtml(c.req.header('Accept'))) return c.notFound()
    return c.html(await readFile(indexHtml, 'utf8'))
  })
  return app
}

/** The pet of a page, or undefined; a failing lookup still serves the page, with generic tags. */
async function findPet(lookup: PetPreviewLookup | undefined, petId: string): Promise<PetPreview | undefined> {
  if (!lookup) return undefined
  try {
    return await lookup(petId)
  } catch (err) {
    logError('pet page preview', err)
    return undefined
  }
}
