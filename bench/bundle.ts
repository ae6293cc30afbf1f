import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
type Manifest = Record<string, Chunk>

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest
}

const gzipSizes = new Map<string, number>()
export function gzipSize(dist: string, file: string) {
  let size = gzipSizes.get(file)
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
    gzipSizes.set(file, size)
  }
  return size
}

/** A chunk and everything it imports statically: what the browser must fetch to run it. */
function closure(manifest: Manifest, keys: string[], seen = new Set<string>()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue
    seen.add(key)
    closure(manifest, manifest[key].imports ?? [], seen)
  }
  return seen
}

/** The build's HTML entry `html` (the admin SPA's index.html unless told). */
export function entryKey(manifest: Manifest, html = 'index.html') {
  if (!manifest[html]?.isEntry) throw new Error(`No ${html} entry in the build manifest`)
  return html
}

/** Gzipped JS bytes a first visit loads: the entry plus the chunks of the matched route files (outermost first). */
export function routeJsBytes(dist: string, manifest: Manifest, routeFiles: string[]) {
  // A moved route file would otherwise drop out of the sum silently and flatter the figure.
  const missing = routeFiles.filter((f) => !existsSync(join(import.meta.dirname, '..', f)))
  if (missing.length) throw new Error(`No such route files: ${missing.join(', ')}`)
  const routeKeys = Object.keys(manifest).filter((k) => routeFiles.some((f) => k === f || k.startsWith(`${f}?`)))
  const files = [...closure(manifest, [entryKey(manifest), ...routeKeys])].map((k) => manifest[k]!.file)
  return { files, bytes: files.reduce((sum, f) => sum + gzipSize(dist, f), 0) }
}

/**
 * The public pet page (/pet-details/:petId) is its own Vite entry, pet-details.html, without the
 * router (docs/DECISIONS.md, Public pet page): its goal is at most 80 kB of gzipped JS on a first visit.
 */
export const PET_PAGE = { url: '/pet-details/:petId', html: 'pet-details.html', goalBytes: 80 * 1024 } as const

/**
 * What a first visit to an HTML entry loads: its JS (the entry chunk and its static imports; lazy
 * chunks such as the pet page's media viewer are left out) and its CSS, gzipped.
 */
export function htmlEntryBytes(dist: string, manifest: Manifest, html: string) {
  const chunks = [...closure(manifest, [entryKey(manifest, html)])].map((k) => manifest[k]!)
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))]
  return {
    files: chunks.map((c) => c.file),
    jsBytes: chunks.reduce((sum, c) => sum + gzipSize(dist, c.file), 0),
    cssBytes: css.reduce((sum, f) => sum + gzipSize(dist, f), 0),
  }
}

/** Every route's own split chunks, by route file. */
export function routeChunks(dist: string, manifest: Manifest) {
  const rows = new Map<string, number>()
  for (const [key, chunk] of Object.entries(manifest)) {
    const match = /^(src\/routes\/[^?]+)\?tsr-split/.exec(key)
    if (match) rows.set(match[1]!, (rows.get(match[1]!) ?? 0) + gzipSize(dist, chunk.file))
  }
  return [...rows].sort(([a], [b]) => a.localeCompare(b))
}

const KB = 1024

/**
 * The most gzipped JS a first visit to each page may load. The sign-in page is what every admin
 * and many strangers open first; the dashboard and the users list are where admins spend the day;
 * any other page of the panel at most PAGE_GOAL. A heavy tool (the rich-text editor, charts) loads
 * after the page is usable, so it is not counted.
 */
export const PAGE_GOALS: Record<string, number> = { '/': 130 * KB, '/dashboard': 180 * KB, '/users': 180 * KB }
export const PAGE_GOAL = 200 * KB

/**
 * What CI holds each page to until the goals are met: the sizes measured when a step toward them
 * landed, a little over, so a change can only keep or lower them. Lower a figure when a change
 * makes its page lighter. A page of PAGE_GOALS without a ceiling is held to its goal; PAGE_CEILING
 * is every other page's until all meet PAGE_GOAL.
 */
export const PAGE_CEILINGS: Record<string, number> = {
  '/': 180 * KB,
  '/users': 202 * KB,
}
export const PAGE_CEILING = 246 * KB

/** A route file's URL: pathless segments (`_signed-in`) and `index` dropped, `$id_` (not nested) as `$id`. */
const urlOf = (routeFile: string) =>
  '/' +
  routeFile
    .replace(/^src\/routes\//, '')
    .replace(/\.tsx$/, '')
    .split('/')
    .filter((segment) => !segment.startsWith('_') && segment !== 'index')
    .map((segment) => segment.replace(/_$/, ''))
    .join('/')

/**
 * Every page of the SPA with the route files a first visit to it matches, outermost first: each
 * folder's layout file (`settings.tsx` for `settings/admins.tsx`) and the page's own. A pathless
 * layout (`_signed-in.tsx`) is not a page of its own.
 */
export function pages(manifest: Manifest): { url: string; routeFiles: string[] }[] {
  const routeFiles = [...new Set(Object.keys(manifest).map((key) => /^(src\/routes\/[^?]+\.tsx)/.exec(key)?.[1]).filter((f) => f !== undefined))]
  const exists = (file: string) => existsSync(join(import.meta.dirname, '..', file))
  return routeFiles
    .filter((file) => !/\/_[^/]*\.tsx$/.test(file) && !file.endsWith('__root.tsx'))
    .map((file) => {
      const folders = file.split('/').slice(2, -1)
      const layouts = folders.map((_, i) => `src/routes/${folders.slice(0, i + 1).join('/')}.tsx`).filter(exists)
      return { url: urlOf(file), routeFiles: [...layouts, file] }
    })
    .sort((a, b) => a.url.localeCompare(b.url))
}

export type PageSize = { url: string; bytes: number; chunks: number; goal: number; ceiling: number }

/** Each page's first-visit JS beside its goal and the ceiling CI holds it to meanwhile. */
export function pageSizes(dist: string, manifest: Manifest): PageSize[] {
  return pages(manifest).map(({ url, routeFiles }) => {
    const { files, bytes } = routeJsBytes(dist, manifest, routeFiles)
    return { url, bytes, chunks: files.length, goal: PAGE_GOALS[url] ?? PAGE_GOAL, ceiling: PAGE_CEILINGS[url] ?? (url in PAGE_GOALS ? PAGE_GOALS[url]! : PAGE_CEILING) }
  })
}
