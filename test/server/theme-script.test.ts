import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pageCsp } from '../../server/spa'

const ROOT = join(import.meta.dirname, '../..')
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
/** A page's inline script that paints the theme before the first paint. */
const themeScript = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).find((body) => body.includes('prefers-color-scheme'))!

describe("the pages' first-paint theme scripts", () => {
  it.each([
    ['index.html', 'app'],
    ['pet-details.html', 'petPage'],
  ] as const)('%s: its theme script may run under the page CSP, allowed by its hash (no unsafe-inline)', (file, page) => {
    const html = readFileSync(join(ROOT, file), 'utf8')
    const script = themeScript(html)
    expect(script).toBeDefined()
    const scriptSrc = pageCsp(html, page).split('; ').find((d) => d.startsWith('script-src '))!
    expect(scriptSrc.split(' ')).toContain(sha256(script))
    expect(scriptSrc).not.toContain('unsafe-inline')
  })
})
