import { API_MSG, placeDetails, placeListItem } from '../../contract'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { addPlaces, minutesAgo, tokenOf, UNKNOWN_ID, uploadedUrl } from './helpers/fixtures'
import { PLACE_KINDS } from './helpers/place-kinds'
import { nothing, testApp, type TestApp } from './helpers/test-app'

/** A call with no body at all, as the SPA sends its status toggle and delete. */
const bare = (t: TestApp, method: string, path: string, token?: string) =>
  t.app.request(`/api/v1${path}`, { method, headers: token ? { Authorization: `Bearer ${token}` } : {} })

describe.each(PLACE_KINDS)('$list', (k) => {
  const someOf = (t: TestApp) =>
    addPlaces(t, k.kind, [
      { name: 'Happy Paws', address: '1 Market Street, San Francisco', status: 1, createdAt: minutesAgo(t, 1) },
      { name: 'Bark_Avenue', address: '10 Downing Street, London', status: 2, createdAt: minutesAgo(t, 2) },
      { name: 'BarkXAvenue', address: 'MG Road, Bengaluru', status: 1, createdAt: minutesAgo(t, 3) },
    ])

  it('lists only its own kind, with the list fields', async () => {
    const t = await testApp()
    const [place] = await addPlaces(t, k.kind, [{ name: 'Happy Paws', address: '1 Market Street', createdAt: minutesAgo(t, 1) }])
    await addPlaces(t, k.otherKind, [{ name: 'Elsewhere' }])
    const body = await listBody(await t.get(k.list, { token: await tokenOf(t) }), placeListItem)
    expect(body.message).toBe(k.listed)
    expect(body.data).toEqual([
      { _id: place!.id, name: 'Happy Paws', address: '1 Market Street', status: 1, draft: false, createdAt: minutesAgo(t, 1).toISOString() },
    ])
  })

  it.each([
    ['name', 'HAPPY', ['Happy Paws']],
    ['address', 'london', ['Bark_Avenue']],
    ['name, with _ taken literally', 'k_a', ['Bark_Avenue']],
  ])('finds places by part of the %s, whatever the case', async (_what, search, expected) => {
    const t = await testApp()
    await someOf(t)
    const body = await listBody(await t.get(`${k.list}?search=${search}`, { token: await tokenOf(t) }), placeListItem)
    expect(body.data.map((p) => p.name)).toEqual(expected)
  })

  it('filters by status', async () => {
    const t = await testApp()
    await someOf(t)
    const token = await tokenOf(t)
    expect((await listBody(await t.get(`${k.list}?filter=2`, { token }), placeListItem)).data.map((p) => p.name)).toEqual(['Bark_Avenue'])
    expect((await listBody(await t.get(`${k.list}?filter=1&search=bark`, { token }), placeListItem)).data.map((p) => p.name)).toEqual([
      'BarkXAvenue',
    ])
  })

  it('returns the details of one', async () => {
    const t = await testApp()
    const [place] = await addPlaces(t, k.kind, [
      {
        name: 'Happy Paws',
        description: 'Food and toys',
        discountTitle: '10% off',
        discountDescription: 'For members',
        address: '1 Market Street',
        latitude: 37.79,
        longitude: -122.39,
        logo: 'https://img.test/logo.png',
        images: ['https://img.test/a.png', 'https://img.test/b.png'],
        createdAt: minutesAgo(t, 60),
        updatedAt: minutesAgo(t, 30),
      },
    ])
    const body = await okBody(await t.get(`${k.detail}/${place!.id}`, { token: await tokenOf(t, 'subAdmin') }), placeDetails)
    expect(body.message).toBe(k.fetched)
    expect(body.data).toEqual({
      _id: place!.id,
      name: 'Happy Paws',
      description: 'Food and toys',
      discount_title: '10% off',
      discount_description: 'For members',
      address: '1 Market Street',
      latitude: 37.79,
      longitude: -122.39,
      logo: 'https://img.test/logo.png',
      images: ['https://img.test/a.png', 'https://img.test/b.png'],
      status: 1,
      draft: false,
      createdAt: minutesAgo(t, 60).toISOString(),
      updatedAt: minutesAgo(t, 30).toISOString(),
      partnerId: null,
      owner: null,
      version: 1,
    })
  })

  it('answers 404 for the id of the other kind of place', async () => {
    const t = await testApp()
    const [other] = await addPlaces(t, k.otherKind, [{}])
    const token = await tokenOf(t)
    expect((await errorOf(await t.get(`${k.detail}/${other!.id}`, { token }), 404)).message).toBe(k.notFound)
    await errorOf(await bare(t, 'PATCH', `${k.write}/${other!.id}`, token), 404)
    await errorOf(await bare(t, 'DELETE', `${k.write}/${other!.id}`, token), 404)
  })

  it('answers 404 for an unknown id', async () => {
    const t = await testApp()
    expect((await errorOf(await t.get(`${k.detail}/${UNKNOWN_ID}`, { token: await tokenOf(t) }), 404)).message).toBe(k.notFound)
  })

  it('returns the same details with the id as a query parameter, and refuses as the path form does', async () => {
    const t = await testApp()
    const [place, other] = [...(await addPlaces(t, k.kind, [{ name: 'Happy Paws' }])), ...(await addPlaces(t, k.otherKind, [{}]))]
    const token = await tokenOf(t, 'subAdmin')
    const byPath = await okBody(await t.get(`${k.detail}/${place!.id}`, { token }), placeDetails)
    const byQuery = await okBody(await t.get(`${k.detail}?id=${place!.id}`, { token }), placeDetails)
    expect(byQuery).toEqual(byPath)
    expect((await errorOf(await t.get(`${k.detail}?id=${other!.id}`, { token }), 404)).message).toBe(k.notFound)
    expect((await errorOf(await t.get(`${k.detail}?id=not-an-id`, { token }), 400)).error.fields).toEqual({ id: API_MSG.invalidId })
    expect((await errorOf(await t.get(k.detail, { token }), 400)).error.fields).toHaveProperty('id')
    await errorOf(await t.get(`${k.detail}?id=${place!.id}`), 401)
  })

  it('answers 400 for an id that is not a UUID', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    expect((await errorOf(await t.get(`${k.detail}/not-an-id`, { token }), 400)).error.fields).toEqual({ id: API_MSG.invalidId })
    expect((await errorOf(await bare(t, 'PATCH', `${k.write}/1`, token), 400)).error.fields).toEqual({ id: API_MSG.invalidId })
  })

  it('toggles the status both ways with an empty body, as the list and details show at once', async () => {
    const t = await testApp()
    const [place] = await addPlaces(t, k.kind, [{ status: 1, images: [uploadedUrl()] }])
    const token = await tokenOf(t, 'subAdmin')

    const off = await okBody(await bare(t, 'PATCH', `${k.write}/${place!.id}`, token), placeListItem)
    expect(off.message).toBe(k.toggled)
    expect(off.data).toMatchObject({ _id: place!.id, status: 2 })
    expect((await listBody(await t.get(`${k.list}?filter=2`, { token }), placeListItem)).data.map((p) => p._id)).toEqual([place!.id])
    expect((await okBody(await t.get(`${k.detail}/${place!.id}`, { token }), placeDetails)).data.status).toBe(2)

    const on = await okBody(await bare(t, 'PATCH', `${k.write}/${place!.id}`, token), placeListItem)
    expect(on.data.status).toBe(1)
    expect((await listBody(await t.get(k.list, { token }), placeListItem)).data[0]?.status).toBe(1)
    expect((await okBody(await t.get(`${k.detail}/${place!.id}`, { token }), placeDetails)).data.status).toBe(1)
  })

  it('deactivates a place without an image, but activates it only with one, as the create form requires (409)', async () => {
    const t = await testApp()
    const [place] = await addPlaces(t, k.kind, [{ status: 1, images: [] }])
    const token = await tokenOf(t, 'subAdmin')
    expect((await okBody(await bare(t, 'PATCH', `${k.write}/${place!.id}`, token), placeListItem)).data.status).toBe(2)

    expect((await errorOf(await bare(t, 'PATCH', `${k.write}/${place!.id}`, token), 409)).message).toBe(k.noImage)
    expect((await okBody(await t.get(`${k.detail}/${place!.id}`, { token }), placeDetails)).data.status).toBe(2)
  })

  it('answers 401 to a status toggle without a token', async () => {
    const t = await testApp()
    const [place] = await addPlaces(t, k.kind, [{}])
    await errorOf(await bare(t, 'PATCH', `${k.write}/${place!.id}`), 401)
  })

  it('refuses a delete by a sub admin with 403 and keeps the place', async () => {
    const t = await testApp()
    const [place] = await addPlaces(t, k.kind, [{}])
    const token = await tokenOf(t, 'subAdmin')
    expect((await errorOf(await bare(t, 'DELETE', `${k.write}/${place!.id}`, token), 403)).error.code).toBe('FORBIDDEN')
    await okBody(await t.get(`${k.detail}/${place!.id}`, { token }), placeDetails)
  })

  it('deletes for an admin, then answers 404 for it', async () => {
    const t = await testApp()
    const [place] = await addPlaces(t, k.kind, [{}])
    const token = await tokenOf(t, 'admin')
    const body = await okBody(await bare(t, 'DELETE', `${k.write}/${place!.id}`, token), nothing)
    expect(body.message).toBe(k.deleted)
    await errorOf(await t.get(`${k.detail}/${place!.id}`, { token }), 404)
    await errorOf(await bare(t, 'DELETE', `${k.write}/${place!.id}`, token), 404)
    expect((await listBody(await t.get(k.list, { token }), placeListItem)).total).toBe(0)
  })
})
