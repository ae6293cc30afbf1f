import { API_PREFIX } from '@contract/limits'

/**
 * Where the browser reads a stored file from. Files the server keeps itself are stored by their
 * path relative to the panel (`/uploads/<key>`, docs/DECISIONS.md, Uploads), which is the API's
 * server: with the API on this page's origin (the default) the path is left as it is; with
 * VITE_API_BASE_URL naming another origin it is read from there. Any other address (a bucket's
 * absolute URL, an object URL) is left alone.
 */
const apiOrigin = new URL(import.meta.env.VITE_API_BASE_URL || API_PREFIX, globalThis.location?.href ?? 'http://localhost/').origin

export const fileSrc = (url: string): string =>
  url.startsWith('/uploads/') && apiOrigin !== globalThis.location?.origin ? `${apiOrigin}${url}` : url
