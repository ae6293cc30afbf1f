import { sql } from 'drizzle-orm'
import { feedback as feedbackItem, notificationListItem, partner, placeListItem, userListItem } from '../../contract'
import { insertJson } from '../../server/seed/bulk'
import { rowCount } from '../../server/db/row-counts'
import { appUsers, feedback, notificationRecipients, notifications, partners, places } from '../../server/db/schema'
import { seedRows } from '../../server/seed/seed'
import { listBody, okBody } from './helpers/bodies'
import { demoPicturesOf } from './helpers/demo-pictures'
import { addFeedback, addNotification, addPartners, addPlaces, addUsers, tokenOf } from './helpers/fixtures'
import { nothing, testApp, type TestApp } from './helpers/test-app'

/**
 * row_counts (migration 0005) against the rows themselves: after every kind of write, each
 * counted table's partitions hold exactly what counting the table gives, and the lists' totals
 * without a search (read from row_counts) equal the counted totals.
 */

/** Every partition of every counted table, counted from the rows (zero partitions and rows in the trash left out). */
async function countedFromRows(t: TestApp) {
  const { rows } = (await t.db.execute(sql`
    select 'app_users' as table_name, jsonb_build_object('status', status)::text as part, count(*)::int as n from app_users group by 2
    union all select 'places', jsonb_build_object('kind', kind, 'status', status)::text, count(*)::int from places where deleted_at is null group by 2
    union all select 'partners', jsonb_build_object('status', status, 'type', type)::text, count(*)::int from partners group by 2
    union all select 'feedback', jsonb_build_object('type', type)::text, count(*)::int from feedback where deleted_at is null group by 2
    union all select 'notifications', jsonb_build_object('send_to', send_to)::text, count(*)::int from notifications where deleted_at is null group by 2
    union all select 'audit_log', jsonb_build_object('action', action)::text, count(*)::int from audit_log group by 2
    order by 1, 2`)) as unknown as { rows: { table_name: string; part: string; n: number }[] }
  return rows
}

async function rowCounts(t: TestApp) {
  const { rows } = (await t.db.execute(
    sql`select table_name, part::text as part, n::int as n from row_counts where n <> 0 order by 1, 2`,
  )) as unknown as { rows: { table_name: string; part: string; n: number }[] }
  return rows
}

async function expectExact(t: TestApp) {
  expect(await rowCounts(t)).toEqual(await countedFromRows(t))
}

describe('row_counts', () => {
  it('counts single and multi-row inserts, deletes and status changes, per partition', async () => {
    const t = await testApp()
    await expectExact(t)
    const users = await addUsers(t, [{}, {}, { status: 2 }])
    await addUsers(t, [{}])
    expect(await rowCount(t.db, appUsers)).toBe(4)
    expect(await rowCount(t.db, appUsers, { status: 2 })).toBe(1)
    await expectExact(t)

    await t.db.update(appUsers).set({ status: 2 }).where(sql`${appUsers.id} in (${users[0]!.id}, ${users[1]!.id})`)
    expect(await rowCount(t.db, appUsers, { status: 2 })).toBe(3)
    await t.db.update(appUsers).set({ name: 'Renamed' }) // no partition column changes: nothing moves
    await expectExact(t)

    await t.db.delete(appUsers).where(sql`${appUsers.id} = ${users[2]!.id}`)
    expect(await rowCount(t.db, appUsers)).toBe(3)
    expect(await rowCount(t.db, appUsers, { status: 1 })).toBe(1)
    await expectExact(t)
  })

  it('counts both kinds of place apart, by status too', async () => {
    const t = await testApp()
    await addPlaces(t, 'petShop', [{}, {}, { status: 2 }])
    await addPlaces(t, 'hospital', [{ status: 2 }])
    expect(await rowCount(t.db, places, { kind: 'petShop' })).toBe(3)
    expect(await rowCount(t.db, places, { kind: 'petShop', status: 2 })).toBe(1)
    expect(await rowCount(t.db, places, { kind: 'hospital' })).toBe(1)
    expect(await rowCount(t.db, places, { kind: 'hospital', status: 1 })).toBe(0)
    expect(await rowCount(t.db, places)).toBe(4)
    await expectExact(t)
  })

  it('follows the API: a user blocked, a place toggled and deleted, a notification deleted', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const [user] = await addUsers(t, [{}, {}])
    const [shop] = await addPlaces(t, 'petShop', [{}, {}])
    const [hospital] = await addPlaces(t, 'hospital', [{}])
    const notice = await addNotification(t, { sendTo: 'ALL_USERS' })

    await okBody(await t.call('PATCH', `/admin/user/block-unblock/${user!.id}?status=2`, undefined, { token }), userListItem)
    await okBody(await t.call('PATCH', `/place/pet-shop/${shop!.id}`, undefined, { token }), placeListItem)
    await okBody(await t.call('DELETE', `/place/hospital/${hospital!.id}`, undefined, { token }), nothing)
    await okBody(await t.call('DELETE', `/admin/notification/${notice.id}`, undefined, { token }), nothing)

    expect(await rowCount(t.db, appUsers, { status: 2 })).toBe(1)
    expect(await rowCount(t.db, places, { kind: 'petShop', status: 2 })).toBe(1)
    expect(await rowCount(t.db, places, { kind: 'hospital' })).toBe(0)
    expect(await rowCount(t.db, notifications)).toBe(0)
    await expectExact(t)
    const shops = await listBody(await t.get('/place/admin/pet-shops', { token }), placeListItem)
    expect(shops.total).toBe(2)
    expect((await listBody(await t.get('/place/admin/hospitals', { token }), placeListItem)).total).toBe(0)
  })

  it('counts a bulk seed (big JSON batches, under the replica role), skipped conflicts and a truncate', async () => {
    const t = await testApp()
    const pictures = await demoPicturesOf(t)()
    await t.db.transaction((tx) =>
      seedRows(tx, t.clock.now(), { users: 3000, petShops: 4, hospitals: 3, partners: 5, feedback: 6, notifications: 3 }, pictures, { bulk: true }),
    )
    expect(await rowCount(t.db, appUsers)).toBe(3000)
    expect(await rowCount(t.db, places, { kind: 'hospital' })).toBe(3)
    await expectExact(t)

    // A batch whose rows partly exist already: only the inserted ones count.
    const [taken] = await t.db.select().from(appUsers).limit(1)
    const inserted = await insertJson(
      t.db,
      appUsers,
      [
        { username: taken!.username, name: 'Again', email: taken!.email },
        { username: 'fresh.one', name: 'Fresh', email: 'fresh.one@example.com', status: 2 },
      ],
      { onConflictDoNothing: true },
    )
    expect(inserted).toBe(1)
    expect(await rowCount(t.db, appUsers)).toBe(3001)
    await expectExact(t)

    await t.db.execute(sql`truncate ${appUsers} cascade`) // pets, feedback and recipients go too
    expect(await rowCount(t.db, appUsers)).toBe(0)
    expect(await rowCount(t.db, feedback)).toBe(0)
    expect(await rowCount(t.db, partners)).toBe(5)
    await expectExact(t)
    // The notifications stay, their delivery counters follow their recipients to none.
    const counters = await t.db
      .select({ n: sql<number>`sum(${notifications.pendingCount} + ${notifications.deliveredCount} + ${notifications.failedCount} + ${notifications.notSentCount})::int` })
      .from(notifications)
    expect(counters).toEqual([{ n: 0 }])
  })

  it('leaves no trace of a rolled-back transaction', async () => {
    const t = await testApp()
    await addUsers(t, [{}])
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(appUsers).values({ username: 'ghost', name: 'Ghost', email: 'ghost@example.com' })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await rowCount(t.db, appUsers)).toBe(1)
  })
})

describe('list totals', () => {
  /** Each list, with its filter values: its total without a search must equal counting its rows. */
  const CASES = [
    { path: '/admin/users', item: userListItem, filters: ['1', '2'] },
    { path: '/place/admin/pet-shops', item: placeListItem, filters: ['1', '2'] },
    { path: '/place/admin/hospitals', item: placeListItem, filters: ['1', '2'] },
    { path: '/admin/partners', item: partner, filters: ['5', '6'] },
    { path: '/feedback/list', item: feedbackItem, filters: ['BUG', 'NEW_FEATURE', 'SUGGESTION', 'OTHER'] },
    { path: '/admin/notifications', item: notificationListItem, filters: ['ALL_USERS', 'SELECTED_USERS'] },
  ] as const

  it('are read from row_counts without a search, and equal the rows, filtered or not', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    await addUsers(t, Array.from({ length: 13 }, (_, i) => ({ status: i % 3 === 0 ? 2 : 1 })))
    await addPlaces(t, 'petShop', Array.from({ length: 12 }, (_, i) => ({ status: i % 4 === 0 ? 2 : 1 })))
    await addPlaces(t, 'hospital', Array.from({ length: 11 }, (_, i) => ({ status: i % 2 === 0 ? 2 : 1 })))
    await addPartners(t, Array.from({ length: 12 }, (_, i) => ({ type: i % 3 === 0 ? 6 : 5 })))
    await addFeedback(t, Array.from({ length: 14 }, (_, i) => ({ type: (['BUG', 'NEW_FEATURE', 'SUGGESTION', 'OTHER'] as const)[i % 4] })))
    for (let i = 0; i < 11; i++) await addNotification(t, { sendTo: i % 3 === 0 ? 'ALL_USERS' : 'SELECTED_USERS' })

    const counted = vi.spyOn(t.db, '$count')
    try {
      const expected = {
        '/admin/users': [13, 8, 5],
        '/place/admin/pet-shops': [12, 9, 3],
        '/place/admin/hospitals': [11, 5, 6],
        '/admin/partners': [12, 8, 4],
        '/feedback/list': [14, 4, 4, 3, 3],
        '/admin/notifications': [11, 4, 7],
      }
      for (const { path, item, filters } of CASES) {
        // Limit 10: the first page is full, so it proves nothing and the total has to come from somewhere.
        const totals = [(await listBody(await t.get(`${path}?limit=10`, { token }), item)).total]
        for (const filter of filters) totals.push((await listBody(await t.get(`${path}?limit=2&filter=${filter}`, { token }), item)).total)
        expect(totals, path).toEqual(expected[path])
      }
      // (The notifications list counts each one's recipients with $count too: not a total.)
      expect(counted.mock.calls.filter(([table]) => table !== notificationRecipients)).toEqual([])
    } finally {
      counted.mockRestore()
    }
  })

  it('are not counted when the page proves them, and counted when it does not', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    await addUsers(t, Array.from({ length: 25 }, (_, i) => ({ name: i < 12 ? `Smith ${i}` : `Jones ${i}` })))
    const counted = vi.spyOn(t.db, '$count')
    try {
      const total = async (query: string) => (await listBody(await t.get(`/admin/users?${query}`, { token }), userListItem)).total

      expect(await total('search=smith&limit=20')).toBe(12) // a short first page
      expect(await total('search=smith&limit=5&page=3')).toBe(12) // a short last page: 10 + 2
      expect(await total('search=zzz')).toBe(0) // an empty first page
      expect(counted).not.toHaveBeenCalled()

      expect(await total('search=smith&limit=5')).toBe(12) // a full page
      expect(await total('search=smith&limit=6&page=2')).toBe(12) // a full last page
      expect(await total('search=smith&limit=5&page=9')).toBe(12) // past the end
      expect(counted).toHaveBeenCalledTimes(3)
    } finally {
      counted.mockRestore()
    }
  })

  it('are exact for searches too short for the trigram index', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    await addUsers(t, [
      { username: 'sam', name: 'Sam Smith', email: 'sam@example.com' },
      { username: 'asmara', name: 'Asmara Lee', email: 'asmara@example.com', mobileNo: '7700' },
      { username: 'lee', name: 'Lee Jones', email: 'lee@example.com', mobileNo: '07' },
    ])
    const total = async (search: string) =>
      (await listBody(await t.get(`/admin/users?limit=1&search=${encodeURIComponent(search)}`, { token }), userListItem)).total
    expect(await total('SM')).toBe(2)
    expect(await total('j')).toBe(1)
    expect(await total('07')).toBe(1)
    expect(await total('e')).toBe(3)
  })
})
