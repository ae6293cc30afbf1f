import type { Connect, Plugin } from 'vite'

/**
 * The public pet page is its own HTML entry (docs/DECISIONS.md, Public pet page, "Its weight"):
 * in production the server answers /pet-details/* with dist/pet-details.html; this does the same
 * for `vite` (dev) and `vite preview`, whose SPA fallback would otherwise hand out index.html.
 * It also writes the API base (VITE_API_BASE_URL) into the page's inline script, which starts the
 * pet call before the page's module loads.
 */
export function petDetailsPage(): Plugin {
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
