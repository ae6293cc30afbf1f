import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { ROUTE_MAP_PATH, type RouteMap, type RouteMapEntry } from '../../server/route-map'
import { acceptedEncodings, NOT_BUILT_MESSAGE, PET_PAGE_FILE, spaRoutes } from '../../server/spa'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const INDEX_HTML = '<!doctype html><title>Petcare Admin</title>'

describe('serving the built SPA', () => {
  let dist: string
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'petcare-dist-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), INDEX_HTML)
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  it('caches hashed assets for a year', async () => {
    const res = await spaRoutes(dist).request('/assets/index-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe(IMMUTABLE)
  })

  describe('compressed at build time', () => {
    const script = 'console.log("a fairly long line of script");\n'.repeat(100)
    const page = `<!doctype html><title>Petcare Admin</title><script type="module" src="/assets/big-abc123.js"></script>${'<p>x</p>'.repeat(200)}`
    // Marked copies, so that the test sees which file went out (the server never compresses them itself).
    const brCopy = brotliCompressSync(`${script}// br copy`)
    const gzCopy = gzipSync(`${script}// gz copy`)
    beforeAll(() => {
      writeFileSync(join(dist, 'assets', 'big-abc123.js'), script)
      writeFileSync(join(dist, 'assets', 'big-abc123.js.br'), brCopy)
      writeFileSync(join(dist, 'assets', 'big-abc123.js.gz'), gzCopy)
      writeFileSync(join(dist, 'assets', 'big-abc123.js.map'), '{"version":3}')
      mkdirSync(join(dist, '.vite'))
      writeFileSync(join(dist, '.vite', 'manifest.json'), '{}')
    })
    const fetchScript = (acceptEncoding?: string) =>
      spaRoutes(dist).request('/assets/big-abc123.js', { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } })

    it('sends the brotli copy to a client that accepts it, with a one-year immutable cache', async () => {
      const res = await fetchScript('gzip, deflate, br, zstd')
      expect(res.status).toBe(200)
      expect(res.headers.get('Content-Encoding')).toBe('br')
      expect(res.headers.get('Content-Type')).toMatch(/^text\/javascript/)
      expect(res.headers.get('Content-Length')).toBe(String(brCopy.length))
      expect(res.headers.get('Vary')).toBe('Accept-Encoding')
      expect(res.headers.get('Cache-Control')).toBe(IMMUTABLE)
      expect(Buffer.from(await res.arrayBuffer()).equals(brCopy)).toBe(true)
    })

    it('sends the gzip copy when brotli is not accepted, and the file itself when neither is', async () => {
      for (const header of ['gzip', 'br;q=0, gzip;q=0.5', 'identity;q=0.5, *;q=0.1, br;q=0']) {
        const res = await fetchScript(header)
        expect(res.headers.get('Content-Encoding'), header).toBe('gzip')
        expect(Buffer.from(await res.arrayBuffer()).equals(gzCopy), header).toBe(true)
      }
      for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
        const res = await fetchScript(header)
        expect(res.headers.get('Content-Encoding'), header).toBeNull()
        expect(res.headers.get('Vary'), header).toBe('Accept-Encoding')
        expect(await res.text(), header).toBe(script)
      }
    })

    it('sends the pages compressed too, never cached without asking again', async () => {
      // The app's page is made by the server (it names each route's chunks), so it compresses it itself, once.
      writeFileSync(join(dist, 'index.html'), page)
      try {
        const spa = spaRoutes(dist)
        const res = await spa.request('/', { headers: { Accept: 'text/html', 'Accept-Encoding': 'br' } })
        expect(res.headers.get('Content-Encoding')).toBe('br')
        expect(res.headers.get('Cache-Control')).toBe('no-cache')
        expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'")
        const brotli = Buffer.from(await res.arrayBuffer())
        expect(res.headers.get('Content-Length')).toBe(String(brotli.length))
        expect(brotliDecompressSync(brotli).toString()).toBe(page)
        const gzipped = await spa.request('/', { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' } })
        expect(gzipped.headers.get('Content-Encoding')).toBe('gzip')
        expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(page)
        const plain = await spa.request('/', { headers: { Accept: 'text/html' } })
        expect(plain.headers.get('Content-Encoding')).toBeNull()
        expect(await plain.text()).toBe(page)
      } finally {
        writeFileSync(join(dist, 'index.html'), INDEX_HTML)
      }
    })

    it("compresses the public pet page, which carries each pet's preview tags", async () => {
      writeFileSync(join(dist, PET_PAGE_FILE), `<!doctype html><html><head><title>Pet</title></head><body>${'<p>pet</p>'.repeat(300)}</body></html>`)
      try {
        const res = await spaRoutes(dist).request('/pet-details/123', { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip, br' } })
        expect(res.status).toBe(200)
        expect(res.headers.get('Content-Encoding')).toBe('br')
        expect(res.headers.get('Vary')).toBe('Accept-Encoding')
        expect(res.headers.get('Cache-Control')).toBe('no-cache')
        const html = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()
        expect(html).toContain('<p>pet</p>')
        expect(html).toContain('og:title')
        const plain = await spaRoutes(dist).request('/pet-details/123', { headers: { Accept: 'text/html' } })
        expect(plain.headers.get('Content-Encoding')).toBeNull()
        expect(await plain.text()).toContain('<p>pet</p>')
      } finally {
        rmSync(join(dist, PET_PAGE_FILE))
      }
    })

    it('never serves source maps, the Vite manifest or the compressed copies by name, even to a navigation', async () => {
      for (const path of ['/assets/big-abc123.js.map', '/.vite/manifest.json', '/assets/big-abc123.js.br', '/assets/big-abc123.js.gz']) {
        for (const accept of ['*/*', 'text/html']) {
          const res = await spaRoutes(dist).request(path, { headers: { Accept: accept } })
          expect(res.status, `${path} (${accept})`).toBe(404)
        }
      }
    })
  })

  it('reads Accept-Encoding with its weights', () => {
    const names = (header: string | undefined) => acceptedEncodings(header).map((e) => e.name)
    expect(names('gzip, br')).toEqual(['br', 'gzip'])
    expect(names('GZIP;q=1.0')).toEqual(['gzip'])
    expect(names('*')).toEqual(['br', 'gzip'])
    expect(names('*;q=0, gzip')).toEqual(['gzip'])
    expect(names(undefined)).toEqual([])
  })

  it('answers a browser navigation to any page with index.html, revalidated', async () => {
    const res = await spaRoutes(dist).request('/users/42', { headers: { Accept: 'text/html,*/*' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-cache')
    expect(await res.text()).toContain('<title>Petcare Admin</title>')
  })

  it('answers 404 for a missing file that is not a page', async () => {
    const res = await spaRoutes(dist).request('/assets/missing.js', { headers: { Accept: '*/*' } })
    expect(res.status).toBe(404)
  })

  it('says plainly that the app is not built when dist/ is missing', async () => {
    const res = await spaRoutes(join(dist, 'nope')).request('/', { headers: { Accept: 'text/html' } })
    expect(res.status).toBe(503)
    expect(await res.text()).toBe(NOT_BUILT_MESSAGE)
  })
})

describe("naming a route's chunks as modulepreload", () => {
  // A build as Vite and its route map write it (build-plugins/route-chunks.ts): the entry names
  // its static imports itself; the map gives each route of the router's tree the files a first
  // visit to it runs, the entry's first.
  const INDEX = [
    '<!doctype html><html><head><title>Petcare Admin</title>',
    '<script type="module" crossorigin src="/assets/main-1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
    '<link rel="stylesheet" crossorigin href="/assets/main-1.css">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n')
  const SIGNED_IN = ['_signed-in-1', 'http-1', 'nav-1', '_signed-in-2']
  const PUBLIC = ['_public-1', '_auth-1']
  const route = (key: string, parent: string | undefined, id: string, path: string | undefined, chunks: string[]): RouteMapEntry => ({
    key,
    ...(parent ? { parent } : {}),
    id,
    ...(path ? { path } : {}),
    url: path ?? '/',
    files: ['main-1', 'react-1', ...chunks].map((name) => `assets/${name}.js`),
  })
  const ROUTE_MAP: RouteMap = {
    routes: [
      route('/_public', undefined, '/_public', undefined, ['_public-1']),
      route('/_public/_auth', '/_public', '/_auth', undefined, PUBLIC),
      route('/_public/_auth/', '/_public/_auth', '/', '/', [...PUBLIC, '_auth-2', 'http-1', 'form-1']),
      route('/_signed-in', undefined, '/_signed-in', undefined, SIGNED_IN),
      route('/_signed-in/dashboard', '/_signed-in', '/dashboard', '/dashboard', [...SIGNED_IN, 'dashboard-1', 'charts-1', 'dashboard-3']),
      route('/_signed-in/users/', '/_signed-in', '/users/', '/users/', [...SIGNED_IN, 'users-1', 'list-1', 'table-1', 'users-2']),
      route('/_signed-in/users/$userId', '/_signed-in', '/users/$userId', '/users/$userId', [...SIGNED_IN, '_userId-1']),
      route('/_signed-in/settings', '/_signed-in', '/settings', '/settings', [...SIGNED_IN, 'settings-1']),
      route('/_signed-in/settings/', '/_signed-in/settings', '/', '/', [...SIGNED_IN, 'settings-1']),
      route('/_signed-in/settings/admins', '/_signed-in/settings', '/admins', '/admins', [...SIGNED_IN, 'settings-1', 'admins-1', 'list-1', 'table-1']),
    ],
  }

  let dist: string
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'petcare-preload-'))
    mkdirSync(join(dist, '.vite'))
    writeFileSync(join(dist, 'index.html'), INDEX)
    writeFileSync(join(dist, ROUTE_MAP_PATH), JSON.stringify(ROUTE_MAP))
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  const visit = (path: string, headers: Record<string, string> = {}, spa = spaRoutes(dist)) =>
    spa.request(path, { headers: { Accept: 'text/html', ...headers } })
  /** The chunk names (`users-1` for /assets/users-1.js) the page adds as modulepreload, in order. */
  const preloaded = (html: string) => {
    const added = html.slice(html.indexOf('main-1.css'))
    return [...added.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)\.js">/g)].map((m) => m[1]!)
  }

  it("names /users's chunks, its layout's, and their static imports, once each", async () => {
    const res = await visit('/users')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(preloaded(html)).toEqual([...SIGNED_IN, 'users-1', 'list-1', 'table-1', 'users-2'])
    // What index.html names already is not named twice.
    expect(html.match(/main-1\.js|react-1\.js/g)).toHaveLength(2)
  })

  it("names only the sign-in page's chunks on /", async () => {
    const html = await (await visit('/')).text()
    expect(preloaded(html)).toEqual(['_public-1', '_auth-1', '_auth-2', 'http-1', 'form-1'])
  })

  it('matches a route as the router does: parameters, nested layouts, letter case and a trailing slash', async () => {
    expect(preloaded(await (await visit('/users/42')).text())).toEqual([...SIGNED_IN, '_userId-1'])
    expect(preloaded(await (await visit('/settings/admins')).text())).toEqual([...SIGNED_IN, 'settings-1', 'admins-1', 'list-1', 'table-1'])
    expect(preloaded(await (await visit('/Users/?page=2')).text())).toEqual(preloaded(await (await visit('/users')).text()))
  })

  it('answers a path no route matches with 404 and index.html as it is, whose router shows PAGE NOT FOUND', async () => {
    for (const path of ['/no-such-page', '/users/42/more', '/%E0%A4%A', '/terms', '/settings/nope']) {
      const res = await visit(path, { 'Accept-Encoding': 'br' })
      expect(res.status, path).toBe(404)
      expect(res.headers.get('Content-Type'), path).toMatch(/^text\/html/)
      expect(res.headers.get('Content-Security-Policy'), path).toContain("script-src 'self'")
      expect(res.headers.get('ETag'), path).toBeNull()
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString(), path).toBe(INDEX)
    }
    expect((await visit('/no-such-page', { 'If-None-Match': '*' })).status).toBe(404)
    // index.html by its name is the file: 200.
    const file = await visit('/index.html')
    expect(file.status).toBe(200)
    expect(await file.text()).toBe(INDEX)
  })

  it('answers every route of the map with 200', async () => {
    for (const path of ['/', '/dashboard', '/users', '/users/42', '/settings', '/settings/admins', '/Users/?page=2']) {
      expect((await visit(path)).status, path).toBe(200)
    }
  })

  it('sends /terms-and-conditions on to /term-and-conditions (301), its search kept, whatever the request accepts', async () => {
    for (const [path, location] of [
      ['/terms-and-conditions', '/term-and-conditions'],
      ['/Terms-And-Conditions/', '/term-and-conditions'],
      ['/terms-and-conditions?x=1', '/term-and-conditions?x=1'],
    ] as const) {
      const res = await visit(path, { Accept: '*/*' })
      expect(res.status, path).toBe(301)
      expect(res.headers.get('Location'), path).toBe(location)
    }
    // The Settings page of that name is a route of its own, not sent anywhere.
    expect((await visit('/settings/terms-and-conditions')).status).not.toBe(301)
  })

  it("gives the public pet page its own entry, without the admin app's chunks", async () => {
    writeFileSync(join(dist, PET_PAGE_FILE), '<!doctype html><html><head><title>Pet</title><script type="module" crossorigin src="/assets/pet-1.js"></script></head><body></body></html>')
    try {
      const html = await (await visit('/pet-details/0b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a90')).text()
      expect(html).toContain('/assets/pet-1.js')
      expect(html).not.toContain('modulepreload')
    } finally {
      rmSync(join(dist, PET_PAGE_FILE))
    }
  })

  it('keeps a script policy that allows the preloaded chunks (this origin)', async () => {
    const res = await visit('/users')
    expect(res.headers.get('Content-Security-Policy')).toMatch(/script-src 'self'[ ;]/)
  })

  it("gives each route's page its own validator and answers a revalidation that holds it with 304", async () => {
    const spa = spaRoutes(dist)
    const users = await visit('/users', {}, spa)
    const etag = users.headers.get('ETag')!
    expect(etag).toMatch(/^W\/"[\w-]+"$/)
    expect(users.headers.get('Cache-Control')).toBe('no-cache')
    expect((await visit('/dashboard', {}, spa)).headers.get('ETag')).not.toBe(etag)
    // The same page, whatever the query or the content coding.
    expect((await visit('/users?page=3', { 'Accept-Encoding': 'br' }, spa)).headers.get('ETag')).toBe(etag)

    const again = await visit('/users', { 'If-None-Match': etag, 'Accept-Encoding': 'gzip' }, spa)
    expect(again.status).toBe(304)
    expect(again.headers.get('ETag')).toBe(etag)
    expect(again.headers.get('Cache-Control')).toBe('no-cache')
    expect(await again.text()).toBe('')
    expect((await visit('/users', { 'If-None-Match': `"x", ${etag.slice(2)}` }, spa)).status).toBe(304)
    // Another route's page, or an older build's, is sent whole.
    expect((await visit('/dashboard', { 'If-None-Match': etag }, spa)).status).toBe(200)
    expect((await visit('/users', { 'If-None-Match': 'W/"an-older-build"' }, spa)).status).toBe(200)
  })

  it('reads a new build written while the server runs', async () => {
    const spa = spaRoutes(dist)
    const before = await visit('/users', {}, spa)
    const rebuilt = INDEX.replace('main-1.js', 'main-2.js')
    const users = route('/_signed-in/users/', '/_signed-in', '/users/', '/users/', [...SIGNED_IN, 'users-9'])
    const map = { routes: ROUTE_MAP.routes.map((r) => (r.key === users.key ? users : r)) }
    writeFileSync(join(dist, 'index.html'), rebuilt)
    writeFileSync(join(dist, ROUTE_MAP_PATH), JSON.stringify(map))
    try {
      const after = await visit('/users', {}, spa)
      const html = await after.text()
      expect(html).toContain('/assets/main-2.js')
      expect(preloaded(html)).toContain('users-9')
      expect(after.headers.get('ETag')).not.toBe(before.headers.get('ETag'))
    } finally {
      writeFileSync(join(dist, 'index.html'), INDEX)
      writeFileSync(join(dist, ROUTE_MAP_PATH), JSON.stringify(ROUTE_MAP))
    }
  })
})
