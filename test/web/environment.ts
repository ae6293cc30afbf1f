import fs from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { builtinEnvironments, type Environment } from 'vitest/runtime'

/**
 * Vitest's jsdom, with jsdom's browser stylesheet cut down to the rules that hide an element.
 *
 * jsdom computes an element's style by matching every rule of that stylesheet (about a hundred
 * blocks of selectors), and it throws every computed style away on each change to the page. Every
 * *ByRole query asks for the style of each candidate and its ancestors, to leave hidden ones out,
 * and a findBy* query asks again after each change: matching those rules was about a fifth of
 * the web tests' CPU. Nothing is laid out here, so the rest of the sheet (display: block, margins,
 * fonts) changes nothing a test can see; what hides an element ([hidden], a closed <dialog>,
 * display: none and visibility rules) is kept, read from jsdom's own sheet so it follows upgrades.
 */
const require = createRequire(import.meta.url)
const jsdomDirectory = dirname(require.resolve('jsdom/package.json'))
export const BROWSER_STYLESHEET = join(jsdomDirectory, 'lib/jsdom/browser/default-stylesheet.css')

export function hidingRules(css: string): string {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '')
  // A rule inside an @media block comes out without its condition: the one that hides (noscript
  // while scripting) holds here anyway, since jsdom runs the page's scripts.
  const rules = withoutComments.matchAll(/([^{}]+)\{([^{}]*)\}/g)
  return [...rules]
    .filter(([, , body]) => /display\s*:\s*none|visibility\s*:/i.test(body!))
    .map(([, selector, body]) => `${selector!.trim()} {${body}}`)
    .join('\n')
}

function loadJsdomWithHidingRulesOnly() {
  const readFileSync = fs.readFileSync
  fs.readFileSync = ((path: fs.PathOrFileDescriptor, options?: unknown) => {
    const text = readFileSync(path, options as never)
    return path === BROWSER_STYLESHEET ? hidingRules(String(text)) : text
  }) as typeof fs.readFileSync
  try {
    require('jsdom') // jsdom reads the sheet once, as it loads; Vitest's import gets this copy
  } finally {
    fs.readFileSync = readFileSync
  }
}

export default {
  ...builtinEnvironments.jsdom,
  name: 'jsdom-hiding-rules',
  setup(global, options) {
    loadJsdomWithHidingRulesOnly()
    return builtinEnvironments.jsdom.setup(global, options)
  },
} satisfies Environment
