import { once } from 'node:events'
import http, { type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { API_PREFIX } from '../../contract'
import { createApp } from '../../server/app'
import { ConfigError, loadConfig } from '../../server/config'
import { createLogger } from '../../server/log'
import { TEST_ADMIN } from './helpers/accounts'
import { testApp, type TestApp } from './helpers/test-app'

const TOKEN = 'metrics-token-0123456789'
const quiet = createLogger('json', { write: () => {} })

/** An app of the test's database with METRICS_TOKEN set. */
const appWithToken = (t: TestApp) => createApp({ db: t.db, storage: t.storage, mailer: t.mailer, clock: t.clock, log: quiet, metricsToken: TOKEN })

/** GET /metrics as if sent from `address` (the socket's peer, as the Node server hands it over). */
const scrape = (app: { request: TestApp['app']['request'] }, address: string | undefined, headers: Record<string, string> = {}) =>
  app.request('/metrics', { headers }, address ? { incoming: { socket: { remoteAddress: address } } } : undefined)

/** The value of one sample line, e.g. `http_requests_total{method="GET",...}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

/** A header a proxy on this machine may add, each with no X-Forwarded-For beside it. */
const PROXY_HEADERS: Record<string, string>[] = [
  { 'X-Real-IP': '203.0.113.9' },
  { Forwarded: 'for=203.0.113.9' },
  { 'X-Forwarded-Host': 'admin.example.com' },
  { 'X-Forwarded-Proto': 'https' },
  { Via: '1.1 front' },
  { 'CF-Connecting-IP': '203.0.113.9' },
  { 'True-Client-IP': '203.0.113.9' },
  { 'X-Client-IP': '203.0.113.9' },
]

describe('GET /metrics', () => {
  it('counts and times requests by method, route pattern and status, and times database statements', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    for (const id of ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222']) {
      await t.get(`/admin/user/${id}`, { token })
    }
    await t.get('/admin/user/33333333-3333-4333-8333-333333333333')

    const res = await scrape(t.app, '127.0.0.1')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await res.text()
    const route = `${API_PREFIX}/admin/user/:id`
    expect(sample(text, `http_requests_total{method="GET",route="${route}",status="404"}`)).toBe(2)
    expect(sample(text, `http_requests_total{method="GET",route="${route}",status="401"}`)).toBe(1)
    expect(sample(text, `http_request_duration_seconds_count{method="GET",route="${route}",status="404"}`)).toBe(2)
    expect(sample(text, `http_request_duration_seconds_bucket{le="+Inf",method="GET",route="${route}",status="404"}`)).toBe(2)
    expect(sample(text, `http_requests_total{method="POST",route="${API_PREFIX}/admin/login",status="200"}`)).toBe(1)
    expect(sample(text, 'db_query_duration_seconds_count')).toBeGreaterThan(3)
    // The process's own: memory and event-loop delay.
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0)
    expect(sample(text, 'password_hashes_total')).toBeGreaterThan(0) // the sign-in's check, at least
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m)
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m)
  })

  it('keeps each app to its own counts', async () => {
    const t = await testApp()
    const other = appWithToken(t)
    await t.get('/admin/profile')
    const text = await (await scrape(other, '127.0.0.1')).text()
    expect(text).not.toContain(`route="${API_PREFIX}/admin/profile"`)
  })

  it('stops timing the database statements of an app told to stop, while its database runs on', async () => {
    const t = await testApp()
    const app = appWithToken(t)
    const statementsTimed = async () => sample(await (await scrape(app, '127.0.0.1')).text(), 'db_query_duration_seconds_count')
    await t.login(TEST_ADMIN.email, TEST_ADMIN.password) // through the other app, on the same database
    const before = await statementsTimed()
    expect(before).toBeGreaterThan(0)
    app.metrics.stopTimingQueries()
    await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    expect(await statementsTimed()).toBe(before)
  })

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('answers a scraper on loopback (%s) without a token', async (address) => {
    const t = await testApp()
    expect((await scrape(t.app, address)).status).toBe(200)
  })

  it('is not there for anyone else, whatever X-Forwarded-For says', async () => {
    const t = await testApp()
    const app = appWithToken(t)
    const refused = [
      await scrape(app, '203.0.113.9'),
      await scrape(app, '203.0.113.9', { 'X-Forwarded-For': '127.0.0.1' }),
      // Loopback, but through a proxy on this machine: the client is elsewhere.
      await scrape(app, '127.0.0.1', { 'X-Forwarded-For': '203.0.113.9' }),
      // Proxies that say whom they forward for in another header (nginx's X-Real-IP, a CDN's, Via).
      ...(await Promise.all(PROXY_HEADERS.map((headers) => scrape(app, '127.0.0.1', headers)))),
      await scrape(app, '203.0.113.9', { Authorization: 'Bearer wrong-token-0123456789' }),
      await scrape(app, '203.0.113.9', { Authorization: `Bearer ${TOKEN}x` }),
      await scrape(app, undefined),
    ]
    for (const res of refused) {
      expect(res.status).toBe(404)
      expect(await res.text()).not.toContain('http_requests_total')
    }
  })

  it('answers anyone with Authorization: Bearer <METRICS_TOKEN>', async () => {
    const t = await testApp()
    const res = await scrape(appWithToken(t), '203.0.113.9', { Authorization: `Bearer ${TOKEN}`, 'X-Forwarded-For': '198.51.100.1' })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('# TYPE http_requests_total counter')
  })

  it("reports the Node server's open connections", async () => {
    const t = await testApp()
    const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }) as Server
    await once(server, 'listening')
    t.app.metrics.watchServer(server)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 3 })
    try {
      const { port } = server.address() as AddressInfo
      const get = (path: string) =>
        new Promise<string>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path, agent }, (res) => {
              let body = ''
              res.on('data', (chunk: Buffer) => (body += chunk.toString()))
              res.on('end', () => resolve(body))
            })
            .on('error', reject)
        })
      // Three requests at once open three connections, kept alive afterwards.
      await Promise.all([get('/api/v1/cms-faqs'), get('/api/v1/cms-faqs'), get('/api/v1/cms-faqs')])
      const text = await get('/metrics') // over a real loopback socket
      expect(sample(text, 'http_open_connections')).toBe(3)
    } finally {
      agent.destroy()
      server.closeAllConnections()
      server.close()
    }
  })
})

describe('the metrics and log settings', () => {
  it('reads METRICS_TOKEN (16 characters or more) and LOG_FORMAT (json or pretty)', () => {
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN)
    expect(loadConfig({}).metricsToken).toBeUndefined()
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError)
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT: Must be json or pretty/)
  })
})
