import type { Plugin } from 'vite'

/**
 * A built page carries its stylesheet inline, so that its first paint waits for no request after the page itself: the pet's title, or the
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
