import type { Plugin } from 'vite'

/**
 * The chunks the bundler is told to make of small modules that would otherwise each be a file:
 * each group names its modules by path from the project's root, a file or a folder (ending in
 * `/`), so that a renamed or moved file cannot slip out of its group unseen: the build stops
 * when a path matches no module (checkChunkGroups).
 */
export type ChunkGroup = { name: string; paths: readonly string[] }

const normalised = (id: string) => id.replace(/\\/g, '/').split('?')[0]!

/** Whether the module `id` (an absolute path, perhaps with a query) is at `path`. */
export const isAt = (id: string, path: string) => (path.endsWith('/') ? normalised(id).includes(`/${path}`) : normalised(id).endsWith(`/${path}`))

export const CHUNK_GROUPS: ChunkGroup[] = [
  /*
   * The small modules of the signed-in screens' data layer: nearly every signed-in page uses
   * nearly all of it, and left alone each is a file (one more request, import list and preload
   * entry for every page). The features' query keys are not here: the query client's refresh map
   * names them all, so they come with the entry.
   */
  { name: 'signed-in-data', paths: ['src/lib/undo.ts', 'src/lib/list-cache.ts', 'src/lib/submission-key.ts'] },
  /*
   * The signed-in layout's small pieces that only signed-in pages load: left alone the bundler
   * makes a file of each, since lazy parts share them, and every signed-in page waited for four
   * more requests on a phone network (HTTP/1.1, six connections).
   */
  {
    name: 'signed-in-layout',
    paths: [
      'src/components/layout/crumbs.ts',
      'src/components/layout/Breadcrumbs.tsx',
      'src/components/layout/shell-icons.tsx',
      'src/components/layout/navigation.ts',
      'src/components/layout/NavList.tsx',
      'src/components/layout/useMediaQuery.ts',
      'src/components/list/HeaderDialogButton.tsx',
      'src/components/list/tools.tsx',
      'src/components/ui/Avatar.tsx',
      'src/components/ui/Segmented.tsx',
      'src/features/account/api.ts',
      'src/lib/preferences.ts',
      'contract/preferences.ts',
    ],
  },
  /*
   * The router and TanStack Query, each one chunk: every page loads all of the router and nearly
   * all of Query, which left alone are cut into a dozen files along the lines of which pages use
   * which hook. Their dependencies (React) stay beside the public pet page's.
   */
  {
    name: 'router',
    paths: [
      'node_modules/@tanstack/router-core/',
      'node_modules/@tanstack/react-router/',
      'node_modules/@tanstack/history/',
      'node_modules/@tanstack/store/',
      'node_modules/@tanstack/react-store/',
      'node_modules/use-sync-external-store/',
    ],
  },
  { name: 'query', paths: ['node_modules/@tanstack/query-core/', 'node_modules/@tanstack/react-query/'] },
  // The few small modules every page of the SPA loads, shared by lazy routes.
  { name: 'shared', paths: ['contract/messages.ts', 'src/components/ui/Button.tsx', 'src/components/ui/Spinner.tsx', 'src/components/ui/Logo.tsx'] },
  // The lists' small shared pieces: a page that uses only some loads the rest too (little).
  { name: 'list-pieces', paths: ['src/components/ui/Badge.tsx', 'src/components/ui/Dashes.tsx', 'src/components/ui/ConfirmDialog.tsx', 'src/lib/count.ts'] },
]

/** The groups as the bundler takes them (rolldown's `output.codeSplitting.groups`). */
export const bundlerGroups = (groups: readonly ChunkGroup[]) =>
  groups.map(({ name, paths }) => ({ name, test: (id: string) => paths.some((path) => isAt(id, path)), includeDependenciesRecursively: false }))

/** Each group's paths that no module of the build (`moduleIds`) is at. */
export function unmatchedPaths(groups: readonly ChunkGroup[], moduleIds: readonly string[]): string[] {
  return groups.flatMap(({ name, paths }) => paths.filter((path) => !moduleIds.some((id) => isAt(id, path))).map((path) => `${name}: ${path}`))
}

/** Stops a build in which a group names a path no module is at (a file renamed, moved or gone). */
export function checkChunkGroups(groups: readonly ChunkGroup[]): Plugin {
  return {
    name: 'petcare:check-chunk-groups',
    apply: 'build',
    generateBundle(_options, bundle) {
      const moduleIds = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? output.moduleIds : []))
      const unmatched = unmatchedPaths(groups, moduleIds)
      if (unmatched.length) this.error(`chunk groups name paths no module is at (build-plugins/chunk-groups.ts): ${unmatched.join(', ')}`)
    },
  }
}
