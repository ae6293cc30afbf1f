import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PETS_MSG, petDetails } from '../../contract'
import { THROTTLE } from '../../server/auth/throttle'
import { petPreviewLookup } from '../../server/pet-preview'
import { PET_PAGE_FILE, spaRoutes } from '../../server/spa'
import { errorOf, okBody } from './helpers/bodies'
import { addPets, addUsers, UNKNOWN_ID } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

/**
 * The public pet call can be opened by anyone with a link, but not harvested: 60 calls a minute
 * per client address, and no answer is cached or indexed.
 */

const LIMIT = THROTTLE.petPageAddress.max

/** One proxy in front (TRUST_PROXY=1), so each test chooses the client address it calls from. */
const appBehindProxy = () => testApp({ config: { trustProxy: 1 } })

async function aPet(t: TestApp) {
  const [owner] = await addUsers(t, [{ username: 'ann.lee', name: 'Ann Lee', email: 'ann@example.com' }])
  const [pet] = await addPets(t, owner!.id, [{ name: 'Rex', profileType: '1' }])
  return pet!.id
}

const petCall = (t: TestApp, petId: string, address: string) => t.get(`/pet/petbyid?petId=${petId}`, { headers: { 'X-Forwarded-For': address } })

const expectUnlisted = (res: Response) => {
  expect(res.headers.get('Cache-Control')).toBe('no-store')
  expect(res.headers.get('X-Robots-Tag')).toBe('noindex')
}

// Sixty-odd calls per test: room for a machine busy with other suites.
describe('GET /pet/petbyid limits', { timeout: 60_000 }, () => {
  it(`is sixty a minute per address: call ${LIMIT + 1} is 429 with Retry-After and a clear message`, async () => {
    expect(LIMIT).toBe(60)
    const t = await appBehindProxy()
    const petId = await aPet(t)
    for (let i = 0; i < LIMIT; i++) expect((await petCall(t, petId, '203.0.113.7')).status).toBe(200)

    const refused = await petCall(t, petId, '203.0.113.7')
    const body = await errorOf(refused, 429)
    expect(body.error.message).toBe('Too many pet pages opened from your address. Please try again in 1 minute.')
    expect(body.error.message).toBe(PETS_MSG.tooMany(60))
    const retryAfter = Number(refused.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expectUnlisted(refused)
  })

  it('leaves another address unaffected', async () => {
    const t = await appBehindProxy()
    const petId = await aPet(t)
    for (let i = 0; i <= LIMIT; i++) await petCall(t, petId, '203.0.113.7')
    expect((await petCall(t, petId, '203.0.113.7')).status).toBe(429)
    await okBody(await petCall(t, petId, '198.51.100.9'), petDetails)
  })

  it('counts missing pets and bad ids too, and lets the address in again after the minute', async () => {
    const t = await appBehindProxy()
    const petId = await aPet(t)
    for (let i = 0; i < LIMIT / 2; i++) expect((await petCall(t, UNKNOWN_ID, '203.0.113.7')).status).toBe(404)
    for (let i = 0; i < LIMIT / 2; i++) expect((await petCall(t, 'not-an-id', '203.0.113.7')).status).toBe(400)
    expect((await petCall(t, petId, '203.0.113.7')).status).toBe(429)

    t.clock.advance(60_000)
    await okBody(await petCall(t, petId, '203.0.113.7'), petDetails)
  })

  it('does not count refused calls, so the wait never grows', async () => {
    const t = await appBehindProxy()
    const petId = await aPet(t)
    for (let i = 0; i < LIMIT; i++) await petCall(t, petId, '203.0.113.7')
    t.clock.advance(30_000)
    for (let i = 0; i < 5; i++) expect((await petCall(t, petId, '203.0.113.7')).status).toBe(429)
    t.clock.advance(30_000)
    expect((await petCall(t, petId, '203.0.113.7')).status).toBe(200)
  })

  it.each([
    ['a pet', 200, 'pet'],
    ['a missing pet', 404, UNKNOWN_ID],
    ['a bad id', 400, 'not-an-id'],
  ])('answers %s with Cache-Control: no-store and X-Robots-Tag: noindex', async (_, status, which) => {
    const t = await appBehindProxy()
    const petId = which === 'pet' ? await aPet(t) : which
    const res = await petCall(t, petId, '203.0.113.7')
    expect(res.status).toBe(status)
    expectUnlisted(res)
  })
})

describe('the pet page a shared link opens', { timeout: 60_000 }, () => {
  let dist: string
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'petcare-dist-'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Petcare Admin</title></head><body></body></html>')
    writeFileSync(join(dist, PET_PAGE_FILE), '<!doctype html><html><head><title>Pet Details</title></head><body></body></html>')
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  const pageFrom = (t: TestApp, petId: string, address: string) =>
    spaRoutes(dist, { petPreview: petPreviewLookup(t.db), petPageAllowance: t.app.petPageAllowance }).request(`/pet-details/${petId}`, {
      headers: { Accept: 'text/html', 'X-Forwarded-For': address },
    })

  it(`is limited as the pet call is: page ${LIMIT + 1} from one address is 429 with Retry-After, another address is served`, async () => {
    const t = await appBehindProxy()
    const petId = await aPet(t)
    for (let i = 0; i < LIMIT; i++) expect((await pageFrom(t, petId, '203.0.113.7')).status).toBe(200)
    const refused = await pageFrom(t, petId, '203.0.113.7')
    expect(refused.status).toBe(429)
    expect(await refused.text()).toBe(PETS_MSG.tooMany(60))
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
    expect(refused.headers.get('X-Robots-Tag')).toBe('noindex')
    expect((await pageFrom(t, petId, '198.51.100.9')).status).toBe(200)
  })

  it('shares its count with the pet call: a visit spends one for the page and one for its call', async () => {
    const t = await appBehindProxy()
    const petId = await aPet(t)
    for (let i = 0; i < LIMIT / 2; i++) {
      expect((await pageFrom(t, petId, '203.0.113.7')).status).toBe(200)
      expect((await petCall(t, petId, '203.0.113.7')).status).toBe(200)
    }
    expect((await pageFrom(t, petId, '203.0.113.7')).status).toBe(429)
    expect((await petCall(t, petId, '203.0.113.7')).status).toBe(429)
  })

  it.each([
    ['a known pet', true],
    ['an unknown pet', false],
  ])('is not indexed by search engines: X-Robots-Tag: noindex for %s', async (_, known) => {
    const t = await testApp()
    const petId = known ? await aPet(t) : UNKNOWN_ID
    const res = await spaRoutes(dist, { petPreview: petPreviewLookup(t.db) }).request(`/pet-details/${petId}`, { headers: { Accept: 'text/html' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex')
    expect(await res.text()).toContain(known ? '<title>Pet Details: Rex · Petcare</title>' : '<title>Pet Details · Petcare</title>')
  })
})
