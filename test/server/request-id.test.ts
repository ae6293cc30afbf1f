import { randomUUID } from 'node:crypto'
import { API_PREFIX } from '../../contract'
import { errorOf } from './helpers/bodies'
import { testApp } from './helpers/test-app'

/**
 * X-Request-Id: a client's own id is kept when it is a short safe token (so a caller can find
 * its request in our logs), anything else is replaced by a new UUID. Either way the answer's
 * header and an error body carry the id the server used.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

async function unknownRoute(requestId?: string) {
  const { app } = await testApp()
  return app.request(`${API_PREFIX}/no-such-route`, { headers: requestId === undefined ? {} : { 'X-Request-Id': requestId } })
}

describe('X-Request-Id', () => {
  it.each([
    ['a UUID', randomUUID()],
    ['64 letters, digits, - and _', `${'a'.repeat(30)}-B_0${'9'.repeat(30)}`],
    ['one character', 'x'],
  ])('keeps %s sent by the client, in the header and the error body', async (_, sent) => {
    const res = await unknownRoute(sent)
    expect(res.headers.get('X-Request-Id')).toBe(sent)
    expect((await errorOf(res, 404)).error.requestId).toBe(sent)
  })

  it.each([
    ['65 characters', 'a'.repeat(65)],
    ['a long text', 'a'.repeat(10_000)],
    ['an equals sign (base64 padding)', 'abc='],
    ['a dot', 'a.b'],
    ['spaces', 'a b'],
    ['markup', '<script>alert(1)</script>'],
    ['a line break sequence', 'abc%0d%0aSet-Cookie:x'],
    ['letters outside ASCII', 'é'],
    ['an empty value', ''],
  ])('replaces %s with a new UUID, in the header and the error body', async (_, sent) => {
    const res = await unknownRoute(sent)
    const id = res.headers.get('X-Request-Id')
    expect(id).toMatch(UUID)
    expect((await errorOf(res, 404)).error.requestId).toBe(id)
  })

  it('makes a new one for each request that sends none', async () => {
    const first = (await unknownRoute()).headers.get('X-Request-Id')
    const second = (await unknownRoute()).headers.get('X-Request-Id')
    expect(first).toMatch(UUID)
    expect(second).toMatch(UUID)
    expect(first).not.toBe(second)
  })

  it('uses the client id on a validation error as well', async () => {
    const { app } = await testApp()
    const res = await app.request(`${API_PREFIX}/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'trace-42' },
      body: JSON.stringify({ email: 'x', password: 'y' }),
    })
    expect(res.headers.get('X-Request-Id')).toBe('trace-42')
    expect((await errorOf(res, 400)).error.requestId).toBe('trace-42')
  })
})
