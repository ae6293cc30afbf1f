import type { IndexHtmlTransformContext, Plugin } from 'vite'
import { inlineStylesheets } from '../../build-plugins/inline-stylesheets'

/** index.html as Vite writes it before these steps: the entry and the stylesheet in the head. */
const builtIndex = [
  '<!doctype html><html><head>',
  '<script type="module" crossorigin src="/assets/main-AbC123.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-Xy.js">',
  '<link rel="stylesheet" crossorigin href="/assets/main-Def456.css">',
  '</head><body>',
  '<div id="root"></div>',
  '</body></html>',
].join('\n')

function transform(plugin: Plugin, html: string, context: Partial<IndexHtmlTransformContext>) {
  const hook = plugin.transformIndexHtml as { handler: (html: string, context: IndexHtmlTransformContext) => string }
  return hook.handler(html, { path: '/index.html', filename: 'index.html', ...context } as IndexHtmlTransformContext)
}

describe('the build step that puts the stylesheet in the page', () => {
  const bundle = { 'assets/main-Def456.css': { type: 'asset', source: 'body{color:red}' } }
  const page = transform(inlineStylesheets(), builtIndex, { bundle: bundle as never })

  it('writes the stylesheet into the page, with a link lazy chunks see but no browser fetches', () => {
    expect(page).toContain('<style>body{color:red}</style><link rel="stylesheet" type="text/x-inline" href="/assets/main-Def456.css">')
    expect(page).not.toContain('crossorigin href="/assets/main-Def456.css"')
  })

  it("writes the pet page's without the link: its lazy chunks do not list it", () => {
    const petPage = transform(inlineStylesheets(), builtIndex, { path: '/pet-details.html', bundle: bundle as never })
    expect(petPage).toContain('<style>body{color:red}</style>\n</head>')
  })

  it('keeps the link of a stylesheet the bundle does not have', () => {
    expect(transform(inlineStylesheets(), builtIndex, { bundle: {} })).toBe(builtIndex)
  })
})
