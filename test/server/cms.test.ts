import * as zm from 'zod/mini'
import { CMS_CONTENT_MAX, CMS_MSG, cmsPage } from '../../contract'
import { cmsPages } from '../../server/db/schema'
import { errorOf, okBody } from './helpers/bodies'
import { tokenOf } from './helpers/fixtures'
import { testApp } from './helpers/test-app'

describe('GET /cms/:type (public)', () => {
  it('answers without a token, with an empty page for a type nobody has written', async () => {
    const t = await testApp()
    const body = await okBody(await t.get('/cms/1'), cmsPage)
    expect(body.data).toEqual({ type: 1, content: '', updatedAt: null, version: 0 })
  })

  it.each(['3', '6', '0', 'privacy', '1.5'])('refuses type %s with 400 (the FAQ has its own call)', async (type) => {
    const t = await testApp()
    await errorOf(await t.get(`/cms/${type}`), 400)
  })
})

describe('GET /admin/cms/list', () => {
  it('needs a token', async () => {
    const t = await testApp()
    await errorOf(await t.get('/admin/cms/list'), 401)
  })

  it('gives a sub admin all four pages in type order, the unwritten ones empty', async () => {
    const t = await testApp()
    await t.db.insert(cmsPages).values({ type: 4, content: '<p>Call us</p>', updatedAt: t.clock.now() })
    const body = await okBody(await t.get('/admin/cms/list', { token: await tokenOf(t, 'subAdmin') }), zm.array(cmsPage))
    expect(body.data).toEqual([
      { type: 1, content: '', updatedAt: null, version: 0 },
      { type: 2, content: '', updatedAt: null, version: 0 },
      { type: 4, content: '<p>Call us</p>', updatedAt: t.clock.now().toISOString(), version: 1 },
      { type: 5, content: '', updatedAt: null, version: 0 },
    ])
  })
})

describe('PUT /admin/cms', () => {
  it('needs a token', async () => {
    const t = await testApp()
    await errorOf(await t.put('/admin/cms', { type: 1, content: '<p>Hi</p>', version: 0 }), 401)
  })

  it('refuses a sub admin with 403 and stores nothing', async () => {
    const t = await testApp()
    await errorOf(await t.put('/admin/cms', { type: 1, content: '<p>Hi</p>', version: 0 }, { token: await tokenOf(t, 'subAdmin') }), 403)
    expect(await t.db.$count(cmsPages)).toBe(0)
  })

  it('stores sanitised content that the public call then shows', async () => {
    const t = await testApp()
    const content = '<h2>Data</h2><p onclick="steal()">We keep <strong>little</strong>.<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>'
    const saved = await okBody(await t.put('/admin/cms', { type: 1, content, version: 0 }, { token: await tokenOf(t) }), cmsPage)
    expect(saved.message).toBe(CMS_MSG.updated)
    expect(saved.data).toEqual({
      type: 1,
      content: '<h2>Data</h2><p>We keep <strong>little</strong>.</p><a>x</a>',
      updatedAt: t.clock.now().toISOString(),
      version: 1,
    })
    const shown = await okBody(await t.get('/cms/1'), cmsPage)
    expect(shown.data).toEqual(saved.data)
  })

  it('replaces the page on a second save and records who saved it', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    await okBody(await t.put('/admin/cms', { type: 5, content: '<p>Old</p>', version: 0 }, { token }), cmsPage)
    t.clock.advance(60_000)
    await okBody(await t.put('/admin/cms', { type: 5, content: '<p>New</p>', version: 1 }, { token }), cmsPage)
    const rows = await t.db.select().from(cmsPages)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ type: 5, content: '<p>New</p>', updatedAt: t.clock.now(), version: 2 })
    expect(rows[0]!.updatedBy).toMatch(/^[0-9a-f-]{36}$/)
  })

  it.each([
    ['the FAQ type', { type: 3, content: '<p>x</p>', version: 0 }, 'type'],
    ['no content', { type: 1, version: 0 }, 'content'],
    ['an unknown field', { type: 1, content: '', version: 0, extra: 1 }, 'extra'],
    ['no version', { type: 1, content: '<p>x</p>' }, 'version'],
    ['a negative version', { type: 1, content: '<p>x</p>', version: -1 }, 'version'],
  ])('refuses %s with 400', async (_what, body, field) => {
    const t = await testApp()
    const error = await errorOf(await t.put('/admin/cms', body, { token: await tokenOf(t) }), 400)
    expect(error.error.fields).toHaveProperty(field)
  })

  it('refuses content longer than the limit', async () => {
    const t = await testApp()
    const error = await errorOf(await t.put('/admin/cms', { type: 2, content: 'x'.repeat(CMS_CONTENT_MAX + 1), version: 0 }, { token: await tokenOf(t) }), 400)
    expect(error.error.fields).toEqual({ content: 'Content is too long' })
  })
})
