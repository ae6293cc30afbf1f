import { createHash } from 'node:crypto'
import { createReadStream, existsSync, type Stats } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import { Hono, type Context } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import { PETS_MSG } from '../contract/pets'
import type { TrustProxy } from './http/client-address'
import { securityHeaders } from './http/security'
import { logError } from './log'
import { petPreviewTags, withHeadTags, type PetPreview, type PetPreviewLookup } from './pet-preview'
import type { PetPageAllowance } from './routes/pets'
import { readRouteMap, ROUTE_MAP_PATH, routeMatcher, type RouteMapEntry, type RouteMatcher } from './route-map'

const IMMUTABLE = `public, max-age=${365 * 24 * 60 * 60}, immutable`

export const NOT_BUILT_MESSAGE =
  'The web app has not been built: run `npm run build` (or `npm start`), then restart the server. ' +
  'The API is available under /api/v1.'

export const isSpaBuilt = (distDir: string) => existsSync(join(distDir, 'index.html'))

export interface SpaOptions {
  /** Finds the pet a /pet-details/:petId page describes, for its link-preview tags. */
  petPreview?: PetPreviewLookup
  /** The pet call's per-address limit (the app's `petPageAllowance`), which the page shares: its tags describe the pet. */
  petPageAllowance?: PetPageAllowance
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

/** The hash sources of a page's inline scripts (a `<script>` without src that is not data). */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue
    if (/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes!)) continue // data, never run
    hashes.add(sha256Source(body!))
  }
  return [...hashes]
}

/**
 * The Content-Security-Policy of a served page. Scripts: this origin, and the page's own inline
 * scripts by hash (the pet page's early fetch); the admin app also loads Google's Maps script.
 * Styles: the pet page's from this origin only; the admin app allows inline styles, which
 * its toasts (sonner), the rich-text editor and Google Maps insert as <style> elements at run
 * time (styles cannot run code; scripts stay strict). Images and videos: any https source
 * (demo and uploaded photos are remote), data: and blob: (previews before upload).
 */
export function pageCsp(html: string, page: 'app' | 'petPage', uploadOrigins: readonly string[] = []): string {
  const maps = page === 'app' ? GOOGLE_MAPS_ORIGINS : []
  const extra = uploadOrigins.filter((origin) => !origin.startsWith('https:')) // https: already covers the rest
  const directives = [
    "default-src 'self'",
    ['script-src', "'self'", ...inlineScriptHashes(html), ...(page === 'app' ? ['https://maps.googleapis.com'] : [])].join(' '),
    ['style-src', "'self'", ...(page === 'app' ? ["'unsafe-inline'"] : [])].join(' '),
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

/** The compressed copies the build writes beside each text file (build-plugins/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const
type Encoding = (typeof ENCODINGS)[number]

/** Types the build compresses: text, scripts, styles, JSON and SVG. */
const isCompressibleType = (type: string) => /^(?:text\/|application\/(?:javascript|json|xml|manifest\+json)|image\/(?:svg\+xml|x-icon))/.test(type)

/** The encodings an Accept-Encoding header allows (listed with a q above 0, or covered by `*`), best first. */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const weights = new Map<string, number>()
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim())
    if (!name) continue
    const q = params.find((p) => p.startsWith('q='))
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1)
  }
  const allowed = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0
  return ENCODINGS.filter((e) => allowed(e.name))
}

/**
 * Files of the build that are never sent: source maps and Vite's manifest (they describe the
 * code to whoever asks), anything in a dot folder (.vite/) or named with a leading dot, and the
 * compressed copies by their own name (they go out as the file they copy).
 */
const isPrivateFile = (path: string) => /(?:^|\/)\.|\.map$|\.(?:br|gz)$|(?:^|\/)manifest\.json$/.test(path)

const statFile = (path: string) => stat(path).then((s) => (s.isFile() ? s : undefined), () => undefined)

/**
 * Sends a file of the build, as the compressed copy the client accepts if there is one
 * (Content-Encoding, Vary: Accept-Encoding), else as it is. Undefined when the file is missing.
 */
async function sendFile(c: Context, path: string): Promise<Response | undefined> {
  const plain = await statFile(path)
  if (!plain) return undefined
  const type = getMimeType(path) ?? 'application/octet-stream'
  let file: { path: string; stats: Stats; encoding?: string } = { path, stats: plain }
  if (isCompressibleType(type)) {
    c.header('Vary', 'Accept-Encoding')
    for (const { name, suffix } of acceptedEncodings(c.req.header('Accept-Encoding'))) {
      const stats = await statFile(path + suffix)
      if (stats) {
        file = { path: path + suffix, stats, encoding: name }
        break
      }
    }
  }
  c.header('Content-Type', type)
  if (file.encoding) c.header('Content-Encoding', file.encoding)
  c.header('Content-Length', String(file.stats.size))
  c.header('Last-Modified', file.stats.mtime.toUTCString())
  if (c.req.method === 'HEAD') return c.body(null, 200)
  return c.body(Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>, 200)
}

/**
 * An HTML page built for this request (the pet page with its preview tags), compressed here as
 * the client allows: it is small, so a fast brotli level costs next to nothing.
 */
function sendHtml(c: Context, html: string) {
  c.header('Vary', 'Accept-Encoding')
  c.header('Content-Type', 'text/html; charset=UTF-8')
  const [encoding] = acceptedEncodings(c.req.header('Accept-Encoding'))
  if (!encoding) return c.body(html, 200)
  const body =
    encoding.name === 'br'
      ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(html, { level: 6 })
  c.header('Content-Encoding', encoding.name)
  return c.body(new Uint8Array(body), 200)
}

/** The admin app's page for one route, made once and then sent as it is to every visit. */
interface AppPage {
  /** Whether a route of the SPA matches the path: the page of a path none matches answers 404 (the SPA shows PAGE NOT FOUND). */
  known: boolean
  html: string
  csp: string
  /** Weak: one validator for the page whatever its content coding (each is made from the same HTML). */
  etag: string
  /** The body as sent for each content coding ('identity' for none), made on first use. */
  bodies: Map<Encoding['name'] | 'identity', Uint8Array<ArrayBuffer>>
}

/** What the app's pages are made from: index.html and the build's route map, as of one build. */
interface AppBuild {
  /** index.html's and the route map's mtimes and sizes: a build written while the server runs is read again. */
  version: string
  template: string
  /** Undefined when the build has no route map: every path is a page then, naming no route chunks. */
  routeOf: RouteMatcher | undefined
  /** By route ('' for a URL no route matches): as many as there are routes, at most. */
  made: Map<string, AppPage>
}

/** The build's route matcher; undefined when its map is missing or unreadable. */
function routeMatcherOf(distDir: string): RouteMatcher | undefined {
  try {
    return routeMatcher(readRouteMap(distDir))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') logError('reading the build route map', err)
    return undefined
  }
}

/** `<link rel="modulepreload">` for each chunk a visit to `route` runs that the page does not name already. */
function chunkTags(template: string, route: RouteMapEntry): string {
  const named = new Set([...template.matchAll(/\b(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]!))
  // crossorigin as Vite writes it for module scripts: the module loader then takes the preloaded response.
  return route.files
    .filter((file) => !named.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ')
}

/**
 * The admin app's page for each URL path: index.html naming, as modulepreload, the chunks of the
 * route the path matches (server/route-map.ts), so that the browser fetches them beside the
 * entry instead of one import at a time once the entry has run. A path no route matches gets
 * index.html as it is. index.html and the route map are read once, and again only when either
 * changes (a new build). Undefined while index.html is missing.
 */
function appPages(distDir: string, uploadOrigins: readonly string[] | undefined) {
  const indexHtml = join(distDir, 'index.html')
  let build: AppBuild | undefined
  const currentBuild = async () => {
    const stats = await statFile(indexHtml)
    if (!stats) return undefined
    // The map is written after index.html: a visit between the two must not keep a build without it.
    const map = await statFile(join(distDir, ROUTE_MAP_PATH))
    const version = `${stats.mtimeMs}:${stats.size}:${map?.mtimeMs}:${map?.size}`
    if (build?.version !== version) {
      build = { version, template: await readFile(indexHtml, 'utf8'), routeOf: routeMatcherOf(distDir), made: new Map() }
    }
    return build
  }
  return async (path: string): Promise<AppPage | undefined> => {
    const current = await currentBuild()
    if (!current) return undefined
    const route = current.routeOf?.(path)
    const key = route?.key ?? ''
    let page = current.made.get(key)
    if (!page) {
      const tags = route ? chunkTags(current.template, route) : ''
      const html = tags ? current.template.replace(/<\/head\s*>/i, (end) => `  ${tags}\n  ${end}`) : current.template
      const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`
      // Without a route map the server cannot tell a route from an unknown path: every path is a page then.
      const known = route !== undefined || !current.routeOf
      page = { known, html, csp: pageCsp(html, 'app', uploadOrigins), etag, bodies: new Map() }
      current.made.set(key, page)
    }
    return page
  }
}

/** Whether an If-None-Match header names this validator (the weak comparison a GET uses). */
const etagMatches = (header: string | undefined, etag: string) => {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header !== undefined && header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag))
}

/** An app page's body in a content coding, at the best compression: made once per page and coding. */
function appPageBody(page: AppPage, coding: Encoding['name'] | 'identity') {
  let body = page.bodies.get(coding)
  if (!body) {
    const html = Buffer.from(page.html)
    const encoded =
      coding === 'br'
        ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } })
        : coding === 'gzip'
          ? gzipSync(html, { level: 9 })
          : html
    body = new Uint8Array(encoded)
    page.bodies.set(coding, body)
  }
  return body
}

/**
 * Sends an app page, compressed as the client allows, with its policy and validator, revalidated
 * at each visit (no-cache): a browser that holds this very page gets a 304.
 */
function sendAppPage(c: Context, page: AppPage, status: 200 | 404 = 200) {
  c.header('Content-Type', 'text/html; charset=UTF-8')
  c.header('Vary', 'Accept-Encoding')
  c.header('Cache-Control', 'no-cache')
  c.header('Content-Security-Policy', page.csp)
  // A 404 has no validator: a revalidation would answer 304 for a resource that is not there.
  if (status === 200) {
    c.header('ETag', page.etag)
    if (etagMatches(c.req.header('If-None-Match'), page.etag)) return c.body(null, 304)
  }
  const [encoding] = acceptedEncodings(c.req.header('Accept-Encoding'))
  const body = appPageBody(page, encoding?.name ?? 'identity')
  if (encoding) c.header('Content-Encoding', encoding.name)
  c.header('Content-Length', String(body.length))
  if (c.req.method === 'HEAD') return c.body(null, status)
  return c.body(body, status)
}

/**
 * Paths the product's pages were also known by, sent on to the route's own path (301: a
 * bookmark or a link updates): the public terms page is /term-and-conditions, while the
 * Settings page is /settings/terms-and-conditions, so the plural is easy to type for the public one.
 */
export const PAGE_ALIASES: Readonly<Record<string, string>> = { '/terms-and-conditions': '/term-and-conditions' }

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
  const appPageFor = appPages(distDir, options.uploadOrigins)
  /**
   * The admin app's page for the requested URL, naming its route's chunks; 404 (the same
   * index.html, whose router draws PAGE NOT FOUND) for a path no route matches.
   */
  const appPage = async (c: Context) => {
    const page = await appPageFor(c.req.path)
    return page ? sendAppPage(c, page, page.known ? 200 : 404) : c.notFound()
  }
  // Set after the file is found (serveStatic's own hook runs too late to change headers).
  app.use(async (c, next) => {
    await next()
    if (c.res.status !== 200 || c.res.headers.has('Cache-Control')) return
    c.res.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache')
  })
  // Before the static files, so /pet-details/<id> can never be taken for a file. Link-preview
  // crawlers often send `Accept: */*`, so this page is HTML whatever the request accepts.
  app.get('/pet-details/*', async (c) => {
    // Chat apps still draw the link's card; search engines leave shared pets out of their index.
    c.header('X-Robots-Tag', 'noindex')
    const allowed = options.petPageAllowance ? await options.petPageAllowance(c) : { ok: true as const }
    if (!allowed.ok) {
      c.header('Cache-Control', 'no-store')
      c.header('Retry-After', String(allowed.retryAfterS))
      return c.text(PETS_MSG.tooMany(allowed.retryAfterS), 429)
    }
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
    return sendHtml(c, page)
  })
  // The HTML files asked for by name (or as the folder's index) carry their policy too.
  app.get('/', appPage)
  app.get('/index.html', async (c) => {
    const page = await appPageFor(c.req.path)
    return page ? sendAppPage(c, page) : c.notFound() // the file itself: 200, though no route is named so
  })
  // Matched as the router matches paths: in any case, with or without a trailing slash.
  app.get('*', async (c, next) => {
    const alias = PAGE_ALIASES[c.req.path.toLowerCase().replace(/(.)\/+$/, '$1')]
    return alias ? c.redirect(`${alias}${new URL(c.req.url).search}`, 301) : next()
  })
  // The pet page's own entry as it is (compressed copies included), with its policy.
  app.get(`/${PET_PAGE_FILE}`, async (c, next) => {
    if (!existsSync(petPage)) return next()
    c.header('Content-Security-Policy', pageCsp(await readFile(petPage, 'utf8'), 'petPage', options.uploadOrigins))
    return (await sendFile(c, petPage)) ?? c.notFound()
  })
  // The other files of the build: scripts, styles, images (Cache-Control above).
  app.get('*', async (c, next) => {
    let path: string
    try {
      path = decodeURIComponent(c.req.path)
    } catch {
      return next()
    }
    if (isPrivateFile(path)) return c.notFound() // even for a navigation: no page stands in for them
    if (/\\|\0|\/\//.test(path)) return next()
    return (await sendFile(c, join(distDir, path))) ?? next()
  })
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
