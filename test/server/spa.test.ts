import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { acceptedEncodings, NOT_BUILT_MESSAGE, PET_PAGE_FILE, spaRoutes } from '../../server/spa'

const IMMUTABLE = 'public, max-age=31536000, immutable'

describe('serving the built SPA', () => {
  let dist: string
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'petcare-dist-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Petcare Admin</title>')
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
      writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(page))
      try {
        const res = await spaRoutes(dist).request('/', { headers: { Accept: 'text/html', 'Accept-Encoding': 'br' } })
        expect(res.headers.get('Content-Encoding')).toBe('br')
        expect(res.headers.get('Cache-Control')).toBe('no-cache')
        expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'")
        expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(page)
      } finally {
        rmSync(join(dist, 'index.html.br'))
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
