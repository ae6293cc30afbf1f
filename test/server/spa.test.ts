import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { NOT_BUILT_MESSAGE, spaRoutes } from '../../server/spa'

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
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
  })

  it('sends scripts gzipped to a browser that accepts it', async () => {
    writeFileSync(join(dist, 'assets', 'big-abc123.js'), 'console.log("a fairly long line of script");\n'.repeat(100))
    const res = await spaRoutes(dist).request('/assets/big-abc123.js', { headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Encoding')).toBe('gzip')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
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
