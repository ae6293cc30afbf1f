import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { entryKey, firstVisitFiles, pages, staticClosure, type Manifest } from '../server/route-chunks'

export { readManifest } from '../server/route-chunks'

const gzipSizes = new Map<string, number>()
export function gzipSize(dist: string, file: string) {
  let size = gzipSizes.get(file)
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
    gzipSizes.set(file, size)
  }
  return size
}

/**
 * Gzipped JS bytes a first visit loads: the entry plus the chunks of the matched route files
 * (server/route-chunks.ts firstVisitFiles, the same files the server names as modulepreload).
 */
export function routeJsBytes(dist: string, manifest: Manifest, routeFiles: string[]) {
  // A dist/ built from other sources (a moved route file) would otherwise be weighed silently.
  const missing = routeFiles.filter((f) => !existsSync(join(import.meta.dirname, '..', f)))
  if (missing.length) throw new Error(`No such route files: ${missing.join(', ')}`)
  const files = firstVisitFiles(manifest, routeFiles)
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
  const chunks = [...staticClosure(manifest, [entryKey(manifest, html)])].map((k) => manifest[k]!)
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

export type PageSize = { url: string; bytes: number; chunks: number; goal: number }

/** Each page's first-visit JS beside its goal. */
export function pageSizes(dist: string, manifest: Manifest): PageSize[] {
  return pages(manifest).map(({ url, routeFiles }) => {
    const { files, bytes } = routeJsBytes(dist, manifest, routeFiles)
    return { url, bytes, chunks: files.length, goal: PAGE_GOALS[url] ?? PAGE_GOAL }
  })
}
