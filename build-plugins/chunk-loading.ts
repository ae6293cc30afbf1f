import type { Plugin } from 'vite'

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
