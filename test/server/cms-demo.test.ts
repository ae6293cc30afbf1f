import * as zm from 'zod/mini'
import { cmsPage, faq, faqSchema } from '../../contract'
import { sanitizeRichText } from '../../server/content/sanitize'
import { DEMO_FAQS } from '../../server/seed/demo-content'
import { cmsPages, faqs } from '../../server/db/schema'
import { seedDemo, type SeedCounts } from '../../server/seed/seed'
import { okBody } from './helpers/bodies'
import { demoPicturesOf } from './helpers/demo-pictures'
import { addUsers } from './helpers/fixtures'
import { testApp } from './helpers/test-app'

/** Content only: no users, shops or the rest, so these tests stay fast. */
const NO_ROWS: SeedCounts = { users: 0, petShops: 0, hospitals: 0, partners: 0, feedback: 0, notifications: 0 }

describe('the demo CMS pages and FAQs', () => {
  it('fills all four pages with clean HTML, served by the public call', async () => {
    const t = await testApp()
    expect(await seedDemo(t.db, t.clock.now(), demoPicturesOf(t), NO_ROWS)).toBe(true)
    for (const type of [1, 2, 4, 5]) {
      const { data } = await okBody(await t.get(`/cms/${type}`), cmsPage)
      expect(data.content.length).toBeGreaterThan(300)
      expect(data.content).toMatch(/^<h1>/)
      expect(sanitizeRichText(data.content)).toBe(data.content)
      expect(data.updatedAt).toBe(t.clock.now().toISOString())
    }
  })

  it('adds FAQs in order, each within the FAQ form rules', async () => {
    const t = await testApp()
    await seedDemo(t.db, t.clock.now(), demoPicturesOf(t), NO_ROWS)
    const { data } = await okBody(await t.get('/cms-faqs'), zm.array(faq))
    expect(data.length).toBeGreaterThanOrEqual(8)
    expect(data.map((f) => f.order)).toEqual(data.map((_, i) => i))
    expect(data.map((f) => f.title)).toEqual(DEMO_FAQS.map((f) => f.title))
    for (const f of data) expect(faqSchema.parse({ title: f.title, description: f.description })).toEqual({ title: f.title, description: f.description })
  })

  it('adds the content to a database seeded before CMS existed, once', async () => {
    const t = await testApp()
    await addUsers(t, [{}])
    expect(await seedDemo(t.db, t.clock.now(), demoPicturesOf(t), NO_ROWS)).toBe(true)
    expect(await t.db.$count(cmsPages)).toBe(4)
    expect(await seedDemo(t.db, t.clock.now(), demoPicturesOf(t), NO_ROWS)).toBe(false)
    expect(await t.db.$count(faqs)).toBe(DEMO_FAQS.length)
  })

  it('does not bring back FAQs or pages an admin has changed', async () => {
    const t = await testApp()
    await addUsers(t, [{}]) // so that only the content is left to seed
    await seedDemo(t.db, t.clock.now(), demoPicturesOf(t), NO_ROWS)
    await t.db.delete(faqs)
    await t.db.update(cmsPages).set({ content: '' })
    expect(await seedDemo(t.db, t.clock.now(), demoPicturesOf(t), NO_ROWS)).toBe(false)
    expect(await t.db.$count(faqs)).toBe(0)
    expect((await t.db.select({ content: cmsPages.content }).from(cmsPages)).map((p) => p.content)).toEqual(['', '', '', ''])
  })
})
