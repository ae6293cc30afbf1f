import { API_MSG, city, CITY_MSG, IMAGES_MAX, MSG, SITE_FIELD_MSG, SITE_MSG, siteDetails, siteListItem, uploadResult } from '../../contract'
import { rowCount } from '../../server/db/row-counts'
import { sites } from '../../server/db/schema'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { addCities, addSites, minutesAgo, tokenOf, UNKNOWN_ID, uploadedUrl } from './helpers/fixtures'
import { nothing, testApp, type TestApp } from './helpers/test-app'

const LIST = '/admin/site/list'
const WRITE = '/admin/site'

const FOREIGN = 'https://img.test/photo.png'
const NOT_OURS = 'Please upload the image through the panel'
const NOT_PREVIOUS = 'This image is not one of the current images'

/** A call with no body at all, as the SPA sends its status toggle and delete. */
const bare = (t: TestApp, method: string, path: string, token?: string) =>
  t.app.request(`/api/v1${path}`, { method, headers: token ? { Authorization: `Bearer ${token}` } : {} })

const siteUrls = (n: number) => Array.from({ length: n }, () => uploadedUrl('site'))

const listOf = async (t: TestApp, query = '', who: 'admin' | 'subAdmin' = 'admin') =>
  listBody(await t.get(`${LIST}${query}`, { token: await tokenOf(t, who) }), siteListItem)

const names = (body: { data: { name: string }[] }) => body.data.map((s) => s.name)

const oneCity = async (t: TestApp, name = 'Sydney') => (await addCities(t, [{ name }]))[0]!

/** A body the create call accepts, for `cityId`. */
const createBody = (cityId: string, overrides: Record<string, unknown> = {}) => ({
  cityId,
  name: 'Sirius Cove Reserve',
  description: 'A harbour beach where dogs may swim',
  address: 'Sirius Cove Road, Mosman NSW 2088',
  latitude: -33.8384,
  longitude: 151.2391,
  images: siteUrls(1),
  ...overrides,
})

/** The fields of an edit of a site as added (version 1), keeping no previous image; images are added per test. */
const editBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sirius Cove',
  description: 'Off leash at set times',
  address: 'Sirius Cove Road, Mosman NSW 2088',
  latitude: -33.8384,
  longitude: 151.2391,
  previousImages: [],
  version: 1,
  ...overrides,
})

describe('GET /admin/site/list', () => {
  /** Two cities: Sydney with three sites (one inactive), Perth with one. */
  async function someSites(t: TestApp) {
    const [sydney, perth] = await addCities(t, [{ name: 'Sydney' }, { name: 'Perth' }])
    const [cove, park, cafe] = await addSites(t, sydney!.id, [
      { name: 'Sirius Cove', address: 'Mosman NSW', status: 1, createdAt: minutesAgo(t, 1) },
      { name: 'Centennial_Park', address: 'Grand Drive, Centennial Park', status: 2, createdAt: minutesAgo(t, 2) },
      { name: 'Paws on Crown', address: 'Crown Street, Surry Hills', status: 1, createdAt: minutesAgo(t, 3) },
    ])
    const [beach] = await addSites(t, perth!.id, [{ name: 'Swanbourne Beach', address: 'Marine Parade', createdAt: minutesAgo(t, 4) }])
    return { sydney: sydney!, perth: perth!, cove: cove!, park: park!, cafe: cafe!, beach: beach! }
  }

  it("lists one city's sites, newest first, with the list fields", async () => {
    const t = await testApp()
    const { sydney, cove, park, cafe } = await someSites(t)
    const body = await listOf(t, `?cityId=${sydney.id}`)
    expect(body.message).toBe(SITE_MSG.listed)
    expect(body.data).toEqual(
      [cove, park, cafe].map((s) => ({
        _id: s.id,
        cityId: sydney.id,
        name: s.name,
        address: s.address,
        status: s.status,
        createdAt: s.createdAt.toISOString(),
      })),
    )
    expect(body).toMatchObject({ page: 1, limit: 10, total: 3, totalPages: 1 })
    expect(await listOf(t, `?cityId=${sydney.id.toUpperCase()}`)).toMatchObject({ total: 3 })
  })

  it('lists the sites of every city without cityId', async () => {
    const t = await testApp()
    await someSites(t)
    const body = await listOf(t)
    expect(names(body)).toEqual(['Sirius Cove', 'Centennial_Park', 'Paws on Crown', 'Swanbourne Beach'])
    expect(body.total).toBe(4)
  })

  it('answers an empty page for a city that has no sites or does not exist', async () => {
    const t = await testApp()
    await someSites(t)
    const [empty] = await addCities(t, [{ name: 'Darwin' }])
    expect(await listOf(t, `?cityId=${empty!.id}`)).toMatchObject({ data: [], total: 0, totalPages: 0 })
    expect(await listOf(t, `?cityId=${UNKNOWN_ID}`)).toMatchObject({ data: [], total: 0, totalPages: 0 })
  })

  it.each([
    ['name', 'SIRIUS', ['Sirius Cove']],
    ['address', 'surry hills', ['Paws on Crown']],
    ['name, with _ taken literally', 'l_p', ['Centennial_Park']],
  ])('finds sites by part of the %s, whatever the case', async (_what, search, expected) => {
    const t = await testApp()
    const { sydney } = await someSites(t)
    expect(names(await listOf(t, `?cityId=${sydney.id}&search=${search}`))).toEqual(expected)
  })

  it('searches within the city only', async () => {
    const t = await testApp()
    const { sydney, perth } = await someSites(t)
    expect(names(await listOf(t, `?cityId=${sydney.id}&search=beach`))).toEqual([])
    expect(names(await listOf(t, `?cityId=${perth.id}&search=beach`))).toEqual(['Swanbourne Beach'])
    expect(names(await listOf(t, '?search=beach'))).toEqual(['Swanbourne Beach'])
  })

  it('filters by status, with exact totals from the counts', async () => {
    const t = await testApp()
    const { sydney, perth } = await someSites(t)
    const inactive = await listOf(t, `?cityId=${sydney.id}&filter=2`)
    expect(names(inactive)).toEqual(['Centennial_Park'])
    expect(inactive.total).toBe(1)
    expect((await listOf(t, `?cityId=${sydney.id}&filter=1`)).total).toBe(2)
    expect((await listOf(t, `?cityId=${perth.id}&filter=2`)).total).toBe(0)
    expect((await listOf(t, '?filter=1')).total).toBe(3)
    expect(await rowCount(t.db, sites, { city_id: sydney.id, status: 1 })).toBe(2)
    expect(names(await listOf(t, `?cityId=${sydney.id}&filter=1&search=crown`))).toEqual(['Paws on Crown'])
  })

  it.each([
    ['name ascending', 'sortBy=name&sortOrder=1', ['Centennial_Park', 'Paws on Crown', 'Sirius Cove']],
    ['name descending', 'sortBy=name&sortOrder=-1', ['Sirius Cove', 'Paws on Crown', 'Centennial_Park']],
    ['address ascending', 'sortBy=address&sortOrder=1', ['Paws on Crown', 'Centennial_Park', 'Sirius Cove']],
    ['date ascending', 'sortBy=createdAt&sortOrder=1', ['Paws on Crown', 'Centennial_Park', 'Sirius Cove']],
  ])('sorts by %s', async (_what, query, expected) => {
    const t = await testApp()
    const { sydney } = await someSites(t)
    expect(names(await listOf(t, `?cityId=${sydney.id}&${query}`))).toEqual(expected)
  })

  it('sorts by status (ties in any order, the same on every page)', async () => {
    const t = await testApp()
    const { sydney } = await someSites(t)
    expect(names(await listOf(t, `?cityId=${sydney.id}&sortBy=status&sortOrder=-1`))[0]).toBe('Centennial_Park')
    expect(names(await listOf(t, `?cityId=${sydney.id}&sortBy=status&sortOrder=1`))[2]).toBe('Centennial_Park')
  })

  it('pages with exact totals', async () => {
    const t = await testApp()
    const town = await oneCity(t)
    await addSites(
      t,
      town.id,
      Array.from({ length: 7 }, (_, i) => ({ name: `Park ${i}`, createdAt: minutesAgo(t, i) })),
    )
    const second = await listOf(t, `?cityId=${town.id}&page=2&limit=3`)
    expect(names(second)).toEqual(['Park 3', 'Park 4', 'Park 5'])
    expect(second).toMatchObject({ page: 2, limit: 3, total: 7, totalPages: 3 })
    expect(await listOf(t, `?cityId=${town.id}&page=9&limit=3`)).toMatchObject({ data: [], total: 7 })
    expect(await listOf(t, `?cityId=${town.id}&search=park&page=2&limit=3`)).toMatchObject({ total: 7, totalPages: 3 })
  })

  it.each([
    ['cityId=paris', 'cityId', 'Invalid city id'],
    ['filter=3', 'filter', undefined],
    ['filter=active', 'filter', undefined],
    ['sortBy=siteCount', 'sortBy', undefined],
    ['sortOrder=-2', 'sortOrder', undefined],
    ['page=-1', 'page', undefined],
    ['limit=0', 'limit', undefined],
    ['city=1', 'city', 'This field is not allowed'],
  ])('answers 400 to %s', async (query, field, message) => {
    const t = await testApp()
    const error = await errorOf(await t.get(`${LIST}?${query}`, { token: await tokenOf(t) }), 400)
    expect(Object.keys(error.error.fields ?? {})).toEqual([field])
    if (message) expect(error.error.fields?.[field]).toBe(message)
  })

  it('lets a sub admin read the list; answers 401 without a token', async () => {
    const t = await testApp()
    await someSites(t)
    expect((await listOf(t, '', 'subAdmin')).total).toBe(4)
    await errorOf(await t.get(LIST), 401)
  })
})

describe('GET /admin/site/:id', () => {
  it('returns every field, with the name of its city', async () => {
    const t = await testApp()
    const town = await oneCity(t, 'Sydney')
    // The fields the details answer as they were stored.
    const stored = {
      name: 'Sirius Cove',
      description: 'Harbour beach',
      address: 'Mosman NSW',
      latitude: -33.8384,
      longitude: 151.2391,
      images: ['https://img.test/a.png', 'https://img.test/b.png'],
      status: 2 as const,
    }
    const [site] = await addSites(t, town.id, [{ ...stored, createdAt: minutesAgo(t, 60), updatedAt: minutesAgo(t, 30) }])
    const body = await okBody(await t.get(`${WRITE}/${site!.id}`, { token: await tokenOf(t, 'subAdmin') }), siteDetails)
    expect(body.message).toBe(SITE_MSG.fetched)
    expect(body.data).toEqual({
      _id: site!.id,
      cityId: town.id,
      cityName: 'Sydney',
      ...stored,
      createdAt: minutesAgo(t, 60).toISOString(),
      updatedAt: minutesAgo(t, 30).toISOString(),
      version: 1,
    })
  })

  it('answers 404 for an unknown id (a city id too), 400 for one that is not a UUID, 401 without a token', async () => {
    const t = await testApp()
    const town = await oneCity(t)
    const [site] = await addSites(t, town.id, [{}])
    const token = await tokenOf(t)
    expect((await errorOf(await t.get(`${WRITE}/${UNKNOWN_ID}`, { token }), 404)).message).toBe(SITE_MSG.notFound)
    expect((await errorOf(await t.get(`${WRITE}/${town.id}`, { token }), 404)).message).toBe(SITE_MSG.notFound)
    expect((await errorOf(await t.get(`${WRITE}/not-an-id`, { token }), 400)).error.fields).toEqual({ id: API_MSG.invalidId })
    await errorOf(await t.get(`${WRITE}/${site!.id}`), 401)
  })
})

describe('POST /admin/site', () => {
  it('adds the site with trimmed values and answers 201 with its details', async () => {
    const t = await testApp()
    const town = await oneCity(t, 'Sydney')
    const [a, b] = siteUrls(2)
    const res = await t.post(
      WRITE,
      createBody(town.id, { name: '  Sirius Cove ', description: ' Harbour beach ', address: ' Mosman NSW ', images: [` ${a} `, b, a] }),
      { token: await tokenOf(t) },
    )
    const body = await okBody(res, siteDetails, 201)
    expect(body.message).toBe(SITE_MSG.created)
    expect(body.data).toEqual({
      _id: expect.any(String),
      cityId: town.id,
      cityName: 'Sydney',
      name: 'Sirius Cove',
      description: 'Harbour beach',
      address: 'Mosman NSW',
      latitude: -33.8384,
      longitude: 151.2391,
      images: [a, b],
      status: 1,
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
      version: 1,
    })
    const token = await tokenOf(t)
    expect((await okBody(await t.get(`${WRITE}/${body.data._id}`, { token }), siteDetails)).data).toEqual(body.data)
    expect((await listOf(t, `?cityId=${town.id}`)).data.map((s) => s._id)).toEqual([body.data._id])
    expect((await okBody(await t.get(`/admin/city/${town.id}`, { token }), city)).data.siteCount).toBe(1)
  })

  it('accepts the file address that POST /common/upload gave for the site folder', async () => {
    const t = await testApp()
    const town = await oneCity(t)
    const token = await tokenOf(t)
    const signed = await okBody(
      await t.post('/common/upload', [{ fileName: 'beach.webp', mimeType: 'image/webp', folderType: 'site' }], { token }),
      uploadResult,
    )
    const fileUrl = signed.data[0]!.fileUrl
    const { data } = await okBody(await t.post(WRITE, createBody(town.id, { images: [fileUrl] }), { token }), siteDetails, 201)
    expect(data.images).toEqual([fileUrl])
  })

  it('refuses an upload of the place folder, a foreign address and a JPG-looking GIF, and stores nothing', async () => {
    const t = await testApp()
    const town = await oneCity(t)
    const token = await tokenOf(t)
    const gif = uploadedUrl('site').replace(/\.png$/, '.gif')
    const res = await t.post(WRITE, createBody(town.id, { images: [uploadedUrl('site'), uploadedUrl('place'), FOREIGN, gif] }), { token })
    const error = await errorOf(res, 400)
    expect(error.message).toBe(NOT_OURS)
    expect(error.error.fields).toEqual({ 'images.1': NOT_OURS, 'images.2': NOT_OURS, 'images.3': NOT_OURS })
    expect((await listOf(t)).total).toBe(0)
  })

  it('answers 404 for a city that does not exist, and stores nothing', async () => {
    const t = await testApp()
    const error = await errorOf(await t.post(WRITE, createBody(UNKNOWN_ID), { token: await tokenOf(t) }), 404)
    expect(error.message).toBe(CITY_MSG.notFound)
    expect((await listOf(t)).total).toBe(0)
  })

  it('counts sites added at once exactly', async () => {
    const t = await testApp()
    const town = await oneCity(t)
    const token = await tokenOf(t, 'subAdmin')
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => t.post(WRITE, createBody(town.id, { name: `Site ${i}` }), { token })))
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(201))
    expect((await okBody(await t.get(`/admin/city/${town.id}`, { token }), city)).data.siteCount).toBe(6)
    expect((await listOf(t, `?cityId=${town.id}`)).total).toBe(6)
  })

  it('lets a sub admin add a site', async () => {
    const t = await testApp()
    const town = await oneCity(t)
    await okBody(await t.post(WRITE, createBody(town.id), { token: await tokenOf(t, 'subAdmin') }), siteDetails, 201)
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    const town = await oneCity(t)
    await errorOf(await t.post(WRITE, createBody(town.id)), 401)
  })

  it.each([
    ['an empty name', { name: '   ' }, 'name', SITE_FIELD_MSG.name],
    ['a one-letter name', { name: 'A' }, 'name', 'Should be minimum of 2 characters'],
    ['a name of 101 characters', { name: 'n'.repeat(101) }, 'name', 'Should be maximum of 100 characters'],
    ['an empty address', { address: '' }, 'address', SITE_FIELD_MSG.address],
    ['an address of 501 characters', { address: 'a'.repeat(501) }, 'address', 'Should be maximum of 500 characters'],
    ['an empty description', { description: '' }, 'description', MSG.required],
    ['a one-letter description', { description: 'd' }, 'description', 'Should be minimum of 2 characters'],
    ['a description of 501 characters', { description: 'd'.repeat(501) }, 'description', 'Should be maximum of 500 characters'],
    ['latitude -1 (no coordinate)', { latitude: -1 }, 'latitude', MSG.latitude],
    ['longitude -1 (no coordinate)', { longitude: -1 }, 'longitude', MSG.longitude],
    ['latitude 91', { latitude: 91 }, 'latitude', MSG.latitude],
    ['no longitude', { longitude: undefined }, 'longitude', MSG.longitude],
    ['a latitude given as text', { latitude: '12.5' }, 'latitude', MSG.latitude],
    ['no images', { images: [] }, 'images', MSG.imagesMin],
    [`${IMAGES_MAX + 1} images`, { images: siteUrls(IMAGES_MAX + 1) }, 'images', MSG.imagesMax],
    ['no city', { cityId: undefined }, 'cityId', SITE_FIELD_MSG.city],
    ['a city id that is not a UUID', { cityId: 'sydney' }, 'cityId', SITE_FIELD_MSG.city],
    ['a status', { status: 2 }, 'status', 'This field is not allowed'],
    ['previous images', { previousImages: [] }, 'previousImages', 'This field is not allowed'],
  ])('refuses %s with 400 and its message', async (_what, overrides, field, message) => {
    const t = await testApp()
    const town = await oneCity(t)
    const error = await errorOf(await t.post(WRITE, createBody(town.id, overrides), { token: await tokenOf(t) }), 400)
    expect(error.message).toBe(message)
    expect(error.error.fields).toEqual({ [field]: message })
    expect((await listOf(t)).total).toBe(0)
  })

  it(`accepts ${IMAGES_MAX} images`, async () => {
    const t = await testApp()
    const town = await oneCity(t)
    const images = siteUrls(IMAGES_MAX)
    const { data } = await okBody(await t.post(WRITE, createBody(town.id, { images }), { token: await tokenOf(t) }), siteDetails, 201)
    expect(data.images).toEqual(images)
  })

  it('refuses an image address that is not http(s)', async () => {
    const t = await testApp()
    const town = await oneCity(t)
    const error = await errorOf(await t.post(WRITE, createBody(town.id, { images: ['javascript:alert(1)'] }), { token: await tokenOf(t) }), 400)
    expect(Object.keys(error.error.fields ?? {})).toEqual(['images.0'])
  })
})

describe('PUT /admin/site/:id', () => {
  /** A stored site with these images (stored from anywhere, like the demo data's). */
  const siteWith = async (t: TestApp, images: string[]) => {
    const town = await oneCity(t, 'Sydney')
    const [site] = await addSites(t, town.id, [{ images }])
    return site!
  }
  const edit = async (t: TestApp, id: string, body: Record<string, unknown>, who: 'admin' | 'subAdmin' = 'admin') =>
    t.put(`${WRITE}/${id}`, body, { token: await tokenOf(t, who) })
  const stored = async (t: TestApp, id: string) => (await okBody(await t.get(`${WRITE}/${id}`, { token: await tokenOf(t) }), siteDetails)).data

  it('saves the fields, keeps the previous images it is sent and appends the new ones', async () => {
    const t = await testApp()
    const site = await siteWith(t, ['https://img.test/a.png', 'https://img.test/b.png', 'https://img.test/c.png'])
    t.clock.advance(60_000)
    const [added] = siteUrls(1)
    const res = await edit(t, site.id, editBody({ name: ' New Name ', previousImages: ['https://img.test/c.png', 'https://img.test/a.png'], images: [added] }))
    const body = await okBody(res, siteDetails)
    expect(body.message).toBe(SITE_MSG.updated)
    expect(body.data).toMatchObject({
      _id: site.id,
      cityId: site.cityId,
      cityName: 'Sydney',
      name: 'New Name',
      description: 'Off leash at set times',
      images: ['https://img.test/c.png', 'https://img.test/a.png', added],
      status: 1,
      createdAt: site.createdAt.toISOString(),
      updatedAt: t.clock.now().toISOString(),
    })
    expect(await stored(t, site.id)).toEqual(body.data)
  })

  it('lets a sub admin edit a site', async () => {
    const t = await testApp()
    const site = await siteWith(t, siteUrls(1))
    expect((await okBody(await edit(t, site.id, editBody({ previousImages: site.images }), 'subAdmin'), siteDetails)).data.name).toBe('Sirius Cove')
  })

  it('refuses an edit that keeps no image and adds none', async () => {
    const t = await testApp()
    const site = await siteWith(t, siteUrls(2))
    const error = await errorOf(await edit(t, site.id, editBody()), 400)
    expect(error.message).toBe(MSG.imagesMin)
    expect(error.error.fields).toEqual({ images: MSG.imagesMin })
    expect((await stored(t, site.id)).images).toEqual(site.images)
  })

  it('drops the stored images that are not sent back', async () => {
    const t = await testApp()
    const site = await siteWith(t, siteUrls(3))
    const body = await okBody(await edit(t, site.id, editBody({ previousImages: [site.images[1]] })), siteDetails)
    expect(body.data.images).toEqual([site.images[1]])
  })

  it('refuses an edit that does not say which previous images to keep', async () => {
    const t = await testApp()
    const site = await siteWith(t, siteUrls(2))
    const { previousImages: _kept, ...body } = editBody({ images: siteUrls(1) })
    const error = await errorOf(await edit(t, site.id, body), 400)
    expect(Object.keys(error.error.fields ?? {})).toEqual(['previousImages'])
  })

  it('refuses a "previous" image the site does not have, and changes nothing', async () => {
    const t = await testApp()
    const site = await siteWith(t, ['https://img.test/a.png'])
    const res = await edit(t, site.id, editBody({ previousImages: ['https://img.test/a.png', uploadedUrl('site'), FOREIGN] }))
    const error = await errorOf(res, 400)
    expect(error.message).toBe(NOT_PREVIOUS)
    expect(error.error.fields).toEqual({ 'previousImages.1': NOT_PREVIOUS, 'previousImages.2': NOT_PREVIOUS })
    expect(await stored(t, site.id)).toMatchObject({ name: site.name, images: ['https://img.test/a.png'] })
  })

  it('refuses a new image that was not uploaded through the panel to the site folder', async () => {
    const t = await testApp()
    const site = await siteWith(t, siteUrls(1))
    const error = await errorOf(await edit(t, site.id, editBody({ previousImages: site.images, images: [FOREIGN, uploadedUrl('profile')] })), 400)
    expect(error.error.fields).toEqual({ 'images.0': NOT_OURS, 'images.1': NOT_OURS })
  })

  it(`refuses more than ${IMAGES_MAX} images in total, and accepts exactly ${IMAGES_MAX}`, async () => {
    const t = await testApp()
    const site = await siteWith(t, siteUrls(15))
    const error = await errorOf(await edit(t, site.id, editBody({ previousImages: site.images, images: siteUrls(6) })), 400)
    expect(error.message).toBe(MSG.imagesMax)
    expect(error.error.fields).toEqual({ images: MSG.imagesMax })
    expect((await stored(t, site.id)).images).toHaveLength(15)
    const body = await okBody(await edit(t, site.id, editBody({ previousImages: site.images, images: siteUrls(5) })), siteDetails)
    expect(body.data.images).toHaveLength(IMAGES_MAX)
  })

  it('refuses the field messages of the add form, and a move to another city', async () => {
    const t = await testApp()
    const site = await siteWith(t, siteUrls(1))
    const error = await errorOf(await edit(t, site.id, editBody({ previousImages: site.images, name: '', address: '', latitude: -1, longitude: -1 })), 400)
    expect(error.error.fields).toEqual({ name: SITE_FIELD_MSG.name, address: SITE_FIELD_MSG.address, latitude: MSG.latitude, longitude: MSG.longitude })
    const [other] = await addCities(t, [{ name: 'Perth' }])
    const moved = await errorOf(await edit(t, site.id, editBody({ previousImages: site.images, cityId: other!.id })), 400)
    expect(moved.error.fields).toEqual({ cityId: 'This field is not allowed' })
  })

  it('answers 404 for an unknown id, 400 for one that is not a UUID, 401 without a token', async () => {
    const t = await testApp()
    const site = await siteWith(t, siteUrls(1))
    const body = editBody({ images: siteUrls(1) })
    expect((await errorOf(await edit(t, UNKNOWN_ID, body), 404)).message).toBe(SITE_MSG.notFound)
    expect((await errorOf(await edit(t, 'site-1', body), 400)).error.fields).toEqual({ id: API_MSG.invalidId })
    await errorOf(await t.put(`${WRITE}/${site.id}`, body), 401)
  })
})

describe('PATCH /admin/site/status/:id', () => {
  it('toggles the status both ways with an empty body, for a sub admin too', async () => {
    const t = await testApp()
    const town = await oneCity(t)
    const [site] = await addSites(t, town.id, [{ status: 1 }])
    const token = await tokenOf(t, 'subAdmin')

    const off = await okBody(await bare(t, 'PATCH', `${WRITE}/status/${site!.id}`, token), siteListItem)
    expect(off.message).toBe(SITE_MSG.statusUpdated)
    expect(off.data).toMatchObject({ _id: site!.id, cityId: town.id, status: 2 })
    expect((await listOf(t, `?cityId=${town.id}&filter=2`)).data.map((s) => s._id)).toEqual([site!.id])
    expect((await listOf(t, `?cityId=${town.id}&filter=1`)).total).toBe(0)
    expect((await okBody(await t.get(`${WRITE}/${site!.id}`, { token }), siteDetails)).data.status).toBe(2)

    const on = await okBody(await bare(t, 'PATCH', `${WRITE}/status/${site!.id}`, token), siteListItem)
    expect(on.data.status).toBe(1)
    expect((await listOf(t, `?cityId=${town.id}&filter=1`)).total).toBe(1)
  })

  it('answers 404 for an unknown id, 400 for one that is not a UUID, 401 without a token', async () => {
    const t = await testApp()
    const town = await oneCity(t)
    const [site] = await addSites(t, town.id, [{}])
    const token = await tokenOf(t)
    expect((await errorOf(await bare(t, 'PATCH', `${WRITE}/status/${UNKNOWN_ID}`, token), 404)).message).toBe(SITE_MSG.notFound)
    expect((await errorOf(await bare(t, 'PATCH', `${WRITE}/status/1`, token), 400)).error.fields).toEqual({ id: API_MSG.invalidId })
    await errorOf(await bare(t, 'PATCH', `${WRITE}/status/${site!.id}`), 401)
  })
})

describe('DELETE /admin/site/:id', () => {
  it('deletes for an admin, lowers the city count, then answers 404 for it', async () => {
    const t = await testApp()
    const town = await oneCity(t)
    const [site] = await addSites(t, town.id, [{}, {}])
    const token = await tokenOf(t)
    const body = await okBody(await bare(t, 'DELETE', `${WRITE}/${site!.id}`, token), nothing)
    expect(body.message).toBe(SITE_MSG.deleted)
    expect((await errorOf(await t.get(`${WRITE}/${site!.id}`, { token }), 404)).message).toBe(SITE_MSG.notFound)
    expect((await errorOf(await bare(t, 'DELETE', `${WRITE}/${site!.id}`, token), 404)).message).toBe(SITE_MSG.notFound)
    expect((await listOf(t, `?cityId=${town.id}`)).total).toBe(1)
    expect((await okBody(await t.get(`/admin/city/${town.id}`, { token }), city)).data.siteCount).toBe(1)
  })

  it('refuses a sub admin with 403 on a site and on its city, and deletes nothing', async () => {
    const t = await testApp()
    const town = await oneCity(t)
    const [site] = await addSites(t, town.id, [{}])
    const token = await tokenOf(t, 'subAdmin')
    expect((await errorOf(await bare(t, 'DELETE', `${WRITE}/${site!.id}`, token), 403)).error.code).toBe('FORBIDDEN')
    expect((await errorOf(await bare(t, 'DELETE', `/admin/city/${town.id}`, token), 403)).error.code).toBe('FORBIDDEN')
    await okBody(await t.get(`${WRITE}/${site!.id}`, { token }), siteDetails)
    expect((await okBody(await t.get(`/admin/city/${town.id}`, { token }), city)).data).toMatchObject({ siteCount: 1 })
  })

  it('answers 400 for an id that is not a UUID and 401 without a token', async () => {
    const t = await testApp()
    const town = await oneCity(t)
    const [site] = await addSites(t, town.id, [{}])
    expect((await errorOf(await bare(t, 'DELETE', `${WRITE}/x`, await tokenOf(t)), 400)).error.fields).toEqual({ id: API_MSG.invalidId })
    await errorOf(await bare(t, 'DELETE', `${WRITE}/${site!.id}`), 401)
  })

  it('lets the last delete free the city for its own delete', async () => {
    const t = await testApp()
    const town = await oneCity(t)
    const [site] = await addSites(t, town.id, [{}])
    const token = await tokenOf(t)
    expect((await errorOf(await bare(t, 'DELETE', `/admin/city/${town.id}`, token), 409)).message).toBe(CITY_MSG.hasSites)
    await okBody(await bare(t, 'DELETE', `${WRITE}/${site!.id}`, token), nothing)
    await okBody(await bare(t, 'DELETE', `/admin/city/${town.id}`, token), nothing)
  })
})
