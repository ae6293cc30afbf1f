import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { chunkLoading } from './build-plugins/chunk-loading.ts'
import { bundlerGroups, CHUNK_GROUPS, checkChunkGroups } from './build-plugins/chunk-groups.ts'
import { petDetailsPage } from './build-plugins/pet-details-page.ts'
import { precompress } from './build-plugins/precompress.ts'
import { routeChunks } from './build-plugins/route-chunks.ts'
import { htmlStorageKeys } from './build-plugins/storage-keys.ts'

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url))
export const alias = { '@': dir('./src'), '@contract': dir('./contract') }

const apiPort = process.env.API_PORT ?? '3001'

/**
 * Route parts split off the route tree: a route's loader, component and pending view in one chunk,
 * its error and not-found views in others (they rarely show). Out of the tree, so that the entry
 * chunk no longer imports every screen's feature api (and through it the HTTP client and schemas)
 * or the public pages' frame for any first visit; together, because the router loads all three for
 * a visit anyway, and each file more was one more request in line on a phone network (HTTP/1.1,
 * six connections): /users loaded three of its own, /dashboard three. The chunk loads through
 * chunkLoading.
 */
export const routeSplits = [['loader', 'component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']]

const routes = routeChunks()

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, codeSplittingOptions: { defaultBehavior: routeSplits }, plugins: [routes.generator] }),
    chunkLoading(),
    react(),
    htmlStorageKeys(),
    petDetailsPage(),
    checkChunkGroups(CHUNK_GROUPS),
    precompress(),
    routes.vite,
  ],
  resolve: { alias },
  server: {
    // `npm run dev`: Vite serves the SPA, the API runs beside it in watch mode, on loopback (its HOST default).
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/uploads': `http://127.0.0.1:${apiPort}`, '/resized': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    // Maps for reading a production stack trace, without the comment that would make browsers ask for them.
    sourcemap: 'hidden',
    // Read by the route map (build-plugins/route-chunks.ts) and npm run bench; not served (server/spa.ts).
    manifest: true,
    // Two pages: the admin SPA, and the public pet page with its own small bundle (React only).
    rolldownOptions: {
      input: { main: dir('./index.html'), 'pet-details': dir('./pet-details.html') },
      // The contract's modules only declare values: one whose exports a page does not use is left
      // out of that page's chunks, though the barrel (contract/index.ts) re-exports it. This keeps
      // its input schemas (classic zod) out of screens that only read answers (zod/mini).
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]contract[\\/]/.test(id) },
      output: { codeSplitting: { groups: bundlerGroups(CHUNK_GROUPS) } },
    },
  },
})
