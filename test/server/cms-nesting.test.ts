import { CMS_NESTING_MAX, CMS_NESTING_MSG, cmsPage, nestingDepth } from '../../contract'
import { sanitizeRichText } from '../../server/content/sanitize'
import { errorOf, okBody } from './helpers/bodies'
import { tokenOf } from './helpers/fixtures'
import { testApp } from './helpers/test-app'

/**
 * The HTML sanitiser's time grows with the square of how deep elements nest: 200,000 characters
 * of `<b><i>` took seconds of the server's one thread. A page is refused past a depth no editor
 * makes, by a one-pass count that runs before the sanitiser.
 */

const DEEP = '<b><i>'.repeat(33_000)

describe('CMS page nesting', () => {
  it('refuses a deeply nested page with a field message, before sanitising it', async () => {
    const t = await testApp()
    const started = performance.now()
    const error = await errorOf(await t.put('/admin/cms', { type: 1, content: DEEP, version: 0 }, { token: await tokenOf(t) }), 400)
    expect(error.error.fields).toEqual({ content: CMS_NESTING_MSG })
    // The sanitiser alone takes over a second on this text; the count takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it(`saves a page nested ${CMS_NESTING_MAX} levels deep`, async () => {
    const t = await testApp()
    const content = `${'<blockquote>'.repeat(CMS_NESTING_MAX)}Deep${'</blockquote>'.repeat(CMS_NESTING_MAX)}`
    const saved = await okBody(await t.put('/admin/cms', { type: 1, content, version: 0 }, { token: await tokenOf(t) }), cmsPage)
    expect(saved.data.content).toContain('Deep')
  })

  it('counts what nests: not void elements, self-closed tags, or elements whose end tag may be left out', () => {
    expect(nestingDepth('<p>One<p>Two<ul><li>a<li>b</ul><br><img src="x"><hr/>')).toBe(1)
    expect(nestingDepth('<div><div><span>x</span></div></div>')).toBe(3)
    expect(nestingDepth('</b></b><b>')).toBe(1)
    expect(nestingDepth(DEEP)).toBe(66_000)
  })

  it('reads hostile tag text in one pass', () => {
    for (const text of ['<a'.repeat(100_000), `<b ${'x'.repeat(200_000)}`, '<'.repeat(200_000), `<b${'<b'.repeat(100_000)}>`]) {
      let best = Number.POSITIVE_INFINITY
      for (let i = 0; i < 3 && best >= 50; i++) {
        const started = performance.now()
        nestingDepth(text)
        best = Math.min(best, performance.now() - started)
      }
      expect(best).toBeLessThan(50)
    }
  })

  it('keeps the sanitiser quick at the deepest page allowed', () => {
    const content = `${'<b><i>'.repeat(CMS_NESTING_MAX / 2)}x${'</i></b>'.repeat(CMS_NESTING_MAX / 2)}`.repeat(280) // ~196,000 characters
    expect(nestingDepth(content)).toBe(CMS_NESTING_MAX)
    const started = performance.now()
    sanitizeRichText(content)
    expect(performance.now() - started).toBeLessThan(2000)
  })
})
