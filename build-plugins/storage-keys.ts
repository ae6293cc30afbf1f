import type { Plugin } from 'vite'
import { PERSIST_KEY, THEME_KEY } from '../src/lib/storage-keys.ts'

/** The placeholders the HTML pages' inline scripts name a storage key by, and the keys. */
const KEYS: Record<string, string> = { __PERSIST_KEY__: PERSIST_KEY, __THEME_KEY__: THEME_KEY }
const PLACEHOLDER = /__[A-Z]+_KEY__/g

/** `html` with each storage-key placeholder written as the key's string; an unknown one stops the build. */
export function withStorageKeys(html: string): string {
  return html.replace(PLACEHOLDER, (name) => {
    const key = KEYS[name]
    if (key === undefined) throw new Error(`${name}: no such storage key (src/lib/storage-keys.ts)`)
    return JSON.stringify(key)
  })
}

/**
 * The pages' inline scripts read localStorage before any module loads (the theme, a held
 * session), so they cannot import the keys: Vite writes them in, in `vite` and in builds.
 */
export function htmlStorageKeys(): Plugin {
  return { name: 'petcare:html-storage-keys', transformIndexHtml: { order: 'pre', handler: withStorageKeys } }
}
