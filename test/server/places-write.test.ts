import { randomUUID } from 'node:crypto'
import { API_MSG, IMAGE_EDIT_MSG, IMAGES_MAX, MSG, PLACE_MSG, placeDetails, placeListItem, uploadResult } from '../../contract'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { addPlaces, tokenOf, UNKNOWN_ID, uploadedUrl } from './helpers/fixtures'
import { PLACE_KINDS } from './helpers/place-kinds'
import { testApp, type TestApp } from './helpers/test-app'

const FOREIGN = 'https://img.test/photo.png'
const NOT_OURS = 'Please upload the image through the panel'
const NOT_PREVIOUS = 'This image is not one of the current images'

/** A body the create call accepts. */
const createBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Happy Paws',
  description: 'Food, toys and grooming',
  discount_title: '10% off',
  discount_description: 'For members',
  address: '1 Market Street, San Francisco',
  latitude: 37.79,
  longitude: -122.39,
  images: [uploadedUrl()],
  ...overrides,
})

/** The text fields of an edit of a place as added (version 1), keeping no previous image; images are added per test. */
const editBody = (overrides: Record<string, unknown> = {}) => {
  const { images: _images, ...text } = createBody()
  return { ...text, name: 'Happy Paws Two', previousImages: [], version: 1, ...overrides }
}

const urls = (n: number) => Array.from({ length: n }, () => uploadedUrl())

describe.each(PLACE_KINDS)('POST $write', (k) => {
  it('adds the place with trimmed values and answers 201 with its details', async () => {
    const t = await testApp()
    const [a, b, logo] = urls(3)
    const res = await t.post(
      k.write,
      createBody({
        name: '  Happy Paws  ',
        description: ' Food and toys ',
        discount_title: ' 10% off ',
        discount_description: ' For members ',
        address: ' 1 Market Street ',
        images: [` ${a} `, b],
        logo,
      }),
      { token: await tokenOf(t) },
    )
    const body = await okBody(res, placeDetails, 201)
    expect(body.message).toBe(k.added)
    expect(body.data).toEqual({
      _id: expect.any(String),
      name: 'Happy Paws',
      description: 'Food and toys',
      discount_title: '10% off',
      discount_description: 'For members',
      address: '1 Market Street',
      latitude: 37.79,
      longitude: -122.39,
      logo,
      images: [a, b],
      status: 1,
      draft: false,
      createdAt: t.clock.now().toISOString(),
      updatedAt: t.clock.now().toISOString(),
      partnerId: null,
      owner: null,
      version: 1,
    })
  })

  it('stores empty discount fields and a missing logo as null', async () => {
    const t = await testApp()
    const res = await t.post(k.write, createBody({ discount_title: '  ', discount_description: '' }), { token: await tokenOf(t) })
    const { data } = await okBody(res, placeDetails, 201)
    expect(data).toMatchObject({ discount_title: null, discount_description: null, logo: null })
  })

  it('shows the added place in the list and in its details', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const { data: added } = await okBody(await t.post(k.write, createBody(), { token }), placeDetails, 201)
    const list = await listBody(await t.get(k.list, { token }), placeListItem)
    expect(list.data).toEqual([
      { _id: added._id, name: 'Happy Paws', address: '1 Market Street, San Francisco', status: 1, draft: false, createdAt: added.createdAt },
    ])
    expect((await okBody(await t.get(`${k.detail}/${added._id}`, { token }), placeDetails)).data).toEqual(added)
  })

  it('accepts the file address that POST /common/upload gave', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const signed = await okBody(
      await t.post('/common/upload', [{ fileName: 'shop.png', mimeType: 'image/png', folderType: 'place' }], { token }),
      uploadResult,
    )
    const fileUrl = signed.data[0]!.fileUrl
    const { data } = await okBody(await t.post(k.write, createBody({ images: [fileUrl], logo: fileUrl }), { token }), placeDetails, 201)
    expect(data.images).toEqual([fileUrl])
  })

  it('lets a sub admin add a place', async () => {
    const t = await testApp()
    await okBody(await t.post(k.write, createBody(), { token: await tokenOf(t, 'subAdmin') }), placeDetails, 201)
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    await errorOf(await t.post(k.write, createBody()), 401)
  })

  it.each([
    ['an empty name', { name: '   ' }, 'name', PLACE_MSG[k.kind].name],
    ['a one-letter name', { name: 'A' }, 'name', 'Should be minimum of 2 characters'],
    ['a name of 101 characters', { name: 'n'.repeat(101) }, 'name', 'Should be maximum of 100 characters'],
    ['an empty address', { address: '' }, 'address', PLACE_MSG[k.kind].address],
    ['an address of 501 characters', { address: 'a'.repeat(501) }, 'address', 'Should be maximum of 500 characters'],
    ['an empty description', { description: '' }, 'description', MSG.required],
    ['a description of 501 characters', { description: 'd'.repeat(501) }, 'description', 'Should be maximum of 500 characters'],
    ['a one-letter discount title', { discount_title: 'x' }, 'discount_title', 'Should be minimum of 2 characters'],
    ['a discount title of 101 characters', { discount_title: 't'.repeat(101) }, 'discount_title', 'Should be maximum of 100 characters'],
    ['a discount description of 101 characters', { discount_description: 'd'.repeat(101) }, 'discount_description', 'Should be maximum of 100 characters'],
    ['latitude -1 (no coordinate)', { latitude: -1 }, 'latitude', MSG.latitude],
    ['longitude -1 (no coordinate)', { longitude: -1 }, 'longitude', MSG.longitude],
    ['no latitude', { latitude: undefined }, 'latitude', MSG.latitude],
    ['no images', { images: [] }, 'images', MSG.imagesMin],
    [`${IMAGES_MAX + 1} images`, { images: urls(IMAGES_MAX + 1) }, 'images', MSG.imagesMax],
  ])('refuses %s with 400 and its message', async (_what, overrides, field, message) => {
    const t = await testApp()
    const token = await tokenOf(t)
    const error = await errorOf(await t.post(k.write, createBody(overrides), { token }), 400)
    expect(error.message).toBe(message)
    expect(error.error.fields).toEqual({ [field]: message })
    expect((await listBody(await t.get(k.list, { token }), placeListItem)).total).toBe(0)
  })

  it('accepts 20 images', async () => {
    const t = await testApp()
    const images = urls(IMAGES_MAX)
    const { data } = await okBody(await t.post(k.write, createBody({ images }), { token: await tokenOf(t) }), placeDetails, 201)
    expect(data.images).toEqual(images)
  })

  it('refuses a field it does not know with 400', async () => {
    const t = await testApp()
    const error = await errorOf(await t.post(k.write, createBody({ status: 2, previousImages: [] }), { token: await tokenOf(t) }), 400)
    expect(error.error.fields).toEqual({ status: 'This field is not allowed', previousImages: 'This field is not allowed' })
  })

  it('refuses images and a logo that were not uploaded through the panel, and stores nothing', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const res = await t.post(k.write, createBody({ images: [uploadedUrl(), FOREIGN], logo: 'https://cdn.example/logo.png' }), { token })
    const error = await errorOf(res, 400)
    expect(error.message).toBe(NOT_OURS)
    expect(error.error.fields).toEqual({ 'images.1': NOT_OURS, logo: NOT_OURS })
    expect((await listBody(await t.get(k.list, { token }), placeListItem)).total).toBe(0)
  })

  it('refuses an image address that is neither http(s) nor an uploaded file’s path', async () => {
    const t = await testApp()
    for (const image of ['javascript:alert(1)', '//evil.example/uploads/place/a.png', '/uploads/../x.png', '/elsewhere/a.png']) {
      const error = await errorOf(await t.post(k.write, createBody({ images: [image] }), { token: await tokenOf(t) }), 400)
      expect(error.error.fields, image).toEqual({ 'images.0': MSG.imageUrl })
    }
  })

  it('refuses an absolute address of its own files by a host name: stored addresses are /uploads/ paths', async () => {
    const t = await testApp()
    const image = `http://localhost/uploads/place/2026/11/${randomUUID()}.png`
    const error = await errorOf(await t.post(k.write, createBody({ images: [image] }), { token: await tokenOf(t) }), 400)
    expect(error.error.fields).toEqual({ 'images.0': IMAGE_EDIT_MSG.notOurs })
  })
})

describe.each(PLACE_KINDS)('PUT $write/:id', (k) => {
  /** A stored place with these images (stored from anywhere, like the demo data's) and logo. */
  const placeWith = async (t: TestApp, images: string[], logo: string | null = null) => {
    const [place] = await addPlaces(t, k.kind, [{ images, logo }])
    return place!
  }
  const edit = async (t: TestApp, id: string, body: Record<string, unknown>, who: 'admin' | 'subAdmin' = 'admin') =>
    t.put(`${k.write}/${id}`, body, { token: await tokenOf(t, who) })
  const stored = async (t: TestApp, id: string) =>
    (await okBody(await t.get(`${k.detail}/${id}`, { token: await tokenOf(t) }), placeDetails)).data

  it('saves the fields, keeps the previous images it is sent and appends the new ones', async () => {
    const t = await testApp()
    const place = await placeWith(t, ['https://img.test/a.png', 'https://img.test/b.png', 'https://img.test/c.png'])
    t.clock.advance(60_000)
    const [added] = urls(1)
    const res = await edit(
      t,
      place.id,
      editBody({ name: ' New Name ', discount_title: '', previousImages: ['https://img.test/c.png', 'https://img.test/a.png'], images: [added] }),
    )
    const body = await okBody(res, placeDetails)
    expect(body.message).toBe(k.updated)
    expect(body.data).toMatchObject({
      _id: place.id,
      name: 'New Name',
      discount_title: null,
      images: ['https://img.test/c.png', 'https://img.test/a.png', added],
      createdAt: place.createdAt.toISOString(),
      updatedAt: t.clock.now().toISOString(),
    })
    expect(await stored(t, place.id)).toEqual(body.data)
  })

  it('lets a sub admin edit a place', async () => {
    const t = await testApp()
    const place = await placeWith(t, [uploadedUrl()])
    const body = await okBody(await edit(t, place.id, editBody({ previousImages: place.images }), 'subAdmin'), placeDetails)
    expect(body.data.name).toBe('Happy Paws Two')
  })

  it('refuses an edit that does not say which previous images to keep', async () => {
    const t = await testApp()
    const place = await placeWith(t, urls(2))
    const { previousImages: _kept, ...body } = editBody()
    const error = await errorOf(await edit(t, place.id, body), 400)
    expect(Object.keys(error.error.fields ?? {})).toEqual(['previousImages'])
  })

  it('removes every image that is not sent back (an edit needs no image)', async () => {
    const t = await testApp()
    const place = await placeWith(t, urls(3))
    const body = await okBody(await edit(t, place.id, editBody()), placeDetails)
    expect(body.data.images).toEqual([])
  })

  it('refuses a "previous" image the place does not have, and changes nothing', async () => {
    const t = await testApp()
    const place = await placeWith(t, ['https://img.test/a.png'])
    const res = await edit(t, place.id, editBody({ previousImages: ['https://img.test/a.png', uploadedUrl(), FOREIGN] }))
    const error = await errorOf(res, 400)
    expect(error.message).toBe(NOT_PREVIOUS)
    expect(error.error.fields).toEqual({ 'previousImages.1': NOT_PREVIOUS, 'previousImages.2': NOT_PREVIOUS })
    expect(await stored(t, place.id)).toMatchObject({ name: place.name, images: ['https://img.test/a.png'] })
  })

  it('refuses a new image that was not uploaded through the panel', async () => {
    const t = await testApp()
    const place = await placeWith(t, [uploadedUrl()])
    const error = await errorOf(await edit(t, place.id, editBody({ previousImages: place.images, images: [FOREIGN] })), 400)
    expect(error.error.fields).toEqual({ 'images.0': NOT_OURS })
  })

  it(`refuses more than ${IMAGES_MAX} images in total`, async () => {
    const t = await testApp()
    const place = await placeWith(t, urls(15))
    const error = await errorOf(await edit(t, place.id, editBody({ previousImages: place.images, images: urls(6) })), 400)
    expect(error.message).toBe(MSG.imagesMax)
    expect(error.error.fields).toEqual({ images: MSG.imagesMax })
    expect((await stored(t, place.id)).images).toHaveLength(15)
  })

  it(`accepts exactly ${IMAGES_MAX} images in total`, async () => {
    const t = await testApp()
    const place = await placeWith(t, urls(15))
    const body = await okBody(await edit(t, place.id, editBody({ previousImages: place.images, images: urls(5) })), placeDetails)
    expect(body.data.images).toHaveLength(IMAGES_MAX)
  })

  it('keeps the logo when it is left out, sets a new upload and removes it with null', async () => {
    const t = await testApp()
    const place = await placeWith(t, [], 'https://img.test/logo.png')
    // Each save raises the version by one; the next edit is made from it.
    expect((await okBody(await edit(t, place.id, editBody()), placeDetails)).data.logo).toBe('https://img.test/logo.png')
    // The current logo may come back unchanged, even one stored from elsewhere.
    expect((await okBody(await edit(t, place.id, editBody({ logo: 'https://img.test/logo.png', version: 2 })), placeDetails)).data.logo).toBe(
      'https://img.test/logo.png',
    )
    const [newLogo] = urls(1)
    expect((await okBody(await edit(t, place.id, editBody({ logo: newLogo, version: 3 })), placeDetails)).data.logo).toBe(newLogo)
    expect((await okBody(await edit(t, place.id, editBody({ logo: null, version: 4 })), placeDetails)).data).toMatchObject({ logo: null, version: 5 })
    expect((await stored(t, place.id)).logo).toBeNull()
  })

  it('refuses a new logo that was not uploaded through the panel', async () => {
    const t = await testApp()
    const place = await placeWith(t, [], uploadedUrl())
    const error = await errorOf(await edit(t, place.id, editBody({ logo: FOREIGN })), 400)
    expect(error.error.fields).toEqual({ logo: NOT_OURS })
    expect((await stored(t, place.id)).logo).toBe(place.logo)
  })

  it('answers 404 for an unknown id and for the id of the other kind of place', async () => {
    const t = await testApp()
    const [other] = await addPlaces(t, k.otherKind, [{ name: 'Elsewhere' }])
    expect((await errorOf(await edit(t, UNKNOWN_ID, editBody()), 404)).message).toBe(k.notFound)
    expect((await errorOf(await edit(t, other!.id, editBody()), 404)).message).toBe(k.notFound)
    expect((await listBody(await t.get(PLACE_KINDS.find((o) => o.kind === k.otherKind)!.list, { token: await tokenOf(t) }), placeListItem)).data[0]?.name).toBe(
      'Elsewhere',
    )
  })

  it('answers 400 for an id that is not a UUID', async () => {
    const t = await testApp()
    expect((await errorOf(await edit(t, 'not-an-id', editBody()), 400)).error.fields).toEqual({ id: API_MSG.invalidId })
  })

  it('refuses the same field messages as the add form, in its wording', async () => {
    const t = await testApp()
    const place = await placeWith(t, [])
    const error = await errorOf(await edit(t, place.id, editBody({ name: '', address: '', latitude: -1 })), 400)
    expect(error.error.fields).toEqual({ name: PLACE_MSG[k.kind].name, address: PLACE_MSG[k.kind].address, latitude: MSG.latitude })
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    const place = await placeWith(t, [])
    await errorOf(await t.put(`${k.write}/${place.id}`, editBody()), 401)
  })
})
