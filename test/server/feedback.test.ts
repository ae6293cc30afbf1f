import { eq, sql } from 'drizzle-orm'
import { API_MSG, feedback, FEEDBACK_MSG } from '../../contract'
import { appUsers } from '../../server/db/schema'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { addFeedback, addUsers, minutesAgo, tokenOf, UNKNOWN_ID } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

async function someOf(t: TestApp) {
  const [ann, bob] = await addUsers(t, [
    { username: 'ann.lee', name: 'Ann Lee', email: 'ann@example.com', mobileNo: '7700900111', profileImage: 'https://img.test/ann.png' },
    { username: 'bob_smith', name: 'Bob Smith', email: 'bob@example.com' },
  ])
  const rows = await addFeedback(t, [
    { type: 'BUG', description: 'The app crashes on upload', userId: ann!.id, createdAt: minutesAgo(t, 1) },
    { type: 'NEW_FEATURE', description: 'Please add a dark mode', userId: bob!.id, createdAt: minutesAgo(t, 2) },
    { type: 'SUGGESTION', description: 'Sort vaccines by date: 100% useful', userId: ann!.id, createdAt: minutesAgo(t, 3) },
    { type: 'OTHER', description: 'Thank you!', userId: null, createdAt: minutesAgo(t, 4) },
  ])
  return { ann: ann!, bob: bob!, rows }
}

const descriptionsOf = (body: { data: { description: string }[] }) => body.data.map((f) => f.description)

describe('GET /feedback/list', () => {
  it('lists feedback with its author', async () => {
    const t = await testApp()
    const { ann, rows } = await someOf(t)
    const body = await listBody(await t.get('/feedback/list?limit=1', { token: await tokenOf(t) }), feedback)
    expect(body.message).toBe(FEEDBACK_MSG.listed)
    expect(body.data).toEqual([
      {
        _id: rows[0]!.id,
        type: 'BUG',
        description: 'The app crashes on upload',
        user: { _id: ann.id, username: 'ann.lee', name: 'Ann Lee', email: 'ann@example.com', countryCode: null, mobileNo: '7700900111', profileImage: 'https://img.test/ann.png' },
        status: 1,
        createdAt: minutesAgo(t, 1).toISOString(),
      },
    ])
  })

  it("keeps feedback whose author was deleted, without the author", async () => {
    const t = await testApp()
    const { bob } = await someOf(t)
    await t.db.delete(appUsers).where(eq(appUsers.id, bob.id))
    const body = await listBody(await t.get('/feedback/list?filter=NEW_FEATURE', { token: await tokenOf(t) }), feedback)
    expect(body.data).toMatchObject([{ description: 'Please add a dark mode', user: null }])
  })

  it.each([
    ['the description', 'CRASHES', ['The app crashes on upload']],
    ["the author's username", 'BOB_', ['Please add a dark mode']],
    ['either, with % taken literally', '0%', ['Sort vaccines by date: 100% useful']],
    ['either, matching both tables at once', 'a', ['The app crashes on upload', 'Please add a dark mode', 'Sort vaccines by date: 100% useful', 'Thank you!']],
  ])('finds feedback by part of %s, whatever the case', async (_what, search, expected) => {
    const t = await testApp()
    await someOf(t)
    const body = await listBody(await t.get(`/feedback/list?search=${encodeURIComponent(search)}`, { token: await tokenOf(t) }), feedback)
    expect(descriptionsOf(body)).toEqual(expected)
    expect(body.total).toBe(expected.length)
  })

  it('finds feedback by username only once when the description matches too', async () => {
    const t = await testApp()
    const [ann] = await addUsers(t, [{ username: 'dark.mode.fan' }])
    await addFeedback(t, [{ description: 'Dark mode please', userId: ann!.id }])
    const body = await listBody(await t.get('/feedback/list?search=dark', { token: await tokenOf(t) }), feedback)
    expect(body.total).toBe(1)
    expect(body.data).toHaveLength(1)
  })

  it('pages a search matched by description and by author alike, each part stopping after the page', async () => {
    const t = await testApp()
    const [fan] = await addUsers(t, [{ username: 'dark.mode.fan' }])
    // Twelve, written oldest first (so a part read without the list's order would find the wrong
    // ones): matched by description (even), by author (odd), both (every fourth), or neither (a
    // thirteenth, newest of all), and a matching one of another type.
    await addFeedback(t, [
      ...Array.from({ length: 12 }, (_, i) => ({
        description: i % 2 === 0 ? `Dark theme ${i}` : `Other idea ${i}`,
        userId: i % 2 === 1 || i % 4 === 0 ? fan!.id : null,
        createdAt: minutesAgo(t, 14 - i),
      })),
      { description: 'Nothing here', createdAt: minutesAgo(t, 1) },
      { type: 'OTHER', description: 'Dark corner', createdAt: minutesAgo(t, 20) },
    ])
    const token = await tokenOf(t)
    const read = async (query: string) => listBody(await t.get(`/feedback/list?search=dark&${query}`, { token }), feedback)
    const all = await read('filter=BUG&limit=100')
    expect(descriptionsOf(all)).toHaveLength(12)
    const pages = []
    for (let page = 1; page <= 4; page++) pages.push(...descriptionsOf(await read(`filter=BUG&page=${page}&limit=3`)))
    expect(pages).toEqual(descriptionsOf(all))
    // By type, then id: the OTHER one comes last, read from both parts.
    const byType = await read('sortBy=type&sortOrder=1&page=5&limit=3')
    expect(byType).toMatchObject({ total: 13 })
    expect(descriptionsOf(byType)).toEqual(['Dark corner'])
  })

  it('stops counting a search at 1,000 matches, across description and author', async () => {
    const t = await testApp()
    const [fan] = await addUsers(t, [{ username: 'dark.mode.fan' }])
    // 600 matched by description, 600 by author: 1,200 in all, more than either part.
    await t.db.execute(sql`insert into feedback (type, description, user_id)
      select 'BUG', case when n <= 600 then 'Dark ' || n else 'Light ' || n end, case when n > 600 then ${fan!.id}::uuid end
      from generate_series(1, 1200) as n`)
    const token = await tokenOf(t)
    const first = await listBody(await t.get('/feedback/list?search=dark', { token }), feedback)
    expect(first).toMatchObject({ total: 1000, totalIsLowerBound: true })
    const last = await listBody(await t.get('/feedback/list?search=dark&page=12&limit=100', { token }), feedback)
    expect(last.data).toHaveLength(100)
    expect(last).toMatchObject({ total: 1200, totalIsLowerBound: true })
    const past = await listBody(await t.get('/feedback/list?search=dark&page=13&limit=100', { token }), feedback)
    expect(past.data).toHaveLength(0)
  })

  it('filters by type', async () => {
    const t = await testApp()
    await someOf(t)
    const token = await tokenOf(t)
    expect(descriptionsOf(await listBody(await t.get('/feedback/list?filter=SUGGESTION', { token }), feedback))).toEqual([
      'Sort vaccines by date: 100% useful',
    ])
    expect((await listBody(await t.get('/feedback/list?filter=BUG&search=dark', { token }), feedback)).total).toBe(0)
  })
})

describe('GET /feedback/:id', () => {
  it('returns one feedback with its author', async () => {
    const t = await testApp()
    const { rows, bob } = await someOf(t)
    const body = await okBody(await t.get(`/feedback/${rows[1]!.id}`, { token: await tokenOf(t, 'subAdmin') }), feedback)
    expect(body.message).toBe(FEEDBACK_MSG.fetched)
    expect(body.data).toMatchObject({ _id: rows[1]!.id, type: 'NEW_FEATURE', user: { _id: bob.id, username: 'bob_smith' } })
  })

  it('answers 404 for an unknown id', async () => {
    const t = await testApp()
    expect((await errorOf(await t.get(`/feedback/${UNKNOWN_ID}`, { token: await tokenOf(t) }), 404)).message).toBe(FEEDBACK_MSG.notFound)
  })

  it('answers 400 for an id that is not a UUID', async () => {
    const t = await testApp()
    expect((await errorOf(await t.get('/feedback/12', { token: await tokenOf(t) }), 400)).error.fields).toEqual({ id: API_MSG.invalidId })
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    await errorOf(await t.get(`/feedback/${UNKNOWN_ID}`), 401)
  })
})
