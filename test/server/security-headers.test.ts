import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { once } from 'node:events'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { ConfigError, loadConfig, uploadOrigins } from '../../server/config'
import { API_CSP } from '../../server/http/security'
import { pageCsp, spaRoutes } from '../../server/spa'
import { TEST_ADMIN } from './helpers/accounts'
import { tokenOf } from './helpers/fixtures'
import { testApp } from './helpers/test-app'

const directives = (csp: string | null) =>
  Object.fromEntries((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]))

function expectCommonHeaders(res: Response) {
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
  expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
  expect(res.headers.get('X-Frame-Options')).toBe('DENY')
}

describe('security headers on API answers', () => {
  it('sets a restrictive CSP, nosniff and Referrer-Policy on success, error and unknown-route answers', async () => {
    const t = await testApp()
    const answers = [
      await t.post('/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
      await t.get('/admin/profile'),
      await t.app.request('/api/v1/no-such-route'),
    ]
    expect(answers.map((r) => r.status)).toEqual([200, 401, 404])
    for (const res of answers) {
      expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'")
      expectCommonHeaders(res)
    }
  })

  it('sends HSTS only for a request that came over HTTPS', async () => {
    const t = await testApp()
    expect((await t.app.request('/api/v1/admin/profile')).headers.get('Strict-Transport-Security')).toBeNull()
    const direct = await t.app.request('https://admin.example.com/api/v1/admin/profile')
    expect(direct.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains')
  })

  it('believes X-Forwarded-Proto only behind a trusted proxy', async () => {
    const forwarded = { headers: { 'X-Forwarded-Proto': 'https' } }
    const untrusted = await testApp()
    expect((await untrusted.app.request('/api/v1/admin/profile', forwarded)).headers.get('Strict-Transport-Security')).toBeNull()
    const trusted = await testApp({ config: { trustProxy: true } })
    const res = await trusted.app.request('/api/v1/admin/profile', forwarded)
    expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains')
    expect((await trusted.app.request('/api/v1/admin/profile', { headers: { 'X-Forwarded-Proto': 'http' } })).headers.get('Strict-Transport-Security')).toBeNull()
  })

  it('keeps the sandbox policy of served uploads', async () => {
    const t = await testApp()
    await t.storage.put('place/2025/03/a.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'image/png')
    const res = await t.app.request('/uploads/place/2025/03/a.png')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox")
    expectCommonHeaders(res)
  })
})

describe('CORS', () => {
  const preflight = (origin: string) => ({
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,authorization' },
  })

  it('allows no other origin by default', async () => {
    const t = await testApp()
    const res = await t.app.request('/api/v1/admin/login', preflight('https://evil.example'))
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull()
    const call = await t.get('/admin/profile', { headers: { Origin: 'https://evil.example' } })
    expect(call.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  it('answers preflights and calls from a listed origin only', async () => {
    const t = await testApp({ config: { corsOrigins: ['https://admin.example.com'] } })
    const res = await t.app.request('/api/v1/admin/login', preflight('https://admin.example.com'))
    expect(res.status).toBe(204)
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('https://admin.example.com')
    expect(res.headers.get('Access-Control-Allow-Methods')).toContain('POST')
    expect(res.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('authorization')
    expect(res.headers.get('Access-Control-Allow-Credentials')).toBeNull()

    const call = await t.get('/admin/profile', { headers: { Origin: 'https://admin.example.com' } })
    expect(call.status).toBe(401)
    expect(call.headers.get('Access-Control-Allow-Origin')).toBe('https://admin.example.com')
    expect(call.headers.get('Vary')).toContain('Origin')
    expect(call.headers.get('Access-Control-Expose-Headers')).toContain('Retry-After')

    const other = await t.app.request('/api/v1/admin/login', preflight('https://admin.example.com.evil.example'))
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  it('lets a listed origin create with an Idempotency-Key: a real preflight, then the call, on a listening server', async () => {
    const origin = 'https://admin.example.com'
    const t = await testApp({ config: { corsOrigins: [origin] } })
    const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }) as Server
    await once(server, 'listening')
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/admin/city`
      // What a browser asks before the SPA's create (src/lib/http.ts sends these headers).
      const sent = ['content-type', 'authorization', 'language', 'platform', 'idempotency-key', 'x-request-id']
      const preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': sent.join(',') },
      })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe(origin)
      const allowed = (preflight.headers.get('Access-Control-Allow-Headers') ?? '').split(',').map((h) => h.trim().toLowerCase())
      // The browser sends the call only when every header it asked for is allowed.
      expect(sent.filter((h) => !allowed.includes(h))).toEqual([])

      const token = await tokenOf(t)
      const create = () =>
        fetch(url, {
          method: 'POST',
          headers: {
            Origin: origin,
            'Content-Type': 'application/json',
            Authorization: `Bearer ${token}`,
            language: 'EN',
            platform: 'web',
            'Idempotency-Key': 'c0ffee00-0000-4000-8000-000000000007',
            'X-Request-Id': 'cross-origin-create-1',
          },
          body: JSON.stringify({ name: 'Perth' }),
        })
      const first = await create()
      expect(first.status).toBe(201)
      expect(first.headers.get('Access-Control-Allow-Origin')).toBe(origin)
      expect(first.headers.get('X-Request-Id')).toBe('cross-origin-create-1')
      expect((await create()).headers.get('Idempotent-Replayed')).toBe('true')
    } finally {
      server.closeAllConnections()
      await new Promise((done) => server.close(done))
    }
  })

  it('reads CORS_ORIGINS as a comma-separated list of origins and refuses anything else', () => {
    expect(loadConfig({}).corsOrigins).toEqual([])
    expect(loadConfig({ CORS_ORIGINS: ' https://a.example.com/ , http://localhost:5173' }).corsOrigins).toEqual([
      'https://a.example.com',
      'http://localhost:5173',
    ])
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example.com/path' })).toThrow(ConfigError)
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/)
  })
})

describe('the SPA pages', () => {
  const INLINE_SCRIPT = "\n      window.__early = fetch('/api/v1/pet/petbyid')\n    "
  const INLINE_STYLE = 'body{margin:0}'
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
  let dist: string

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'petcare-csp-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Petcare Admin</title><script type="module" src="/assets/main.js"></script></head><body><div id="root"></div></body></html>')
    writeFileSync(
      join(dist, 'pet-details.html'),
      `<!doctype html><html><head><title>Pet</title><script>${INLINE_SCRIPT}</script><script type="module" crossorigin src="/assets/pet.js"></script><style>${INLINE_STYLE}</style></head><body></body></html>`,
    )
    writeFileSync(join(dist, 'assets', 'main.js'), 'console.log(1)')
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  const html = { headers: { Accept: 'text/html' } }
  const uploads = ['https://bucket.s3.eu-west-1.amazonaws.com', 'http://localhost:9000']

  it('gives the admin app a strict policy: no inline script, Maps and the upload store allowed', async () => {
    const spa = spaRoutes(dist, { uploadOrigins: uploads })
    for (const path of ['/', '/index.html', '/users/42']) {
      const res = await spa.request(path, html)
      expect(res.status, path).toBe(200)
      const csp = directives(res.headers.get('Content-Security-Policy'))
      expect(csp['default-src']).toEqual(["'self'"])
      expect(csp['script-src']).toEqual(["'self'", 'https://maps.googleapis.com'])
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"])
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http://localhost:9000'])
      expect(csp['connect-src']).toEqual(["'self'", ...uploads, 'https://maps.googleapis.com', 'https://places.googleapis.com'])
      expect(csp['object-src']).toEqual(["'none'"])
      expect(csp['base-uri']).toEqual(["'none'"])
      expect(csp['frame-ancestors']).toEqual(["'none'"])
      expect(csp['form-action']).toEqual(["'self'"])
      expectCommonHeaders(res)
    }
  })

  it("allows the pet page's own inline script by hash, and no inline style", async () => {
    const spa = spaRoutes(dist)
    for (const path of ['/pet-details/5f0c6a56-1111-4111-8111-111111111111', '/pet-details.html']) {
      const res = await spa.request(path, { headers: { Accept: '*/*' } })
      expect(res.status, path).toBe(200)
      const csp = directives(res.headers.get('Content-Security-Policy'))
      expect(csp['script-src']).toEqual(["'self'", sha(INLINE_SCRIPT)])
      expect(csp['style-src']).toEqual(["'self'"])
      expect(csp['connect-src']).toEqual(["'self'"])
      expect(csp['object-src']).toEqual(["'none'"])
      expect(csp['frame-ancestors']).toEqual(["'none'"])
    }
  })

  it('hashes every inline script of a page but not data blocks or external scripts', () => {
    const page = '<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{}</script><SCRIPT>b()</SCRIPT >'
    expect(directives(pageCsp(page, 'petPage'))['script-src']).toEqual(["'self'", sha('a()'), sha('b()')])
  })

  it('gives scripts and other files nosniff and a restrictive policy', async () => {
    const res = await spaRoutes(dist).request('/assets/main.js')
    expect(res.status).toBe(200)
    expectCommonHeaders(res)
    expect(res.headers.get('Content-Security-Policy')).toBe(API_CSP)
  })

  it('keeps the page policy and adds HSTS when served behind the API as in production (server/index.ts)', async () => {
    const t = await testApp({ config: { trustProxy: true } })
    const root = new Hono()
    root.route('/', t.app)
    root.route('/', spaRoutes(dist, { trustProxy: true }))
    const res = await root.request('/users', { headers: { Accept: 'text/html', 'X-Forwarded-Proto': 'https' } })
    expect(res.status).toBe(200)
    expect(directives(res.headers.get('Content-Security-Policy'))['script-src']).toEqual(["'self'", 'https://maps.googleapis.com'])
    expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains')
    const api = await root.request('/api/v1/admin/profile')
    expect(api.headers.get('Content-Security-Policy')).toBe(API_CSP)
  })
})

describe('upload origins for the pages policy', () => {
  it('names the S3 bucket, its public URL and the public URL', () => {
    const base = { bucket: 'pets', region: 'eu-west-1', forcePathStyle: false }
    expect(uploadOrigins({ publicUrl: 'https://admin.example.com', s3: undefined })).toEqual(['https://admin.example.com'])
    expect(uploadOrigins({ publicUrl: undefined, s3: base })).toEqual(['https://pets.s3.eu-west-1.amazonaws.com'])
    expect(uploadOrigins({ publicUrl: undefined, s3: { ...base, publicUrl: 'https://cdn.example.com/files' } })).toEqual([
      'https://cdn.example.com',
      'https://pets.s3.eu-west-1.amazonaws.com',
    ])
    expect(uploadOrigins({ publicUrl: undefined, s3: { ...base, endpoint: 'http://localhost:9000', forcePathStyle: true } })).toEqual([
      'http://localhost:9000',
    ])
  })

  it('names no origin for files on disk without a public URL: they are at the page\'s own /uploads/', () => {
    expect(uploadOrigins({ publicUrl: undefined, s3: undefined })).toEqual([])
  })
})
