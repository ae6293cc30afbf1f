import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Context } from 'hono'
import { compress } from 'hono/compress'
import type { TrustProxy } from './http/client-address'
import { securityHeaders } from './http/security'
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
  /** Origins besides the page's own the browser reaches for uploaded files (config.ts uploadOrigins). */
  uploadOrigins?: readonly string[]
  /** How many proxies you run are trusted to say (X-Forwarded-Proto) the request came over HTTPS (for HSTS). */
  trustProxy?: TrustProxy
}

/** The Google Maps JavaScript API (the address search of the place forms, src/components/form/googleMaps.ts). */
export const GOOGLE_MAPS_ORIGINS = ['https://maps.googleapis.com', 'https://places.googleapis.com'] as const

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** The hash sources of a page's inline elements of one kind (`<script>` without src, or `<style>`). */
function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  const pattern = new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}\\s*>`, 'gi')
  const hashes = new Set<string>()
  for (const [, attributes, body] of html.matchAll(pattern)) {
    if (tag === 'script' && /\bsrc\s*=/i.test(attributes!)) continue
    if (tag === 'script' && /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes!)) continue // data, never run
    hashes.add(sha256Source(body!))
  }
  return [...hashes]
}

/**
 * The Content-Security-Policy of a served page. Scripts: this origin, and the page's own inline
 * scripts by hash (the pet page's early fetch); the admin app also loads Google's Maps script.
 * Styles: the pet page's inline stylesheet by hash; the admin app allows inline styles, which
 * its toasts (sonner), the rich-text editor and Google Maps insert as <style> elements at run
 * time (styles cannot run code; scripts stay strict). Images and videos: any https source
 * (demo and uploaded photos are remote), data: and blob: (previews before upload).
 */
export function pageCsp(html: string, page: 'app' | 'petPage', uploadOrigins: readonly string[] = []): string {
  const maps = page === 'app' ? GOOGLE_MAPS_ORIGINS : []
  const extra = uploadOrigins.filter((origin) => !origin.startsWith('https:')) // https: already covers the rest
  const directives = [
    "default-src 'self'",
    ['script-src', "'self'", ...inlineHashes(html, 'script'), ...(page === 'app' ? ['https://maps.googleapis.com'] : [])].join(' '),
    ['style-src', "'self'", ...(page === 'app' ? ["'unsafe-inline'"] : inlineHashes(html, 'style'))].join(' '),
    ['img-src', "'self'", 'data:', 'blob:', 'https:', ...extra].join(' '),
    ['media-src', "'self'", 'blob:', 'https:', ...extra].join(' '),
    ['connect-src', "'self'", ...uploadOrigins, ...maps].join(' '),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ]
  return directives.join('; ')
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
  // Every answer gets the security headers; the pages set their own CSP (pageCsp) first.
  app.use(securityHeaders(options.trustProxy ?? false))
  if (!isSpaBuilt(distDir)) {
    app.get('*', (c) => (wantsHtml(c.req.header('Accept')) ? c.text(NOT_BUILT_MESSAGE, 503) : c.notFound()))
    return app
  }
  const indexHtml = join(distDir, 'index.html')
  const petPage = join(distDir, PET_PAGE_FILE)
  /** The admin app's page, with its policy. */
  const appPage = async (c: Context) => {
    const html = await readFile(indexHtml, 'utf8')
    c.header('Content-Security-Policy', pageCsp(html, 'app', options.uploadOrigins))
    return c.html(html)
  }
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
    const ownEntry = existsSync(petPage)
    const html = await readFile(ownEntry ? petPage : indexHtml, 'utf8')
    const baseUrl = options.publicUrl ?? new URL(c.req.url).origin
    const segments = c.req.path.split('/').filter(Boolean) // ['pet-details', id]
    const petId = segments.length === 2 ? segments[1]!.toLowerCase() : undefined
    const pet = petId ? await findPet(options.petPreview, petId) : undefined
    const pageUrl = `${baseUrl}${pet ? `/pet-details/${petId}` : c.req.path}`
    const tags = petPreviewTags(pet, { pageUrl, baseUrl })
    c.header('Cache-Control', 'no-cache')
    const page = withHeadTags(html, tags)
    c.header('Content-Security-Policy', pageCsp(page, ownEntry ? 'petPage' : 'app', options.uploadOrigins))
    return c.html(page)
  })
  // The HTML files asked for by name (or as the folder's index) carry their policy too.
  app.get('/', appPage)
  app.get('/index.html', appPage)
  app.get(`/${PET_PAGE_FILE}`, async (c, next) => {
    if (!existsSync(petPage)) return next()
    const html = await readFile(petPage, 'utf8')
    c.header('Content-Security-Policy', pageCsp(html, 'petPage', options.uploadOrigins))
    return c.html(html)
  })
  app.use(serveStatic({ root: distDir }))
  app.get('*', async (c) => (wantsHtml(c.req.header('Accept')) ? appPage(c) : c.notFound()))
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
