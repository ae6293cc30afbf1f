import { eq, sql } from 'drizzle-orm'
import { API_MSG, city, CITY_MSG, cityBody, MSG, siteDetails, siteFields, siteListItem } from '../../contract'
import { DEMO_CITIES } from '../../server/seed/demo-cities'
import { rowCount } from '../../server/db/row-counts'
import { cities, sites } from '../../server/db/schema'
import { seedCities, seedDemo, type SeedCounts } from '../../server/seed/seed'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { demoPicturesOf } from './helpers/demo-pictures'
import { addCities, addSites, addUsers, minutesAgo, tokenOf, UNKNOWN_ID, uploadedUrl } from './helpers/fixtures'
import { nothing, testApp, type TestApp } from './helpers/test-app'

const LIST = '/admin/city/list'
const WRITE = '/admin/city'

/** A call with no body at all, as the SPA sends its deletes. */
const bare = (t: TestApp, method: string, path: string, token?: string) =>
  t.app.request(`/api/v1${path}`, { method, headers: token ? { Authorization: `Bearer ${token}` } : {} })

const listOf = async (t: TestApp, query = '', who: 'admin' | 'subAdmin' = 'admin') =>
  listBody(await t.get(`${LIST}${query}`, { token: await tokenOf(t, who) }), city)

const names = (body: { data: { name: string }[] }) => body.data.map((c) => c.name)

/** Three cities, oldest last, with 2, 0 and 3 sites. */
async function someCities(t: TestApp) {
  const [paris, oslo, lima] = await addCities(t, [
    { name: 'Paris', createdAt: minutesAgo(t, 10) },
    { name: 'Oslo', createdAt: minutesAgo(t, 20) },
    { name: 'Lima', createdAt: minutesAgo(t, 30) },
  ])
  await addSites(t, paris!.id, [{}, {}])
  await addSites(t, lima!.id, [{}, {}, {}])
  return { paris: paris!, oslo: oslo!, lima: lima! }
}

describe('GET /admin/city/list', () => {
  it('lists cities newest first with their site counts', async () => {
    const t = await testApp()
    const { paris, oslo, lima } = await someCities(t)
    const body = await listOf(t)
    expect(body.message).toBe(CITY_MSG.listed)
    expect(body.data).toEqual([
      { _id: paris.id, name: 'Paris', siteCount: 2, createdAt: minutesAgo(t, 10).toISOString(), updatedAt: paris.updatedAt.toISOString() },
      { _id: oslo.id, name: 'Oslo', siteCount: 0, createdAt: minutesAgo(t, 20).toISOString(), updatedAt: oslo.updatedAt.toISOString() },
      { _id: lima.id, name: 'Lima', siteCount: 3, createdAt: minutesAgo(t, 30).toISOString(), updatedAt: lima.updatedAt.toISOString() },
    ])
    expect(body).toMatchObject({ page: 1, limit: 10, total: 3, totalPages: 1 })
  })

  it.each([
    ['name ascending', '?sortBy=name&sortOrder=1', ['Lima', 'Oslo', 'Paris']],
    ['name descending', '?sortBy=name&sortOrder=-1', ['Paris', 'Oslo', 'Lima']],
    ['site count ascending', '?sortBy=siteCount&sortOrder=1', ['Oslo', 'Paris', 'Lima']],
    ['site count descending', '?sortBy=siteCount&sortOrder=-1', ['Lima', 'Paris', 'Oslo']],
    ['date ascending', '?sortBy=createdAt&sortOrder=1', ['Lima', 'Oslo', 'Paris']],
    ['sortOrder 0, the default order whatever sortBy says', '?sortBy=name&sortOrder=0', ['Paris', 'Oslo', 'Lima']],
  ])('sorts by %s', async (_what, query, expected) => {
    const t = await testApp()
    await someCities(t)
    expect(names(await listOf(t, query))).toEqual(expected)
  })

  it('sorts names without regard to case', async () => {
    const t = await testApp()
    await addCities(t, [{ name: 'zurich' }, { name: 'Amsterdam' }, { name: 'berlin' }])
    expect(names(await listOf(t, '?sortBy=name&sortOrder=1'))).toEqual(['Amsterdam', 'berlin', 'zurich'])
  })

  it('finds cities by part of the name, whatever the case, with the total of the matches', async () => {
    const t = await testApp()
    await addCities(t, [{ name: 'New York' }, { name: 'York' }, { name: 'Newcastle' }, { name: 'Boston' }])
    const york = await listOf(t, '?search=YORK&sortBy=name&sortOrder=1')
    expect(names(york)).toEqual(['New York', 'York'])
    expect(york.total).toBe(2)
    expect(names(await listOf(t, '?search=%20%20castle%20'))).toEqual(['Newcastle'])
    expect((await listOf(t, '?search=_')).total).toBe(0) // LIKE wildcards are taken literally
  })

  it('pages with exact totals, also past the end and while searching', async () => {
    const t = await testApp()
    await addCities(
      t,
      Array.from({ length: 12 }, (_, i) => ({ name: `Town ${String.fromCharCode(97 + i)}`, createdAt: minutesAgo(t, i) })),
    )
    const second = await listOf(t, '?page=2&limit=5')
    expect(names(second)).toEqual(['Town f', 'Town g', 'Town h', 'Town i', 'Town j'])
    expect(second).toMatchObject({ page: 2, limit: 5, total: 12, totalPages: 3 })
    expect(await listOf(t, '?page=4&limit=5')).toMatchObject({ data: [], total: 12, totalPages: 3 })
    expect(await listOf(t, '?search=town&page=2&limit=5')).toMatchObject({ total: 12, totalPages: 3 })
    expect(await rowCount(t.db, cities)).toBe(12) // the total without a search is read here
  })

  it('follows sites added and deleted through the API in siteCount', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const [town] = await addCities(t, [{ name: 'Oslo' }])
    const body = (n: number) => ({
      cityId: town!.id,
      name: `Site ${n}`,
      description: 'A park',
      address: 'Somewhere 1',
      latitude: 59.9,
      longitude: 10.7,
      images: [uploadedUrl('site')],
    })
    const added = await Promise.all([1, 2, 3].map(async (n) => (await okBody(await t.post('/admin/site', body(n), { token }), siteDetails, 201)).data))
    expect((await listOf(t)).data[0]?.siteCount).toBe(3)
    await okBody(await bare(t, 'DELETE', `/admin/site/${added[0]!._id}`, token), nothing)
    expect((await listOf(t)).data[0]?.siteCount).toBe(2)
    expect((await okBody(await t.get(`${WRITE}/${town!.id}`, { token }), city)).data.siteCount).toBe(2)
  })

  it('keeps siteCount exact under multi-row writes, moves between cities and a truncate', async () => {
    const t = await testApp()
    const [a, b] = await addCities(t, [{ name: 'Alpha' }, { name: 'Beta' }])
    const made = await addSites(t, a!.id, [{}, {}, {}, {}])
    await addSites(t, b!.id, [{}])
    await t.db.update(sites).set({ cityId: b!.id }).where(sql`${sites.id} in (${made[0]!.id}, ${made[1]!.id})`)
    await t.db.update(sites).set({ name: 'Renamed' }) // no city changes: nothing moves
    const counts = async () =>
      Object.fromEntries((await t.db.select({ name: cities.name, n: cities.siteCount }).from(cities)).map((r) => [r.name, r.n]))
    expect(await counts()).toEqual({ Alpha: 2, Beta: 3 })
    await t.db.delete(sites).where(eq(sites.cityId, b!.id))
    expect(await counts()).toEqual({ Alpha: 2, Beta: 0 })
    await t.db.execute(sql`truncate ${sites}`)
    expect(await counts()).toEqual({ Alpha: 0, Beta: 0 })
  })

  it.each([
    ['page=0', 'page'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['sortBy=address', 'sortBy'],
    ['sortOrder=2', 'sortOrder'],
    ['filter=1', 'filter'],
    ['color=red', 'color'],
  ])('answers 400 to %s', async (query, field) => {
    const t = await testApp()
    const error = await errorOf(await t.get(`${LIST}?${query}`, { token: await tokenOf(t) }), 400)
    expect(Object.keys(error.error.fields ?? {})).toEqual([field])
  })

  it('lets a sub admin read the list and a city', async () => {
    const t = await testApp()
    const { paris } = await someCities(t)
    expect((await listOf(t, '', 'subAdmin')).total).toBe(3)
    await okBody(await t.get(`${WRITE}/${paris.id}`, { token: await tokenOf(t, 'subAdmin') }), city)
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    await errorOf(await t.get(LIST), 401)
  })
})

describe('GET /admin/city/:id', () => {
  it('returns the city with its site count', async () => {
    const t = await testApp()
    const { lima } = await someCities(t)
    const body = await okBody(await t.get(`${WRITE}/${lima.id}`, { token: await tokenOf(t) }), city)
    expect(body.message).toBe(CITY_MSG.fetched)
    expect(body.data).toEqual({
      _id: lima.id,
      name: 'Lima',
      siteCount: 3,
      createdAt: lima.createdAt.toISOString(),
      updatedAt: lima.updatedAt.toISOString(),
    })
  })

  it('answers 404 for an unknown id and 400 for one that is not a UUID', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    expect((await errorOf(await t.get(`${WRITE}/${UNKNOWN_ID}`, { token }), 404)).message).toBe(CITY_MSG.notFound)
    expect((await errorOf(await t.get(`${WRITE}/not-an-id`, { token }), 400)).error.fields).toEqual({ id: API_MSG.invalidId })
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    const { paris } = await someCities(t)
    await errorOf(await t.get(`${WRITE}/${paris.id}`), 401)
  })
})

describe('POST /admin/city', () => {
  it('adds a city with its name trimmed and no sites, and answers 201', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const body = await okBody(await t.post(WRITE, { name: '  Cape Town ' }, { token }), city, 201)
    expect(body.message).toBe(CITY_MSG.created)
    expect(body.data).toEqual({
      _id: expect.any(String),
      name: 'Cape Town',
      siteCount: 0,
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
    })
    expect((await listOf(t)).data).toEqual([body.data])
  })

  it('lets a sub admin add a city', async () => {
    const t = await testApp()
    await okBody(await t.post(WRITE, { name: 'Lisbon' }, { token: await tokenOf(t, 'subAdmin') }), city, 201)
  })

  it.each(['london', 'LONDON', '  London  ', ' lOnDoN'])('refuses %j next to London with 409, and adds nothing', async (name) => {
    const t = await testApp()
    await addCities(t, [{ name: 'London' }])
    const error = await errorOf(await t.post(WRITE, { name }, { token: await tokenOf(t) }), 409)
    expect(error.message).toBe(CITY_MSG.duplicate)
    expect(error.error.code).toBe('CONFLICT')
    expect(names(await listOf(t))).toEqual(['London'])
  })

  it('lets the database decide between two adds of one name at once: one 201, one 409', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const answers = await Promise.all([t.post(WRITE, { name: 'Rome' }, { token }), t.post(WRITE, { name: ' rome' }, { token })])
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409])
    expect((await listOf(t)).total).toBe(1)
  })

  it.each([
    ['an empty name', { name: '  ' }, MSG.required],
    ['no name', {}, MSG.required],
    ['a one-letter name', { name: 'A' }, MSG.nameMin],
    ['a name of 21 letters', { name: 'a'.repeat(21) }, MSG.nameMax],
    ['a name with a digit', { name: 'Paris 2' }, MSG.nameInvalid],
    ['a name with an accent', { name: 'Bogotá' }, MSG.nameInvalid],
  ])('refuses %s with 400 and its message', async (_what, json, message) => {
    const t = await testApp()
    const token = await tokenOf(t)
    const error = await errorOf(await t.post(WRITE, json, { token }), 400)
    expect(error.message).toBe(message)
    expect(error.error.fields).toEqual({ name: message })
    expect((await listOf(t)).total).toBe(0)
  })

  it('refuses a field it does not know and a body that is not JSON', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const error = await errorOf(await t.post(WRITE, { name: 'Rome', siteCount: 4 }, { token }), 400)
    expect(error.error.fields).toEqual({ siteCount: 'This field is not allowed' })
    const raw = await t.app.request(`/api/v1${WRITE}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{"name":',
    })
    await errorOf(raw, 400)
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    await errorOf(await t.post(WRITE, { name: 'Rome' }), 401)
  })
})

describe('PUT /admin/city/:id', () => {
  const rename = async (t: TestApp, id: string, name: string, who: 'admin' | 'subAdmin' = 'admin') =>
    t.put(`${WRITE}/${id}`, { name }, { token: await tokenOf(t, who) })

  it('renames a city and keeps its sites', async () => {
    const t = await testApp()
    const { paris } = await someCities(t)
    t.clock.advance(60_000)
    const body = await okBody(await rename(t, paris.id, ' Lyon '), city)
    expect(body.message).toBe(CITY_MSG.updated)
    expect(body.data).toEqual({
      _id: paris.id,
      name: 'Lyon',
      siteCount: 2,
      createdAt: paris.createdAt.toISOString(),
      updatedAt: t.clock.now().toISOString(),
    })
  })

  it('lets a city keep its name in another case or spacing', async () => {
    const t = await testApp()
    const { paris } = await someCities(t)
    expect((await okBody(await rename(t, paris.id, 'PARIS'), city)).data.name).toBe('PARIS')
    expect((await okBody(await rename(t, paris.id, '  Paris '), city)).data.name).toBe('Paris')
  })

  it('refuses the name of another city, whatever its case, with 409 and changes nothing', async () => {
    const t = await testApp()
    const { paris } = await someCities(t)
    for (const name of ['Oslo', 'oslo', ' OSLO ']) {
      expect((await errorOf(await rename(t, paris.id, name), 409)).message).toBe(CITY_MSG.duplicate)
    }
    expect((await okBody(await t.get(`${WRITE}/${paris.id}`, { token: await tokenOf(t) }), city)).data.name).toBe('Paris')
  })

  it('lets a sub admin rename a city', async () => {
    const t = await testApp()
    const { oslo } = await someCities(t)
    expect((await okBody(await rename(t, oslo.id, 'Bergen', 'subAdmin'), city)).data.name).toBe('Bergen')
  })

  it('refuses a bad name with its message', async () => {
    const t = await testApp()
    const { oslo } = await someCities(t)
    expect((await errorOf(await rename(t, oslo.id, 'X'), 400)).error.fields).toEqual({ name: MSG.nameMin })
  })

  it('answers 404 for an unknown id, 400 for one that is not a UUID, 401 without a token', async () => {
    const t = await testApp()
    const { oslo } = await someCities(t)
    expect((await errorOf(await rename(t, UNKNOWN_ID, 'Bergen'), 404)).message).toBe(CITY_MSG.notFound)
    expect((await errorOf(await rename(t, 'oslo', 'Bergen'), 400)).error.fields).toEqual({ id: API_MSG.invalidId })
    await errorOf(await t.put(`${WRITE}/${oslo.id}`, { name: 'Bergen' }), 401)
  })
})

describe('DELETE /admin/city/:id', () => {
  it('refuses a city that still has sites with 409, then deletes it once its sites are gone', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const { paris } = await someCities(t)
    const error = await errorOf(await bare(t, 'DELETE', `${WRITE}/${paris.id}`, token), 409)
    expect(error.message).toBe(CITY_MSG.hasSites)
    expect((await okBody(await t.get(`${WRITE}/${paris.id}`, { token }), city)).data.siteCount).toBe(2)

    const { data: left } = await listBody(await t.get(`/admin/site/list?cityId=${paris.id}`, { token }), siteListItem)
    for (const site of left) await okBody(await bare(t, 'DELETE', `/admin/site/${site._id}`, token), nothing)

    const body = await okBody(await bare(t, 'DELETE', `${WRITE}/${paris.id}`, token), nothing)
    expect(body.message).toBe(CITY_MSG.deleted)
    await errorOf(await t.get(`${WRITE}/${paris.id}`, { token }), 404)
    expect((await errorOf(await bare(t, 'DELETE', `${WRITE}/${paris.id}`, token), 404)).message).toBe(CITY_MSG.notFound)
    expect(names(await listOf(t))).toEqual(['Oslo', 'Lima'])
  })

  it('deletes a city without sites and lets its name be used again', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const { oslo } = await someCities(t)
    await okBody(await bare(t, 'DELETE', `${WRITE}/${oslo.id}`, token), nothing)
    expect((await listOf(t)).total).toBe(2)
    await okBody(await t.post(WRITE, { name: 'oslo' }, { token }), city, 201)
  })

  it('refuses a sub admin with 403 and deletes nothing', async () => {
    const t = await testApp()
    const { oslo } = await someCities(t)
    const error = await errorOf(await bare(t, 'DELETE', `${WRITE}/${oslo.id}`, await tokenOf(t, 'subAdmin')), 403)
    expect(error.error.code).toBe('FORBIDDEN')
    expect((await listOf(t)).total).toBe(3)
  })

  it('answers 400 for an id that is not a UUID and 401 without a token', async () => {
    const t = await testApp()
    const { oslo } = await someCities(t)
    expect((await errorOf(await bare(t, 'DELETE', `${WRITE}/1`, await tokenOf(t)), 400)).error.fields).toEqual({ id: API_MSG.invalidId })
    await errorOf(await bare(t, 'DELETE', `${WRITE}/${oslo.id}`), 401)
  })
})

describe('the demo cities and sites', () => {
  /** Cities only: no users, shops or the rest, so these tests stay fast. */
  const NO_ROWS: SeedCounts = { users: 0, petShops: 0, hospitals: 0, partners: 0, feedback: 0, notifications: 0 }

  it('adds six cities with three to six sites each, every field valid for the forms', async () => {
    const t = await testApp()
    expect(await seedDemo(t.db, t.clock.now(), demoPicturesOf(t), NO_ROWS)).toBe(true)
    const token = await tokenOf(t)
    const list = await listOf(t, '?limit=100')
    expect(list.total).toBe(6)
    expect(new Set(names(list))).toEqual(new Set(DEMO_CITIES.map((c) => c.name)))
    for (const c of list.data) {
      expect(cityBody.parse({ name: c.name })).toEqual({ name: c.name })
      expect(c.siteCount).toBeGreaterThanOrEqual(3)
      expect(c.siteCount).toBeLessThanOrEqual(6)
      const { data: items, total } = await listBody(await t.get(`/admin/site/list?cityId=${c._id}&limit=100`, { token }), siteListItem)
      expect(total).toBe(c.siteCount)
      for (const item of items) {
        const { data: site } = await okBody(await t.get(`/admin/site/${item._id}`, { token }), siteDetails)
        expect(site.cityName).toBe(c.name)
        const fields = { name: site.name, description: site.description, address: site.address, latitude: site.latitude, longitude: site.longitude }
        expect(siteFields.parse(fields)).toEqual(fields)
        expect(site.images.length).toBeGreaterThanOrEqual(1)
        expect(site.images.length).toBeLessThanOrEqual(3)
        for (const url of site.images) expect(url).toMatch(/^\/uploads\/site\//)
      }
    }
  })

  it('adds them once, and does not bring back cities an admin deleted', async () => {
    const t = await testApp()
    await seedDemo(t.db, t.clock.now(), demoPicturesOf(t), NO_ROWS)
    expect(await seedCities(t.db, t.clock.now(), demoPicturesOf(t))).toBe(false)
    await t.db.delete(sites)
    await t.db.delete(cities)
    expect(await seedCities(t.db, t.clock.now(), demoPicturesOf(t))).toBe(false)
    expect(await t.db.$count(cities)).toBe(0)
  })

  it('adds them to a database seeded before cities existed', async () => {
    const t = await testApp()
    await addUsers(t, [{}]) // the demo rows are there already
    expect(await seedDemo(t.db, t.clock.now(), demoPicturesOf(t), NO_ROWS)).toBe(true)
    expect(await t.db.$count(cities)).toBe(DEMO_CITIES.length)
    expect(await seedDemo(t.db, t.clock.now(), demoPicturesOf(t), NO_ROWS)).toBe(false)
  })

  it('adds none where an admin has added a city', async () => {
    const t = await testApp()
    await addCities(t, [{ name: 'Mine' }])
    expect(await seedCities(t.db, t.clock.now(), demoPicturesOf(t))).toBe(false)
    expect(await t.db.$count(cities)).toBe(1)
  })
})
