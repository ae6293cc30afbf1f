import { fileURLToPath } from 'node:url'
import { defineConfig, type Connect, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url))
export const alias = { '@': dir('./src'), '@contract': dir('./contract') }

const apiPort = process.env.API_PORT ?? '3001'

/**
 * The public pet page is its own HTML entry (DESIGN.md section 3, "The public pet page's weight"):
 * in production the server answers /pet-details/* with dist/pet-details.html; this does the same
 * for `vite` (dev) and `vite preview`, whose SPA fallback would otherwise hand out index.html.
 * It also writes the API base (VITE_API_BASE_URL) into the page's inline script, which starts the
 * pet call before the page's module loads, and, in a build, inlines the page's small stylesheet
 * (about 4 kB gzipped), so that its first paint waits for no other request.
 */
function petDetailsPage(): Plugin[] {
  let apiBase = '/api/v1'
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    if (req.method === 'GET' && /^\/pet-details(\/|$)/.test(req.url ?? '') && (req.headers.accept ?? '').includes('text/html')) {
      req.url = '/pet-details.html'
    }
    next()
  }
  const isPetPage = (path: string) => path.endsWith('/pet-details.html')
  const page: Plugin = {
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
  const inlineCss: Plugin = {
    name: 'petcare:pet-details-inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { path, bundle }) =>
        isPetPage(path)
          ? html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
              const css = bundle?.[file]
              return css?.type === 'asset' ? `<style>${String(css.source)}</style>` : link
            })
          : html,
    },
  }
  return [page, inlineCss]
}

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), petDetailsPage()],
  resolve: { alias },
  server: {
    // `npm run dev`: Vite serves the SPA, the API runs beside it in watch mode.
    proxy: { '/api': `http://localhost:${apiPort}`, '/uploads': `http://localhost:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    // Two pages: the admin SPA, and the public pet page with its own small bundle (React only).
    rolldownOptions: { input: { main: dir('./index.html'), 'pet-details': dir('./pet-details.html') } },
  },
})
