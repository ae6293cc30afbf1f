import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import { API_PREFIX } from '../../contract'
import { createLogger } from '../../server/log'
import { TEST_ADMIN } from './helpers/accounts'
import { testApp } from './helpers/test-app'

describe('the access log', () => {
  it('writes one JSON line per API call: time, level, request id, method, route pattern, status, duration and client', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const id = randomUUID()
    // As the Node server hands it over: the socket's peer is the client.
    const res = await t.app.request(`${API_PREFIX}/admin/user/${id}?search=secret-ish`, { headers: { Authorization: `Bearer ${token}` } }, {
      incoming: { socket: { remoteAddress: '203.0.113.9' } },
    })
    expect(res.status).toBe(404)

    const line = t.logLines.at(-1)!
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      reqId: res.headers.get('X-Request-Id'),
      method: 'GET',
      route: `${API_PREFIX}/admin/user/:id`,
      status: 404,
      client: '203.0.113.9',
    })
    expect(new Date(line.time as string).toISOString()).toBe(line.time)
    expect(line.ms).toEqual(expect.any(Number))
    // The pattern, never the path or query the client typed.
    expect(JSON.stringify(line)).not.toContain(id)
    expect(JSON.stringify(line)).not.toContain('secret-ish')
  })

  it('names the route that refused a request before its handler ran', async () => {
    const t = await testApp()
    await t.get('/admin/user/not-a-uuid')
    expect(t.logLines.at(-1)).toMatchObject({ route: `${API_PREFIX}/admin/user/:id`, status: 401 })
    await t.get('/no/such/route')
    expect(t.logLines.at(-1)).toMatchObject({ route: '/api/*', status: 404 })
  })

  it('masks secrets in every field of a line', () => {
    const lines: string[] = []
    const log = createLogger('json', { write: (line) => lines.push(line) })
    log.info({ header: 'Bearer abc.DEF-123', url: 'postgres://u:hunter2@db/x' }, 'password=Secret@123')
    expect(lines.join('')).not.toMatch(/abc\.DEF-123|hunter2|Secret@123/)
  })

  it('is human-readable with LOG_FORMAT=pretty (as npm run dev sets it)', async () => {
    const script = "import('./server/log.ts').then(({ logInfo }) => logInfo('Pretty hello'))"
    const { stdout } = await promisify(execFile)('npx', ['tsx', '-e', script], {
      cwd: `${import.meta.dirname}/../..`,
      env: { ...process.env, LOG_FORMAT: 'pretty', NO_COLOR: '1' },
    })
    expect(stdout).toMatch(/INFO.*Pretty hello/)
    expect(stdout).not.toContain('{"')
  }, 30_000)
})
