import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import { defineConfig, type Connect, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { bundlerGroups, CHUNK_GROUPS, checkChunkGroups } from './build-plugins/chunk-groups.ts'
import { htmlStorageKeys } from './build-plugins/storage-keys.ts'

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url))
export const alias = { '@': dir('./src'), '@contract': dir('./contract') }

const apiPort = process.env.API_PORT ?? '3001'

/**
 * The public pet page is its own HTML entry (docs/DECISIONS.md, Public pet page, "Its weight"):
 * in production the server answers /pet-details/* with dist/pet-details.html; this does the same
 * for `vite` (dev) and `vite preview`, whose SPA fallback would otherwise hand out index.html.
 * It also writes the API base (VITE_API_BASE_URL) into the page's inline script, which starts the
 * pet call before the page's module loads.
 */
function petDetailsPage(): Plugin {
  let apiBase = '/api/v1'
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    if (req.method === 'GET' && /^\/pet-details(\/|$)/.test(req.url ?? '') && (req.headers.accept ?? '').includes('text/html')) {
      req.url = '/pet-details.html'
    }
    next()
  }
  const isPetPage = (path: string) => path.endsWith('/pet-details.html')
  return {
    name: 'petcare:pet-details-page',
    configResolved: (config) => void (apiBase = (config.env.VITE_API_BASE_URL as string | undefined) || apiBase),
    transformIndexHtml: {
      order: 'pre',
      handler: (html, { path }) =>
        isPetPage(path) ? html.replace("'__API_BASE__'", () => JSON.stringify(apiBase).replace(/</g, '\\u003c')) : html,
    },
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  }
}

/**
 * A built page carries its stylesheet inline (the pet page about 5 kB gzipped, the admin app 10),
 * so that its first paint waits for no request after the page itself: the pet's title, or the
 * signed-in frame. A stylesheet is only ever needed with its page, and a page sent again unchanged
 * is a 304 (server/spa.ts), so nothing is fetched twice.
 */
export function inlineStylesheets(): Plugin {
  return {
    name: 'petcare:inline-stylesheets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { path, bundle }) =>
        html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const css = bundle?.[file]
          if (css?.type !== 'asset') return link
          // The admin app's lazy chunks import from its entry, so they list its stylesheet among
          // what they need, and Vite's loader fetches what no stylesheet link names: this link
          // names it, and a type no browser reads keeps it from being fetched. (The pet page's
          // lazy viewer brings a stylesheet of its own.)
          const marker = path === '/index.html' ? `<link rel="stylesheet" type="text/x-inline" href="/${file}">` : ''
          return `<style>${String(css.source)}</style>${marker}`
        }),
    },
  }
}

/** The router's split-route importer, `() => import('…/route.tsx?tsr-split=component')`. */
const SPLIT_ROUTE_IMPORTER = /\(\)\s*=>\s*import\((["'])([^"']*\?tsr-split=[^"']*)\1\)/g

/**
 * Every route part the router plugin splits off loads through loadChunk (src/lib/chunk-import.ts):
 * a time limit on the import and a failure the screens can show and retry. The router's own lazy
 * component cannot be given either, so its importers are wrapped where the plugin writes them.
 */
export function chunkLoading(): Plugin {
  return {
    name: 'petcare:chunk-loading',
    transform(code) {
      if (!code.includes('?tsr-split=')) return
      const wrapped = code.replace(SPLIT_ROUTE_IMPORTER, (_, quote: string, url: string) => `() => __loadChunk(() => import(${quote}${url}${quote}))`)
      if (wrapped === code) return
      // On the first line, so the lines of the existing source map still match.
      return { code: `import { loadChunk as __loadChunk } from '@/lib/chunk-import';${wrapped}`, map: null }
    },
  }
}

/** Text files worth compressing; images, fonts and the like are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/
/** Below this, compression saves less than the headers it costs. */
const COMPRESS_MIN_BYTES = 1024

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each built text file, at the highest levels:
 * done once here, the server sends them as they are (server/spa.ts) instead of compressing every
 * answer. Source maps and Vite's manifest (.vite/) are left alone: they are not served.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress)
  const gzipped = promisify(gzip)
  return {
    name: 'petcare:precompress',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) return
      const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((f) => f.isFile() && COMPRESSIBLE.test(f.name) && !join(f.parentPath, f.name).includes(`${join(dir, '.vite')}`))
        .map((f) => join(f.parentPath, f.name))
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file)
          if (body.length < COMPRESS_MIN_BYTES) return
          const params = { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length }
          await writeFile(`${file}.br`, await brotli(body, { params }))
          await writeFile(`${file}.gz`, await gzipped(body, { level: 9 }))
        }),
      )
    },
  }
}

/**
 * Route parts split off the route tree: a route's loader, component and pending view in one chunk,
 * its error and not-found views in others (they rarely show). Out of the tree, so that the entry
 * chunk no longer imports every screen's feature api (and through it the HTTP client and schemas)
 * or the public pages' frame for any first visit; together, because the router loads all three for
 * a visit anyway, and each file more was one more request in line on a phone network (HTTP/1.1,
 * six connections): /users loaded three of its own, /dashboard three. The chunk loads through
 * chunkLoading.
 */
const routeSplits = [['loader', 'component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']]

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, codeSplittingOptions: { defaultBehavior: routeSplits } }),
    chunkLoading(),
    react(),
    htmlStorageKeys(),
    petDetailsPage(),
    inlineStylesheets(),
    checkChunkGroups(CHUNK_GROUPS),
    precompress(),
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
    // For npm run bench (bench/bundle.ts); neither is served (server/spa.ts).
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
