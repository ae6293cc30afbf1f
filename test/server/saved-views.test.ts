import { z } from 'zod'
import { API_MSG, auditEntry } from '../../contract'
import { PERSONAL_VIEWS_MAX, SAVED_VIEW_MSG, savedView } from '../../contract/saved-views'
import { savedViews } from '../../server/db/schema'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { nothing, testApp } from './helpers/test-app'

async function setUp() {
  const t = await testApp()
  const admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
  const sub = await t.login(TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password)
  const as = (token: string) => ({
    list: (list: string) => t.get(`/admin/views?list=${list}`, { token }),
    create: (json: unknown) => t.post('/admin/views', json as never, { token }),
    patch: (id: string, json: unknown) => t.call('PATCH', `/admin/views/${id}`, json as never, { token }),
    remove: (id: string) => t.call('DELETE', `/admin/views/${id}`, undefined, { token }),
  })
  const views = async (token: string, list = 'users') => (await okBody(await as(token).list(list), z.array(savedView))).data
  return { t, admin: { ...admin, ...as(admin.token) }, sub: { ...sub, ...as(sub.token) }, views }
}

const blocked = { search: 'ann', filter: 2, sortBy: 'email', sortOrder: -1, limit: 25 }

// The first test opens the worker's database, slow on a loaded machine.
describe('saved views', { timeout: 60_000 }, () => {
  it('saves a list’s state without its page, and lists own personal views and every shared one', async () => {
    const { admin, sub, views } = await setUp()
    const mine = await okBody(await sub.create({ list: 'users', name: '  Blocked Anns ', state: { ...blocked, page: 4 } }), savedView, 201)
    expect(mine.message).toBe(SAVED_VIEW_MSG.created)
    expect(mine.data).toMatchObject({ list: 'users', name: 'Blocked Anns', shared: false, mine: true, owner: { email: TEST_SUB_ADMIN.email } })
    expect(mine.data.state).toEqual(blocked)
    await okBody(await admin.create({ list: 'users', name: 'Admin only', state: {} }), savedView, 201)
    const shared = await okBody(await admin.create({ list: 'users', name: 'Everyone', shared: true, state: { limit: 50 } }), savedView, 201)
    expect(shared.data.state).toEqual({ limit: 50, search: '', sortOrder: 0 })

    const seen = await views(sub.token)
    expect(seen.map((v) => [v.name, v.shared, v.mine])).toEqual([
      ['Everyone', true, false],
      ['Blocked Anns', false, true],
    ])
    expect((await views(admin.token)).map((v) => v.name)).toEqual(['Everyone', 'Admin only'])
    expect(await views(sub.token, 'cities')).toEqual([])
  })

  it('answers 400 for a state the list does not take, a missing or long name, an unknown list', async () => {
    const { sub } = await setUp()
    const fields = async (json: unknown) => (await errorOf(await sub.create(json), 400)).error.fields
    expect(await fields({ list: 'users', name: 'x', state: { sortBy: 'siteCount' } })).toHaveProperty(['state.sortBy'])
    expect(await fields({ list: 'users', name: 'x', state: { status: 1 } })).toHaveProperty(['state'])
    expect(await fields({ list: 'users', name: 'x', state: { search: 'a'.repeat(101) } })).toHaveProperty(['state.search'])
    expect(await fields({ list: 'audit', name: 'x', state: { from: '2026-02-01', to: '2026-01-01' } })).toHaveProperty(['state.to'])
    expect(await fields({ list: 'users', name: '   ', state: {} })).toEqual({ name: SAVED_VIEW_MSG.nameRequired })
    expect(await fields({ list: 'users', name: 'x'.repeat(61), state: {} })).toEqual({ name: SAVED_VIEW_MSG.nameMax })
    expect(await fields({ list: 'places', name: 'x', state: {} })).toHaveProperty(['list'])
    // A list's own filters are kept: partners' status beside the type filter.
    const partners = await okBody(await sub.create({ list: 'partners', name: 'Pending', state: { status: 1, filter: 6 } }), savedView, 201)
    expect(partners.data.state).toMatchObject({ status: 1, filter: 6 })
    const view = (await okBody(await sub.create({ list: 'users', name: 'ok', state: {} }), savedView, 201)).data
    expect((await errorOf(await sub.patch(view._id, { state: { sortBy: 'nope' } }), 400)).error.fields).toHaveProperty(['state.sortBy'])
    expect((await errorOf(await sub.patch(view._id, {}), 400)).message).toBeTruthy()
  })

  it('answers 409 for a name taken among the admin’s own views of the list or among the shared ones', async () => {
    const { admin, sub } = await setUp()
    await okBody(await sub.create({ list: 'users', name: 'Mine', state: {} }), savedView, 201)
    expect((await errorOf(await sub.create({ list: 'users', name: 'mine ', state: {} }), 409)).message).toBe(SAVED_VIEW_MSG.duplicate)
    // Another list, another admin, or a shared view may have it.
    await okBody(await sub.create({ list: 'cities', name: 'Mine', state: {} }), savedView, 201)
    await okBody(await admin.create({ list: 'users', name: 'Mine', state: {} }), savedView, 201)
    const shared = await okBody(await admin.create({ list: 'users', name: 'Mine', shared: true, state: {} }), savedView, 201)
    expect((await errorOf(await admin.create({ list: 'users', name: 'MINE', shared: true, state: {} }), 409)).message).toBe(SAVED_VIEW_MSG.duplicate)
    const other = await okBody(await sub.create({ list: 'users', name: 'Other', state: {} }), savedView, 201)
    expect((await errorOf(await sub.patch(other.data._id, { name: 'Mine' }), 409)).message).toBe(SAVED_VIEW_MSG.duplicate)
    expect(shared.data.shared).toBe(true)
  })

  it(`keeps at most ${PERSONAL_VIEWS_MAX} personal views per admin and list`, async () => {
    const { t, sub } = await setUp()
    await t.db.insert(savedViews).values(
      Array.from({ length: PERSONAL_VIEWS_MAX }, (_, i) => ({ list: 'users', name: `View ${i}`, ownerId: sub._id, state: {} })),
    )
    expect((await errorOf(await sub.create({ list: 'users', name: 'One more', state: {} }), 409)).message).toBe(SAVED_VIEW_MSG.tooMany)
    await okBody(await sub.create({ list: 'cities', name: 'One more', state: {} }), savedView, 201)
  })

  it('counts a shared view an admin unshares among their personal views, within the same limit', async () => {
    const { t, admin } = await setUp()
    const shared = (await okBody(await admin.create({ list: 'users', name: 'Team', shared: true, state: {} }), savedView, 201)).data
    await t.db.insert(savedViews).values(
      Array.from({ length: PERSONAL_VIEWS_MAX }, (_, i) => ({ list: 'users', name: `View ${i}`, ownerId: admin._id, state: {} })),
    )
    expect((await errorOf(await admin.patch(shared._id, { shared: false }), 409)).message).toBe(SAVED_VIEW_MSG.tooMany)
    expect((await okBody(await admin.patch(shared._id, { name: 'Team renamed' }), savedView)).data).toMatchObject({ shared: true })
  })

  it('lets a sub admin manage only their own personal views: sharing and shared views are an admin’s', async () => {
    const { admin, sub, views } = await setUp()
    expect((await errorOf(await sub.create({ list: 'users', name: 'All', shared: true, state: {} }), 403)).message).toBe(API_MSG.forbidden)
    const own = (await okBody(await sub.create({ list: 'users', name: 'Own', state: {} }), savedView, 201)).data
    await errorOf(await sub.patch(own._id, { shared: true }), 403)
    const renamed = await okBody(await sub.patch(own._id, { name: 'Own renamed', state: { limit: 100 } }), savedView)
    expect(renamed.data).toMatchObject({ name: 'Own renamed', state: { limit: 100 }, mine: true })

    const shared = (await okBody(await admin.create({ list: 'users', name: 'Team', shared: true, state: {} }), savedView, 201)).data
    await errorOf(await sub.patch(shared._id, { name: 'Mine now' }), 403)
    await errorOf(await sub.remove(shared._id), 403)
    // Another admin's personal view is not there for them.
    const adminsOwn = (await okBody(await admin.create({ list: 'users', name: 'Private', state: {} }), savedView, 201)).data
    expect((await errorOf(await sub.patch(adminsOwn._id, { name: 'x' }), 404)).message).toBe(SAVED_VIEW_MSG.notFound)
    await errorOf(await sub.remove(adminsOwn._id), 404)
    await errorOf(await admin.remove(own._id), 404)

    expect((await okBody(await sub.remove(own._id), nothing)).message).toBe(SAVED_VIEW_MSG.deleted)
    expect((await views(sub.token)).map((v) => v.name)).toEqual(['Team'])
  })

  it('lets an admin share a view, rename and unshare a shared one, and audits shared views only', async () => {
    const { t, admin, sub, views } = await setUp()
    const own = (await okBody(await admin.create({ list: 'users', name: 'Blocked', state: blocked }), savedView, 201)).data
    const shared = await okBody(await admin.patch(own._id, { shared: true }), savedView)
    expect(shared.data.shared).toBe(true)
    expect((await views(sub.token)).map((v) => v.name)).toEqual(['Blocked'])
    await okBody(await admin.patch(own._id, { name: 'Blocked owners' }), savedView)
    expect((await okBody(await admin.remove(own._id), nothing)).message).toBe(SAVED_VIEW_MSG.deleted)
    expect(await views(sub.token)).toEqual([])

    const log = await listBody(await t.get('/admin/audit-log?search=view.', { token: admin.token }), auditEntry)
    // The test clock stands still: the three share one time, so their order is not compared.
    expect(log.data.map((e) => [e.action, e.target?.type, e.target?.label]).sort()).toEqual([
      ['view.delete', 'view', 'Blocked owners'],
      ['view.update', 'view', 'Blocked'],
      ['view.update', 'view', 'Blocked owners'],
    ])
  })

  it('keeps views of admin-only lists to admins', async () => {
    const { admin, sub } = await setUp()
    await errorOf(await sub.list('audit'), 403)
    await errorOf(await sub.create({ list: 'admins', name: 'x', state: {} }), 403)
    await okBody(await admin.create({ list: 'audit', name: 'Denied', state: { action: 'authz.denied' } }), savedView, 201)
    expect((await errorOf(await sub.list('nope'), 400)).error.fields).toHaveProperty(['list'])
    await errorOf(await sub.patch('not-an-id', { name: 'x' }), 400)
  })
})
