import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
type Manifest = Record<string, Chunk>

/**
 * The route files an entry URL matches, outermost first (the root route is in the entry chunk).
 * With automatic code splitting each route file yields split chunks keyed `<file>?tsr-split=...`.
 */
export const ENTRY_ROUTES: Record<string, string[]> = {
  '/': ['src/routes/_public.tsx', 'src/routes/_public/_auth.tsx', 'src/routes/_public/_auth/index.tsx'],
  '/dashboard': ['src/routes/_signed-in.tsx', 'src/routes/_signed-in/dashboard.tsx'],
}

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

/** Gzipped JS bytes a first visit to `url` loads: the entry plus the matched routes' chunks. */
export function routeJsBytes(dist: string, manifest: Manifest, routeFiles: string[]) {
  // A moved route file would otherwise drop out of the sum silently and flatter the figure.
  const missing = routeFiles.filter((f) => !existsSync(join(import.meta.dirname, '..', f)))
  if (missing.length) throw new Error(`ENTRY_ROUTES names route files that do not exist: ${missing.join(', ')}`)
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
