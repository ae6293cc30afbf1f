import { eq } from 'drizzle-orm'
import { addressGroup } from '../../server/http/client-address'
import { auditLog } from '../../server/db/schema'
import { TEST_ADMIN } from './helpers/accounts'
import { errorOf } from './helpers/bodies'
import { testApp, type TestApp } from './helpers/test-app'

const WRONG = 'Wrong@123'

const failSignIn = (t: TestApp, forwardedFor: string | undefined, email: string = TEST_ADMIN.email) =>
  t.post('/admin/login', { email, password: WRONG }, forwardedFor ? { headers: { 'X-Forwarded-For': forwardedFor } } : {})

/** The address the audit log recorded for one failed sign-in. */
async function recordedAddress(t: TestApp, forwardedFor: string | undefined) {
  const email = `probe${Math.random()}@petcare.test`
  await errorOf(await failSignIn(t, forwardedFor, email), 401)
  // By the email tried: rows come back in no set order.
  const [row] = await t.db.select({ address: auditLog.address }).from(auditLog).where(eq(auditLog.actorEmail, email))
  return row!.address
}

describe('the client address behind TRUST_PROXY', () => {
  it('is the last X-Forwarded-For value behind one proxy, whatever the client wrote to its left', async () => {
    const t = await testApp({ config: { trustProxy: 1 } })
    expect(await recordedAddress(t, '6.6.6.6, 203.0.113.5')).toBe('203.0.113.5')
    expect(await recordedAddress(t, '203.0.113.6')).toBe('203.0.113.6')
  })

  it('is the second value from the right behind two proxies', async () => {
    const t = await testApp({ config: { trustProxy: 2 } })
    expect(await recordedAddress(t, '6.6.6.6, 203.0.113.5, 10.0.0.2')).toBe('203.0.113.5')
    // A shorter chain than configured: all of it is ours.
    expect(await recordedAddress(t, '203.0.113.7')).toBe('203.0.113.7')
  })

  it('takes true as one proxy', async () => {
    const t = await testApp({ config: { trustProxy: true } })
    expect(await recordedAddress(t, '6.6.6.6, 203.0.113.5')).toBe('203.0.113.5')
  })

  it('ignores X-Forwarded-For without a trusted proxy', async () => {
    const t = await testApp({ config: { trustProxy: 0 } })
    expect(await recordedAddress(t, '203.0.113.5')).toBe('-') // app.request has no socket
  })

  it('cannot be changed by the client to dodge the sign-in limit per address', async () => {
    const t = await testApp({ config: { trustProxy: 1 } })
    for (let i = 0; i < 20; i++) await errorOf(await failSignIn(t, `10.9.9.${i}, 203.0.113.50`, `user${i}@petcare.test`), 401)
    await errorOf(await failSignIn(t, '10.9.9.99, 203.0.113.50', 'another@petcare.test'), 429)
  })
})

describe('X-Forwarded-Proto behind TRUST_PROXY', () => {
  const hsts = async (t: TestApp, proto: string) =>
    (await t.app.request('/api/v1/admin/profile', { headers: { 'X-Forwarded-Proto': proto } })).headers.get('Strict-Transport-Security')

  it('is read at the same hop as the address: the value our proxy appended, not one the client wrote', async () => {
    const one = await testApp({ config: { trustProxy: 1 } })
    expect(await hsts(one, 'http, https')).not.toBeNull()
    expect(await hsts(one, 'https, http')).toBeNull()
    const two = await testApp({ config: { trustProxy: 2 } })
    expect(await hsts(two, 'http, https, http')).not.toBeNull()
  })
})

describe('the address group throttles count by', () => {
  it('is an IPv6 address’s /64, however it is written', () => {
    expect(addressGroup('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(addressGroup('2001:0DB8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64')
    expect(addressGroup('[2001:db8:1:2::3]')).toBe('2001:db8:1:2::/64')
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressGroup('::1')).toBe('0:0:0:0::/64')
    expect(addressGroup('2001:db8::')).toBe('2001:db8:0:0::/64')
    expect(addressGroup('2001:db8:1:3::1')).not.toBe(addressGroup('2001:db8:1:2::1'))
  })

  it('is an IPv4 address whole, also when mapped into IPv6', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7')
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressGroup('::FFFF:203.0.113.7')).toBe('203.0.113.7')
  })

  it('leaves anything that is not an address as it is', () => {
    expect(addressGroup('-')).toBe('-')
    expect(addressGroup('unknown')).toBe('unknown')
  })
})
