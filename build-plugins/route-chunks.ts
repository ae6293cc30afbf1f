import { readFile, rename, writeFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { inferFullPath, type GeneratorPlugin, type RouteNode } from '@tanstack/router-generator'
import { tsrSplit } from '@tanstack/router-plugin'
import type { Plugin } from 'vite'
import { ROUTE_MAP_PATH, type RouteMap, type RouteMapEntry } from '../server/route-map.ts'

/** One chunk of Vite's build manifest. */
export type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
export type Manifest = Record<string, ManifestChunk>

/** Where `vite build` writes its manifest (build.manifest), inside the output folder. */
export const MANIFEST_PATH = '.vite/manifest.json'

export const readManifest = async (dist: string) => JSON.parse(await readFile(join(dist, MANIFEST_PATH), 'utf8')) as Manifest

/** Chunks and everything they import statically (what the browser must fetch to run them), each before its imports. */
export function staticClosure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue
    seen.add(key)
    staticClosure(manifest, manifest[key].imports ?? [], seen)
  }
  return seen
}

/** The build's HTML entry `html` (the admin app's index.html unless told). */
export function entryKey(manifest: Manifest, html = 'index.html') {
  if (!manifest[html]?.isEntry) throw new Error(`No ${html} entry in the build manifest`)
  return html
}

/**
 * The parts of a split route the router loads for a visit. errorComponent and notFoundComponent
 * load only when the route fails or finds nothing (@tanstack/router-core, loadRouteChunk).
 */
const VISIT_PARTS = new Set(['component', 'pendingComponent', 'loader'])

/** Whether a manifest key is a chunk a visit to the route file `file` (from the root) loads. */
function loadedOnVisit(key: string, file: string) {
  const [path, query] = key.split('?')
  if (path !== file) return false
  if (query === undefined) return true // the route file itself as a chunk
  // Grouped parts are joined with '---' (@tanstack/router-utils, createIdentifier).
  const parts = new URLSearchParams(query).get(tsrSplit)?.split('---') ?? []
  return parts.some((part) => VISIT_PARTS.has(part))
}

/**
 * The JS files a first visit to the admin app runs before it draws when `routeFiles` (outermost
 * first) match: index.html's entry and its static imports, then each route file's chunks and theirs, each file once. Lazy
 * pieces a screen imports later (dynamic imports) are left out.
 */
export function firstVisitFiles(manifest: Manifest, routeFiles: string[]): string[] {
  const routeKeys = routeFiles.flatMap((file) => Object.keys(manifest).filter((key) => loadedOnVisit(key, file)))
  return [...staticClosure(manifest, [entryKey(manifest), ...routeKeys])].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'))
}

/** The route tree as the router's generator built it: its nodes, and where their files are. */
type RouteTree = { nodes: RouteNode[]; routesDirectory: string }

/**
 * One entry of the map for each route of the generator's tree. `id` and `path` are what the
 * generated route tree gives the route (src/routeTree.gen.ts, `update({ id, path })`), so that the
 * server's router (server/route-map.ts) builds the same tree and matches as the SPA's does.
 */
export function routeMap({ nodes, routesDirectory }: RouteTree, manifest: Manifest, root: string): RouteMap {
  const fileOf = (node: RouteNode) => relative(root, resolve(root, routesDirectory, node.filePath)).replace(/\\/g, '/')
  const chain = (node: RouteNode | undefined): RouteNode[] => (node ? [...chain(node.parent), node] : [])
  const routes = nodes.map((node): RouteMapEntry => {
    const hasPath = !node.isNonPath || (node._fsRouteType === 'pathless_layout' && !!node.cleanedPath)
    return {
      key: node.routePath!,
      ...(node.parent ? { parent: node.parent.routePath! } : {}),
      id: node.path!,
      ...(hasPath ? { path: node.cleanedPath! } : {}),
      // As the SPA's links write it: `/users`, not the index route's `/users/`.
      url: inferFullPath(node).replace(/(.)\/$/, '$1'),
      files: firstVisitFiles(manifest, chain(node).map(fileOf)),
    }
  })
  return { routes }
}

/**
 * Writes the map from each route of the SPA to the JS files a first visit to it runs
 * (dist/.vite/routes.json, server/route-map.ts), from the router generator's own route tree and
 * Vite's manifest. The server reads it to name those files as modulepreload in the page it sends
 * for a URL, and `npm run bench` to weigh each page. `generator` goes in the router plugin's
 * `plugins`, the rest in Vite's.
 */
export function routeChunks(): { generator: GeneratorPlugin; vite: Plugin } {
  let tree: RouteTree | undefined
  let root = process.cwd()
  return {
    generator: {
      name: 'petcare:route-tree',
      init: ({ generator }) => void (tree = { nodes: [], routesDirectory: generator.config.routesDirectory }),
      onRouteTreeChanged: ({ routeNodes }) => void (tree!.nodes = routeNodes),
    },
    vite: {
      name: 'petcare:route-chunks',
      apply: 'build',
      configResolved: (config) => void (root = config.root),
      async writeBundle({ dir }) {
        if (!dir || !tree?.nodes.length) {
          this.error('The router generator gave no route tree: did it fail (above), or is routeChunks().generator not among the router plugin\'s plugins?')
        }
        const map = routeMap(tree!, await readManifest(dir!), root)
        // Whole or not at all: a server reading the build meanwhile never sees half a map.
        const path = join(dir!, ROUTE_MAP_PATH)
        await writeFile(`${path}.tmp`, JSON.stringify(map))
        await rename(`${path}.tmp`, path)
      },
    },
  }
}
