import * as zm from 'zod/mini'
import { eq } from 'drizzle-orm'
import { CONFLICT_MSG, VERSION_MSG, cmsPage, placeDetails, siteDetails } from '../../contract'
import { cmsPages, places, sites } from '../../server/db/schema'
import { errorOf, okBody } from './helpers/bodies'
import { addCities, addPlaces, addSites, tokenOf, UNKNOWN_ID, uploadedUrl } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

/**
 * Edit conflicts (docs/DECISIONS.md, Editing; contract/versions.ts): an edit sends the version it was made from; the
 * server saves only if that is still the stored version, raising it by one, and otherwise answers
 * 409 CONFLICT with CONFLICT_MSG.edited and stores nothing.
 */

/** One editable thing: how to make one, edit it from a version, and read what is stored. */
type Editable = {
  name: string
  /** Adds one at version 1 and says how to reach it. */
  add: (t: TestApp) => Promise<{ path: string; detail: string }>
  /** An edit body whose visible change is `label`. */
  body: (label: string, version?: number) => Record<string, unknown>
  /** The stored label and version. */
  stored: (t: TestApp, path: string) => Promise<{ label: string; version: number }>
  /** The details call's version. */
  detailVersion: (t: TestApp, detail: string) => Promise<number>
}

const placeText = {
  description: 'Food, toys and grooming',
  discount_title: '',
  discount_description: '',
  address: '1 Market Street, San Francisco',
  latitude: 37.79,
  longitude: -122.39,
}

const place = (kind: 'petShop' | 'hospital', singular: string): Editable => ({
  name: kind === 'petShop' ? 'a pet shop' : 'a hospital',
  add: async (t) => {
    const [row] = await addPlaces(t, kind, [{ name: 'Original', images: [] }])
    return { path: `/place/${singular}/${row!.id}`, detail: `/place/admin/${singular}/${row!.id}` }
  },
  body: (label, version) => ({ ...placeText, name: label, previousImages: [], ...(version === undefined ? {} : { version }) }),
  stored: async (t, path) => {
    const [row] = await t.db.select().from(places).where(eq(places.id, path.split('/').pop()!))
    return { label: row!.name, version: row!.version }
  },
  detailVersion: async (t, detail) => (await okBody(await t.get(detail, { token: await tokenOf(t) }), placeDetails)).data.version,
})

const site: Editable = {
  name: 'a site',
  add: async (t) => {
    const [city] = await addCities(t, [{ name: 'Sydney' }])
    const [row] = await addSites(t, city!.id, [{ name: 'Original', images: ['https://img.test/a.png'] }])
    return { path: `/admin/site/${row!.id}`, detail: `/admin/site/${row!.id}` }
  },
  body: (label, version) => ({
    name: label,
    description: 'Off leash at set times',
    address: 'Sirius Cove Road, Mosman NSW 2088',
    latitude: -33.8384,
    longitude: 151.2391,
    previousImages: ['https://img.test/a.png'],
    ...(version === undefined ? {} : { version }),
  }),
  stored: async (t, path) => {
    const [row] = await t.db.select().from(sites).where(eq(sites.id, path.split('/').pop()!))
    return { label: row!.name, version: row!.version }
  },
  detailVersion: async (t, detail) => (await okBody(await t.get(detail, { token: await tokenOf(t) }), siteDetails)).data.version,
}

const cmsPageOf: Editable = {
  name: 'a CMS page',
  add: async (t) => {
    await t.db.insert(cmsPages).values({ type: 2, content: '<p>Original</p>', updatedAt: t.clock.now() })
    return { path: '/admin/cms', detail: '/cms/2' }
  },
  body: (label, version) => ({ type: 2, content: `<p>${label}</p>`, ...(version === undefined ? {} : { version }) }),
  stored: async (t) => {
    const [row] = await t.db.select().from(cmsPages).where(eq(cmsPages.type, 2))
    return { label: row!.content.replace(/<\/?p>/g, ''), version: row!.version }
  },
  detailVersion: async (t, detail) => (await okBody(await t.get(detail), cmsPage)).data.version,
}

const EDITABLES = [place('petShop', 'pet-shop'), place('hospital', 'hospital'), site, cmsPageOf]

describe.each(EDITABLES)('editing $name', (thing) => {
  const put = async (t: TestApp, path: string, body: Record<string, unknown>) => t.put(path, body, { token: await tokenOf(t) })

  it('starts at version 1, which the details give', async () => {
    const t = await testApp()
    const { detail } = await thing.add(t)
    expect(await thing.detailVersion(t, detail)).toBe(1)
  })

  it('saves an edit made from the stored version and raises the version by one', async () => {
    const t = await testApp()
    const { path, detail } = await thing.add(t)
    const res = await put(t, path, thing.body('Edited', 1))
    expect(res.status, await res.clone().text()).toBe(200)
    expect(((await res.json()) as { data: { version: number } }).data.version).toBe(2)
    expect(await thing.stored(t, path)).toEqual({ label: 'Edited', version: 2 })
    expect(await thing.detailVersion(t, detail)).toBe(2)
  })

  it('refuses an edit made from an older version with 409, and stores nothing', async () => {
    const t = await testApp()
    const { path } = await thing.add(t)
    await okBody(await put(t, path, thing.body('Theirs', 1)), zm.union([placeDetails, siteDetails, cmsPage]))
    const error = await errorOf(await put(t, path, thing.body('Mine', 1)), 409)
    expect(error.message).toBe(CONFLICT_MSG.edited)
    expect(error.error).toMatchObject({ code: 'CONFLICT', message: CONFLICT_MSG.edited })
    expect(await thing.stored(t, path)).toEqual({ label: 'Theirs', version: 2 })
  })

  it('refuses a version newer than the stored one with 409 too', async () => {
    const t = await testApp()
    const { path } = await thing.add(t)
    expect((await errorOf(await put(t, path, thing.body('Mine', 7)), 409)).error.code).toBe('CONFLICT')
    expect(await thing.stored(t, path)).toEqual({ label: 'Original', version: 1 })
  })

  it('refuses an edit without a version with 400', async () => {
    const t = await testApp()
    const { path } = await thing.add(t)
    const error = await errorOf(await put(t, path, thing.body('Mine')), 400)
    expect(error.error.fields).toEqual({ version: VERSION_MSG })
    expect(await thing.stored(t, path)).toEqual({ label: 'Original', version: 1 })
  })

  it('lets exactly one of two saves from the same version through', async () => {
    const t = await testApp()
    const { path } = await thing.add(t)
    const [a, b] = await Promise.all([put(t, path, thing.body('First', 1)), put(t, path, thing.body('Second', 1))])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const winner = a.status === 200 ? 'First' : 'Second'
    expect(await thing.stored(t, path)).toEqual({ label: winner, version: 2 })
  })
})

describe.each([
  { name: 'a pet shop', add: (t: TestApp) => addPlaces(t, 'petShop', [{ name: 'Original' }]), toggle: (id: string) => `/place/pet-shop/${id}`, table: places },
  {
    name: 'a site',
    add: async (t: TestApp) => addSites(t, (await addCities(t, [{ name: 'Perth' }]))[0]!.id, [{ name: 'Original' }]),
    toggle: (id: string) => `/admin/site/status/${id}`,
    table: sites,
  },
])('the status toggle of $name', ({ add, toggle, table }) => {
  it('leaves the version alone, so an edit made before it still saves', async () => {
    const t = await testApp()
    const [row] = await add(t)
    const res = await t.call('PATCH', toggle(row!.id), undefined, { token: await tokenOf(t) })
    expect(res.status).toBe(200)
    const [after] = await t.db.select({ version: table.version, status: table.status }).from(table).where(eq(table.id, row!.id))
    expect(after).toEqual({ version: 1, status: 2 })
  })
})

describe('edit conflicts, the details', () => {
  it('tells a stale edit 409 rather than a fault of the images it no longer matches', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const [row] = await addPlaces(t, 'petShop', [{ images: ['https://img.test/a.png'] }])
    const path = `/place/pet-shop/${row!.id}`
    // Someone else removes the image...
    await okBody(await t.put(path, { ...placeText, name: 'Theirs', previousImages: [], version: 1 }, { token }), placeDetails)
    // ...while this edit still keeps it.
    const error = await errorOf(await t.put(path, { ...placeText, name: 'Mine', previousImages: ['https://img.test/a.png'], version: 1 }, { token }), 409)
    expect(error.message).toBe(CONFLICT_MSG.edited)
  })

  it('answers 404, not 409, for a place that is gone', async () => {
    const t = await testApp()
    await errorOf(await t.put(`/place/hospital/${UNKNOWN_ID}`, { ...placeText, name: 'Mine', previousImages: [], version: 1 }, { token: await tokenOf(t) }), 404)
  })

  it('raises the version when only the images change (they are part of the form)', async () => {
    const t = await testApp()
    const [city] = await addCities(t, [{ name: 'Hobart' }])
    const [row] = await addSites(t, city!.id, [{ images: ['https://img.test/a.png'] }])
    const body = { ...site.body(row!.name, 1), description: row!.description, address: row!.address, latitude: row!.latitude, longitude: row!.longitude }
    const saved = await okBody(await t.put(`/admin/site/${row!.id}`, { ...body, images: [uploadedUrl('site')] }, { token: await tokenOf(t) }), siteDetails)
    expect(saved.data.version).toBe(2)
  })

  it('gives a CMS page nobody has written version 0; its first save creates it at version 1', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    expect((await okBody(await t.get('/cms/5'), cmsPage)).data.version).toBe(0)
    const saved = await okBody(await t.put('/admin/cms', { type: 5, content: '<p>Help</p>', version: 0 }, { token }), cmsPage)
    expect(saved.data).toMatchObject({ content: '<p>Help</p>', version: 1 })
    // A second "first" save was made from a page that no longer is empty.
    const error = await errorOf(await t.put('/admin/cms', { type: 5, content: '<p>Mine</p>', version: 0 }, { token }), 409)
    expect(error.message).toBe(CONFLICT_MSG.edited)
    expect((await okBody(await t.get('/cms/5'), cmsPage)).data).toMatchObject({ content: '<p>Help</p>', version: 1 })
  })

  it('lets exactly one of two first saves of a CMS page through', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const [a, b] = await Promise.all([
      t.put('/admin/cms', { type: 4, content: '<p>A</p>', version: 0 }, { token }),
      t.put('/admin/cms', { type: 4, content: '<p>B</p>', version: 0 }, { token }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const rows = await t.db.select().from(cmsPages).where(eq(cmsPages.type, 4))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ content: a.status === 200 ? '<p>A</p>' : '<p>B</p>', version: 1 })
  })
})
