import * as zm from 'zod/mini'
import { API_MSG, faq, FAQS_MSG, type Faq } from '../../contract'
import { faqs } from '../../server/db/schema'
import { errorOf, okBody } from './helpers/bodies'
import { tokenOf, UNKNOWN_ID } from './helpers/fixtures'
import { nothing, testApp, type TestApp } from './helpers/test-app'

const del = (t: TestApp, path: string, token?: string) =>
  t.call('DELETE', path, undefined, token ? { token } : {})

/** FAQs written straight to the database, in the given order. */
async function addFaqs(t: TestApp, titles: string[]) {
  const rows = await t.db
    .insert(faqs)
    .values(titles.map((title, i) => ({ title, description: `About ${title}`, sortOrder: i })))
    .returning()
  return rows.sort((a, b) => a.sortOrder - b.sortOrder)
}

const titlesOf = (list: Faq[]) => list.map((f) => f.title)

async function publicTitles(t: TestApp) {
  const body = await okBody(await t.get('/cms-faqs'), zm.array(faq))
  return titlesOf(body.data)
}

describe('GET /cms-faqs (public)', () => {
  it('lists the FAQs in order without a token', async () => {
    const t = await testApp()
    await t.db.insert(faqs).values([
      { title: 'Second', description: 'b', sortOrder: 1 },
      { title: 'First', description: 'a', sortOrder: 0 },
    ])
    const body = await okBody(await t.get('/cms-faqs'), zm.array(faq))
    expect(body.message).toBe(FAQS_MSG.listed)
    expect(body.data.map((f) => [f.title, f.order])).toEqual([
      ['First', 0],
      ['Second', 1],
    ])
  })

  it('answers an empty list when there are none', async () => {
    const t = await testApp()
    expect((await okBody(await t.get('/cms-faqs'), zm.array(faq))).data).toEqual([])
  })
})

describe('GET /admin/faq', () => {
  it('needs a token', async () => {
    const t = await testApp()
    await errorOf(await t.get('/admin/faq'), 401)
  })

  it('lists the FAQs in order for a sub admin', async () => {
    const t = await testApp()
    await addFaqs(t, ['A', 'B', 'C'])
    const body = await okBody(await t.get('/admin/faq', { token: await tokenOf(t, 'subAdmin') }), zm.array(faq))
    expect(titlesOf(body.data)).toEqual(['A', 'B', 'C'])
  })
})

describe('writes need the admin role', () => {
  it.each([
    ['POST /admin/faq', (t: TestApp, token?: string) => t.post('/admin/faq', { title: 'T', description: 'D' }, { token })],
    ['PUT /admin/faq/:id', (t: TestApp, token?: string) => t.put(`/admin/faq/${UNKNOWN_ID}`, { title: 'T', description: 'D' }, { token })],
    ['DELETE /admin/faq/:id', (t: TestApp, token?: string) => del(t, `/admin/faq/${UNKNOWN_ID}`, token)],
    ['PUT /admin/faq/order', (t: TestApp, token?: string) => t.put('/admin/faq/order', { ids: [UNKNOWN_ID] }, { token })],
  ])('%s answers 401 without a token and 403 to a sub admin', async (_call, send) => {
    const t = await testApp()
    await errorOf(await send(t), 401)
    await errorOf(await send(t, await tokenOf(t, 'subAdmin')), 403)
  })
})

describe('POST /admin/faq', () => {
  it('adds a trimmed FAQ at the end of the list with 201', async () => {
    const t = await testApp()
    await addFaqs(t, ['A', 'B'])
    const body = await okBody(
      await t.post('/admin/faq', { title: '  How do I add a pet?  ', description: '\tOpen My Pets.\n' }, { token: await tokenOf(t) }),
      faq,
      201,
    )
    expect(body.message).toBe(FAQS_MSG.added)
    expect(body.data).toMatchObject({ title: 'How do I add a pet?', description: 'Open My Pets.', order: 2, createdAt: t.clock.now().toISOString() })
    expect(await publicTitles(t)).toEqual(['A', 'B', 'How do I add a pet?'])
  })

  it('starts the list at position 0', async () => {
    const t = await testApp()
    const body = await okBody(await t.post('/admin/faq', { title: 'Only', description: 'One' }, { token: await tokenOf(t) }), faq, 201)
    expect(body.data.order).toBe(0)
  })

  it('stores markup as plain text, as typed', async () => {
    const t = await testApp()
    const title = '<b>Bold</b> & <script>alert(1)</script>'
    const body = await okBody(await t.post('/admin/faq', { title, description: 'x' }, { token: await tokenOf(t) }), faq, 201)
    expect(body.data.title).toBe(title)
  })

  it.each([
    ['empty fields', { title: '', description: '' }, { title: 'Title is required', description: 'Description is required' }],
    ['blank fields', { title: '   ', description: '\n\t' }, { title: 'Title is required', description: 'Description is required' }],
    [
      'fields one character too long',
      { title: 'x'.repeat(201), description: 'y'.repeat(501) },
      { title: 'Title Should be maximum 200 characters allowed', description: 'Description Shouldbe maximum 500 characters allowed' },
    ],
  ])('refuses %s with the messages of the FAQ form', async (_what, body, fields) => {
    const t = await testApp()
    const error = await errorOf(await t.post('/admin/faq', body, { token: await tokenOf(t) }), 400)
    expect(error.error.fields).toEqual(fields)
    expect(error.message).toBe(fields.title)
    expect(await t.db.$count(faqs)).toBe(0)
  })

  it('takes a title of exactly 200 and a description of exactly 500 characters', async () => {
    const t = await testApp()
    const body = { title: 'x'.repeat(200), description: 'y'.repeat(500) }
    await okBody(await t.post('/admin/faq', body, { token: await tokenOf(t) }), faq, 201)
  })

  it('refuses an unknown field', async () => {
    const t = await testApp()
    const error = await errorOf(await t.post('/admin/faq', { title: 'T', description: 'D', order: 5 }, { token: await tokenOf(t) }), 400)
    expect(error.error.fields).toEqual({ order: 'This field is not allowed' })
  })
})

describe('PUT /admin/faq/:id', () => {
  it('updates the title and description and keeps the position', async () => {
    const t = await testApp()
    const [, b] = await addFaqs(t, ['A', 'B', 'C'])
    t.clock.advance(60_000)
    const body = await okBody(await t.put(`/admin/faq/${b!.id}`, { title: ' B2 ', description: 'New' }, { token: await tokenOf(t) }), faq)
    expect(body.message).toBe(FAQS_MSG.updated)
    expect(body.data).toMatchObject({ _id: b!.id, title: 'B2', description: 'New', order: 1, updatedAt: t.clock.now().toISOString() })
    expect(await publicTitles(t)).toEqual(['A', 'B2', 'C'])
  })

  it('checks the body with the same messages', async () => {
    const t = await testApp()
    const [a] = await addFaqs(t, ['A'])
    const error = await errorOf(await t.put(`/admin/faq/${a!.id}`, { title: '', description: 'ok' }, { token: await tokenOf(t) }), 400)
    expect(error.error.fields).toEqual({ title: 'Title is required' })
  })

  it('answers 404 for an unknown id and 400 for one that is not a UUID', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const missing = await errorOf(await t.put(`/admin/faq/${UNKNOWN_ID}`, { title: 'T', description: 'D' }, { token }), 404)
    expect(missing.message).toBe(FAQS_MSG.notFound)
    const bad = await errorOf(await t.put('/admin/faq/42', { title: 'T', description: 'D' }, { token }), 400)
    expect(bad.error.fields).toEqual({ id: API_MSG.invalidId })
  })
})

describe('DELETE /admin/faq/:id', () => {
  it('deletes the FAQ and closes the gap in the order', async () => {
    const t = await testApp()
    const [, b] = await addFaqs(t, ['A', 'B', 'C', 'D'])
    const body = await okBody(await del(t, `/admin/faq/${b!.id}`, await tokenOf(t)), nothing)
    expect(body.message).toBe(FAQS_MSG.deleted)
    const list = await okBody(await t.get('/cms-faqs'), zm.array(faq))
    expect(list.data.map((f) => [f.title, f.order])).toEqual([
      ['A', 0],
      ['C', 1],
      ['D', 2],
    ])
  })

  it('answers 404 for an unknown id and 400 for one that is not a UUID', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    await errorOf(await del(t, `/admin/faq/${UNKNOWN_ID}`, token), 404)
    await errorOf(await del(t, '/admin/faq/not-a-uuid', token), 400)
  })
})

describe('PUT /admin/faq/order', () => {
  it('puts the FAQs in the order given, which the public list then shows', async () => {
    const t = await testApp()
    const [a, b, c] = await addFaqs(t, ['A', 'B', 'C'])
    t.clock.advance(60_000)
    const body = await okBody(await t.put('/admin/faq/order', { ids: [c!.id, a!.id, b!.id] }, { token: await tokenOf(t) }), zm.array(faq))
    expect(body.message).toBe(FAQS_MSG.ordered)
    expect(body.data.map((f) => [f.title, f.order])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ])
    expect(await publicTitles(t)).toEqual(['C', 'A', 'B'])
  })

  it('takes ids in upper case', async () => {
    const t = await testApp()
    const [a, b] = await addFaqs(t, ['A', 'B'])
    const ids = [b!.id.toUpperCase(), a!.id.toUpperCase()]
    await okBody(await t.put('/admin/faq/order', { ids }, { token: await tokenOf(t) }), zm.array(faq))
    expect(await publicTitles(t)).toEqual(['B', 'A'])
  })

  it.each([
    ['a missing id', (ids: string[]) => ids.slice(0, 2)],
    ['a duplicate id', (ids: string[]) => [ids[0]!, ids[0]!, ids[1]!]],
    ['a duplicate in place of a missing one', (ids: string[]) => [ids[0]!, ids[1]!, ids[1]!]],
    ['an unknown id', (ids: string[]) => [...ids.slice(0, 2), UNKNOWN_ID]],
    ['an extra unknown id', (ids: string[]) => [...ids, UNKNOWN_ID]],
  ])('refuses %s with 400 and changes nothing', async (_what, idsOf) => {
    const t = await testApp()
    const rows = await addFaqs(t, ['A', 'B', 'C'])
    const error = await errorOf(await t.put('/admin/faq/order', { ids: idsOf(rows.map((r) => r.id)) }, { token: await tokenOf(t) }), 400)
    expect(error.message).toBe(FAQS_MSG.orderIncomplete)
    expect(await publicTitles(t)).toEqual(['A', 'B', 'C'])
  })

  it('refuses ids that are not UUIDs and an empty list', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const bad = await errorOf(await t.put('/admin/faq/order', { ids: ['x'] }, { token }), 400)
    expect(bad.error.fields).toEqual({ 'ids.0': API_MSG.invalidId })
    await errorOf(await t.put('/admin/faq/order', { ids: [] }, { token }), 400)
  })

  it('keeps positions contiguous through adds, deletes and a reorder', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const add = async (title: string) => (await okBody(await t.post('/admin/faq', { title, description: 'd' }, { token }), faq, 201)).data
    const a = await add('A')
    const b = await add('B')
    await okBody(await del(t, `/admin/faq/${a._id}`, token), nothing)
    const c = await add('C')
    await okBody(await t.put('/admin/faq/order', { ids: [c._id, b._id] }, { token }), zm.array(faq))
    const d = await add('D')
    const list = await okBody(await t.get('/cms-faqs'), zm.array(faq))
    expect(list.data.map((f) => [f.title, f.order])).toEqual([
      ['C', 0],
      ['B', 1],
      ['D', 2],
    ])
    expect(d.order).toBe(2)
  })
})
