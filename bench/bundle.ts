import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { entryKey, staticClosure, type Manifest } from '../build-plugins/route-chunks'
import { routeMatcher, type RouteMap } from '../server/route-map'

export { readManifest } from '../build-plugins/route-chunks'
export { readRouteMap } from '../server/route-map'

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

/**
 * Each page's first-visit JS beside its goal: the files the server names as modulepreload for
 * the route its URL shows (a layout's URL shows its index route), each route once.
 */
export function pageSizes(dist: string, map: RouteMap): PageSize[] {
  const routeOf = routeMatcher(map)
  const shown = new Map(map.routes.map(({ url }) => [routeOf(url), url] as const))
  return [...shown]
    .filter(([route]) => route !== undefined)
    .map(([route, url]) => ({ url, bytes: route!.files.reduce((sum, f) => sum + gzipSize(dist, f), 0), chunks: route!.files.length, goal: PAGE_GOALS[url] ?? PAGE_GOAL }))
    .sort((a, b) => a.url.localeCompare(b.url))
}
