/**
 * Which built chunks a page of the SPA runs, read from Vite's build manifest
 * (dist/.vite/manifest.json). The server names them as modulepreload in the page it sends for a
 * URL (server/spa.ts), and `npm run bench` weighs them (bench/bundle.ts): one reading for both.
 *
 * The pages come from the manifest alone (the production server has no src/): each route file of
 * src/routes that has split chunks (TanStack Router's autoCodeSplitting writes them as
 * `src/routes/<file>.tsx?tsr-split=<parts>`), with the layout files above it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** One chunk of Vite's build manifest. */
export type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
export type Manifest = Record<string, ManifestChunk>

/** Where `vite build` writes the manifest (build.manifest in vite.config.ts), inside dist/. */
export const MANIFEST_PATH = '.vite/manifest.json'

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, MANIFEST_PATH), 'utf8')) as Manifest
}

/** Chunks and everything they import statically (what the browser must fetch to run them), each before its imports. */
export function staticClosure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue
    seen.add(key)
    staticClosure(manifest, manifest[key].imports ?? [], seen)
  }
  return seen
}

/** The build's HTML entry `html` (the admin SPA's index.html unless told). */
export function entryKey(manifest: Manifest, html = 'index.html') {
  if (!manifest[html]?.isEntry) throw new Error(`No ${html} entry in the build manifest`)
  return html
}

/** A page of the SPA: its URL pattern (`/users/$userId`) and the route files a visit matches, outermost first. */
export type SpaPage = { url: string; routeFiles: string[] }

/**
 * A route file's URL: pathless segments (`_signed-in`), route groups (`(edit)`, a folder that only
 * names what its files are) and `index` dropped, `$id_` (not nested) as `$id`.
 */
const urlOf = (routeFile: string) =>
  '/' +
  routeFile
    .replace(/^src\/routes\//, '')
    .replace(/\.tsx$/, '')
    .split('/')
    .filter((segment) => !segment.startsWith('_') && !/^\(.+\)$/.test(segment) && segment !== 'index')
    .map((segment) => segment.replace(/_$/, ''))
    .join('/')

const routeFileOf = (key: string) => /^(src\/routes\/[^?]+\.tsx)(?:\?|$)/.exec(key)?.[1]

/**
 * Every page of the SPA with the route files a first visit to it matches, outermost first: each
 * folder's layout file (`settings.tsx` for `settings/admins.tsx`, `_signed-in.tsx` for
 * `_signed-in/users/index.tsx`) and the page's own. A pathless layout is not a page of its own. A
 * route file without split chunks is not in the manifest, and has nothing to load either.
 */
export function pages(manifest: Manifest): SpaPage[] {
  const routeFiles = new Set(Object.keys(manifest).map(routeFileOf).filter((f) => f !== undefined))
  return [...routeFiles]
    .filter((file) => !/\/_[^/]*\.tsx$/.test(file) && !file.endsWith('__root.tsx'))
    .map((file) => {
      const folders = file.split('/').slice(2, -1)
      const layouts = folders.map((_, i) => `src/routes/${folders.slice(0, i + 1).join('/')}.tsx`).filter((f) => routeFiles.has(f))
      return { url: urlOf(file), routeFiles: [...layouts, file] }
    })
    .sort((a, b) => a.url.localeCompare(b.url))
}

/**
 * How well a URL pattern matches a path's segments, as the router ranks routes (a static segment
 * before a `$param`, a `$param` before a splat `$`); undefined when it does not match. Ranks of
 * one path compare as strings.
 */
function matchRank(url: string, segments: string[]): string | undefined {
  const parts = url.split('/').filter(Boolean)
  let rank = ''
  for (const [i, part] of parts.entries()) {
    if (part === '$') return `${rank}0` // the rest of the path, if any
    if (i >= segments.length) return undefined
    if (part.startsWith('$')) rank += '1'
    else if (part.toLowerCase() === segments[i]) rank += '2'
    else return undefined
  }
  return parts.length === segments.length ? rank : undefined
}

/** The page a URL path shows (matched case-insensitively, as the router does), or undefined. */
export function matchPage(all: SpaPage[], pathname: string): SpaPage | undefined {
  let segments: string[]
  try {
    segments = pathname
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s).toLowerCase())
  } catch {
    return undefined // a malformed escape: no route matches it
  }
  let best: { page: SpaPage; rank: string } | undefined
  for (const page of all) {
    const rank = matchRank(page.url, segments)
    if (rank === undefined) continue
    // A layout that is also a page (`settings.tsx`) loses to its index child, which matches more files.
    if (!best || rank > best.rank || (rank === best.rank && page.routeFiles.length > best.page.routeFiles.length)) best = { page, rank }
  }
  return best?.page
}

/**
 * The parts of a split route the router loads for a visit. errorComponent and notFoundComponent
 * load only when the route fails or finds nothing (@tanstack/router-core, loadRouteChunk).
 */
const VISIT_PARTS = new Set(['component', 'pendingComponent', 'loader'])

/** Whether a manifest key is a chunk a visit to one of `routeFiles` loads. */
function loadedOnVisit(key: string, routeFiles: string[]) {
  const [file, query] = key.split('?')
  if (!routeFiles.includes(file!)) return false
  if (query === undefined) return true // the route file itself as a chunk
  // Grouped parts are joined with '---' (@tanstack/router-utils, createIdentifier).
  const parts = new URLSearchParams(query).get('tsr-split')?.split('---') ?? []
  return parts.some((part) => VISIT_PARTS.has(part))
}

/**
 * The JS files a first visit to a page of `html` runs before it draws: the entry and its static
 * imports, then the matched route files' chunks (outermost first) and theirs, each file once.
 * Lazy pieces a screen imports later (dynamic imports) are left out.
 */
export function firstVisitFiles(manifest: Manifest, routeFiles: string[], html = 'index.html'): string[] {
  const routeKeys = Object.keys(manifest).filter((key) => loadedOnVisit(key, routeFiles))
  routeKeys.sort((a, b) => routeFiles.indexOf(routeFileOf(a)!) - routeFiles.indexOf(routeFileOf(b)!))
  return [...staticClosure(manifest, [entryKey(manifest, html), ...routeKeys])].map((key) => manifest[key]!.file)
}
