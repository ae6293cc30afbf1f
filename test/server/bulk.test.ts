import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { city, dashboardTotals, FEEDBACK_STATUS, PLACE_STATUS, TRASH_MSG, USER_STATUS } from '../../contract'
import { BULK_MSG, BULK_REASON, bulkGroupLabel, bulkResult } from '../../contract/bulk'
import { BULK_CHUNK_ROWS } from '../../server/routes/bulk'
import { rowCount } from '../../server/db/row-counts'
import { appUsers, auditLog, cities, feedback, notifications, places, sites } from '../../server/db/schema'
import { errorOf, okBody } from './helpers/bodies'
import { addCities, addFeedback, addNotification, addPlaces, addSites, addUsers, tokenOf, UNKNOWN_ID, uploadedUrl } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const bulk = async (t: TestApp, path: string, body: unknown, who: 'admin' | 'subAdmin' = 'admin') =>
  t.post(`/admin/${path}/bulk`, body as never, { token: await tokenOf(t, who) })

const auditOf = (t: TestApp, action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action))

describe('POST /admin/{list}/bulk: the request', () => {
  it('refuses 10,001 ids, duplicates, an unknown action, and both or neither of ids and query (400)', async () => {
    const t = await testApp()
    const many = Array.from({ length: 10_001 }, () => randomUUID())
    const tooMany = await errorOf(await bulk(t, 'users', { action: 'block', ids: many }), 400)
    expect(tooMany.error.fields?.ids).toBe(BULK_MSG.tooMany)
    const id = randomUUID()
    expect((await errorOf(await bulk(t, 'users', { action: 'block', ids: [id, id.toUpperCase()] }), 400)).error.fields?.ids).toBe(BULK_MSG.duplicateIds)
    expect((await errorOf(await bulk(t, 'users', { action: 'delete', ids: [id] }), 400)).error.fields?.action).toBe(BULK_MSG.badAction)
    await errorOf(await bulk(t, 'users', { action: 'block' }), 400)
    await errorOf(await bulk(t, 'users', { action: 'block', ids: [id], query: {} }), 400)
    await errorOf(await bulk(t, 'users', { action: 'block', ids: [] }), 400)
    await errorOf(await bulk(t, 'users', { action: 'block', ids: ['not-an-id'] }), 400)
  })

  it('accepts 10,000 ids (a body over the usual JSON limit)', async () => {
    const t = await testApp()
    const ids = Array.from({ length: 10_000 }, () => randomUUID())
    const { data } = await okBody(await bulk(t, 'users', { action: 'block', ids }), bulkResult)
    expect(data.changed).toBe(0)
    expect(data.skipped).toHaveLength(10_000)
    expect(data.skipped[0]!.reason).toBe(BULK_REASON.notFound)
  })

  it('changes 6,000 rows, past the 65,535 bound values one audit insert could hold', async () => {
    const t = await testApp()
    await t.db.execute(
      sql`insert into app_users (username, name, email) select 'big' || g, 'Big ' || g, 'big' || g || '@example.com' from generate_series(1, 6000) g`,
    )
    const ids = (await t.db.select({ id: appUsers.id }).from(appUsers)).map((row) => row.id)
    const { data } = await okBody(await bulk(t, 'users', { action: 'block', ids }), bulkResult)
    expect(data).toEqual({ changed: 6000, skipped: [], stopped: false })
    // Every entry, the group's too, is one action's.
    expect(await t.db.$count(auditLog, sql`${auditLog.groupId} is not null`)).toBe(6001)
    expect(await t.db.$count(appUsers, eq(appUsers.status, USER_STATUS.BLOCKED))).toBe(6000)
    expect(await t.db.$count(auditLog, eq(auditLog.action, 'user.block'))).toBe(6000)
    expect((await auditOf(t, 'user.bulk_block'))[0]!.detail).toEqual({ count: 6000, skipped: 0 })
  })

  it('refuses "all matching" when more than 10,000 rows match (409), changing nothing', async () => {
    const t = await testApp()
    await t.db.execute(
      sql`insert into app_users (username, name, email) select 'many' || g, 'Many ' || g, 'many' || g || '@example.com' from generate_series(1, 10001) g`,
    )
    const refused = await errorOf(await bulk(t, 'users', { action: 'block', query: { search: 'many' } }), 409)
    expect(refused.message).toBe(BULK_MSG.tooManyMatching)
    expect(await t.db.$count(appUsers, eq(appUsers.status, USER_STATUS.BLOCKED))).toBe(0)
  })
})

describe('bulk actions: results, audit and counts', () => {
  it('blocks the chosen users and lists the rest with reasons; each row and the group are audited', async () => {
    const t = await testApp()
    const [ann, bob, cara] = await addUsers(t, [{ username: 'ann' }, { username: 'bob' }, { username: 'cara', status: USER_STATUS.BLOCKED }])
    const { data } = await okBody(await bulk(t, 'users', { action: 'block', ids: [ann!.id, bob!.id, cara!.id, UNKNOWN_ID] }), bulkResult)
    expect(data).toEqual({
      changed: 2,
      skipped: [
        { _id: cara!.id, reason: BULK_REASON.already },
        { _id: UNKNOWN_ID, reason: BULK_REASON.notFound },
      ],
      stopped: false,
    })
    const blocked = await t.db.select({ username: appUsers.username }).from(appUsers).where(eq(appUsers.status, USER_STATUS.BLOCKED))
    expect(blocked.map((u) => u.username).sort()).toEqual(['ann', 'bob', 'cara'])
    const rows = await auditOf(t, 'user.block')
    expect(rows.map((r) => [r.targetId, r.targetLabel, r.detail]).sort()).toEqual(
      [
        [ann!.id, 'ann', { bulk: true }],
        [bob!.id, 'bob', { bulk: true }],
      ].sort(),
    )
    const [group] = await auditOf(t, 'user.bulk_block')
    expect(group!.detail).toEqual({ count: 2, skipped: 2 })
    expect(group!.requestId).toBe(rows[0]!.requestId)
  })

  it('acts on every row the list query matches ("all matching"), within its filter', async () => {
    const t = await testApp()
    await addPlaces(t, 'petShop', [{ name: 'Paws One' }, { name: 'Paws Two', status: PLACE_STATUS.DEACTIVE }, { name: 'Other' }])
    await addPlaces(t, 'hospital', [{ name: 'Paws Hospital' }])
    const { data } = await okBody(await bulk(t, 'pet-shops', { action: 'deactivate', query: { search: 'paws', filter: 1 } }), bulkResult)
    expect(data).toEqual({ changed: 1, skipped: [], stopped: false })
    const inactive = await t.db.select({ name: places.name }).from(places).where(eq(places.status, PLACE_STATUS.DEACTIVE))
    expect(inactive.map((p) => p.name).sort()).toEqual(['Paws One', 'Paws Two'])
    const [entry] = await auditOf(t, 'petShop.status')
    expect(entry!.detail).toEqual({ status: PLACE_STATUS.DEACTIVE, bulk: true })
  })

  it('skips a draft place and one without an image on activate, and a place of the other kind as not found', async () => {
    const t = await testApp()
    const [draft, imageless, ready] = await addPlaces(t, 'petShop', [
      { name: 'Draft', draft: true, status: PLACE_STATUS.DEACTIVE },
      { name: 'No image', status: PLACE_STATUS.DEACTIVE, images: [] },
      { name: 'Ready', status: PLACE_STATUS.DEACTIVE, images: [uploadedUrl()] },
    ])
    const [hospital] = await addPlaces(t, 'hospital', [{ name: 'Elsewhere', status: PLACE_STATUS.DEACTIVE, images: [uploadedUrl()] }])
    const ids = [draft!.id, imageless!.id, ready!.id, hospital!.id]
    const { data } = await okBody(await bulk(t, 'pet-shops', { action: 'activate', ids }), bulkResult)
    expect(data).toEqual({
      changed: 1,
      skipped: [
        { _id: draft!.id, reason: BULK_REASON.draft },
        { _id: imageless!.id, reason: BULK_REASON.noImage },
        { _id: hospital!.id, reason: BULK_REASON.notFound },
      ],
      stopped: false,
    })
    const active = await t.db.select({ name: places.name }).from(places).where(eq(places.status, PLACE_STATUS.ACTIVE))
    expect(active.map((p) => p.name)).toEqual(['Ready'])
  })

  it('moves chosen rows to the trash, skips trashed ones, and the kept counts leave them out', async () => {
    const t = await testApp()
    const [a, b, gone] = await addPlaces(t, 'hospital', [{ name: 'A' }, { name: 'B' }, { name: 'Gone' }])
    await t.db.update(places).set({ deletedAt: t.clock.now() }).where(eq(places.id, gone!.id))
    const { data } = await okBody(await bulk(t, 'hospitals', { action: 'delete', ids: [a!.id, b!.id, gone!.id] }), bulkResult)
    expect(data).toEqual({ changed: 2, skipped: [{ _id: gone!.id, reason: BULK_REASON.deleted }], stopped: false, ids: [a!.id, b!.id] })
    const trashed = await t.db.select({ deletedAt: places.deletedAt, deletedBy: places.deletedBy }).from(places).where(inArray(places.id, [a!.id, b!.id]))
    expect(trashed.every((p) => p.deletedAt?.getTime() === t.clock.now().getTime() && p.deletedBy !== null)).toBe(true)
    expect(await rowCount(t.db, places, { kind: 'hospital' })).toBe(0)
    expect((await auditOf(t, 'hospital.delete')).length).toBe(2)
    expect((await auditOf(t, 'hospital.bulk_delete'))[0]!.detail).toEqual({ count: 2, skipped: 1 })
  })

  it('leaves trashed rows out of "all matching"', async () => {
    const t = await testApp()
    const [city] = await addCities(t, [{ name: 'Leeds' }])
    const [kept, trashed] = await addSites(t, city!.id, [{ name: 'Park' }, { name: 'Old park' }])
    await t.db.update(sites).set({ deletedAt: t.clock.now(), status: PLACE_STATUS.ACTIVE }).where(eq(sites.id, trashed!.id))
    const { data } = await okBody(await bulk(t, 'sites', { action: 'deactivate', query: { search: 'park', cityId: city!.id } }), bulkResult)
    expect(data).toEqual({ changed: 1, skipped: [], stopped: false })
    const [row] = await t.db.select({ status: sites.status }).from(sites).where(eq(sites.id, trashed!.id))
    expect(row!.status).toBe(PLACE_STATUS.ACTIVE)
    const [keptRow] = await t.db.select({ status: sites.status }).from(sites).where(eq(sites.id, kept!.id))
    expect(keptRow!.status).toBe(PLACE_STATUS.DEACTIVE)
  })

  it('marks feedback resolved, noting each one’s former status', async () => {
    const t = await testApp()
    const [user] = await addUsers(t, [{}])
    const [open, done] = await addFeedback(t, [{ userId: user!.id }, { userId: user!.id, status: FEEDBACK_STATUS.RESOLVED }])
    const { data } = await okBody(await bulk(t, 'feedback', { action: 'resolve', ids: [open!.id, done!.id] }, 'subAdmin'), bulkResult)
    expect(data).toEqual({ changed: 1, skipped: [{ _id: done!.id, reason: BULK_REASON.already }], stopped: false })
    const [entry] = await auditOf(t, 'feedback.status')
    expect(entry!.detail).toEqual({ from: FEEDBACK_STATUS.OPEN, to: FEEDBACK_STATUS.RESOLVED, status: 'Resolved', bulk: true })
  })

  it('deletes notifications and feedback for an admin', async () => {
    const t = await testApp()
    const n = await addNotification(t, { title: 'Hello' })
    const [user] = await addUsers(t, [{}])
    const [f] = await addFeedback(t, [{ userId: user!.id }])
    expect((await okBody(await bulk(t, 'notifications', { action: 'delete', ids: [n.id] }), bulkResult)).data.changed).toBe(1)
    expect((await okBody(await bulk(t, 'feedback', { action: 'delete', ids: [f!.id] }), bulkResult)).data.changed).toBe(1)
    expect(await t.db.$count(notifications, sql`${notifications.deletedAt} is null`)).toBe(0)
    expect(await t.db.$count(feedback, sql`${feedback.deletedAt} is null`)).toBe(0)
  })
})

/** `count` users named 'big1'... in one statement; their ids in that order. */
async function addManyUsers(t: TestApp, count: number): Promise<string[]> {
  await t.db.execute(
    sql`insert into app_users (username, name, email) select 'big' || g, 'Big ' || g, 'big' || g || '@example.com' from generate_series(1, ${count}) g`,
  )
  const rows = await t.db.select({ id: appUsers.id, username: appUsers.username }).from(appUsers).where(sql`${appUsers.username} like 'big%'`)
  const number = (name: string | null) => Number(name!.slice(3))
  return rows.sort((a, b) => number(a.username) - number(b.username)).map((row) => row.id)
}

/**
 * Counts the transactions begun on `t.db` (only the bulk route opens one here), calling `during`
 * inside each before its work. Restored by the returned function.
 */
function watchTransactions(t: TestApp, during: (begun: number) => void) {
  const begin = t.db.transaction.bind(t.db)
  let begun = 0
  const spy = vi.spyOn(t.db, 'transaction').mockImplementation(((run: Parameters<typeof begin>[0], config?: Parameters<typeof begin>[1]) =>
    begin((tx) => {
      during(++begun)
      return run(tx)
    }, config)) as typeof t.db.transaction)
  return { begun: () => begun, restore: () => spy.mockRestore() }
}

// Thousands of rows each: on a loaded 2-CPU machine that takes a while.
describe('bulk actions: in chunks', { timeout: 90_000 }, () => {
  it('works BULK_CHUNK_ROWS rows a transaction, and a list request made during the first chunk is answered before the call ends', async () => {
    const t = await testApp()
    const chunks = 5
    const ids = await addManyUsers(t, BULK_CHUNK_ROWS * (chunks - 1) + 1)
    const token = await tokenOf(t, 'subAdmin')
    const order: string[] = []
    let list: Promise<Response> | undefined
    const listAnswer = async () => {
      const res = await t.get('/admin/users?limit=10', { token })
      order.push('list')
      return res
    }
    // Asked once the first chunk holds the (embedded, one-at-a-time) database: it waits for that
    // chunk, then its statements queue between the next ones. In one transaction it waited for all.
    const watch = watchTransactions(t, () => {
      list ??= listAnswer()
    })
    try {
      const res = await bulk(t, 'users', { action: 'block', ids }, 'subAdmin').then((r) => {
        order.push('bulk')
        return r
      })
      const { data } = await okBody(res, bulkResult)
      expect(data).toEqual({ changed: ids.length, skipped: [], stopped: false })
      expect((await list!).status).toBe(200)
      expect(order).toEqual(['list', 'bulk'])
      expect(watch.begun()).toBe(chunks)
    } finally {
      watch.restore()
    }
    expect(await t.db.$count(appUsers, eq(appUsers.status, USER_STATUS.BLOCKED))).toBe(ids.length)
    // One entry per changed row and the group's, all in one group.
    const entries = await t.db.select({ action: auditLog.action, groupId: auditLog.groupId }).from(auditLog).where(sql`${auditLog.action} like 'user.%block'`)
    expect(entries.filter((e) => e.action === 'user.block')).toHaveLength(ids.length)
    expect(entries.filter((e) => e.action === 'user.bulk_block')).toHaveLength(1)
    expect(new Set(entries.map((e) => e.groupId)).size).toBe(1)
    expect(entries[0]!.groupId).not.toBeNull()
  })

  it('keeps each row’s result across chunks: skipped rows in any chunk keep their reason, in the order sent', async () => {
    const t = await testApp()
    const ids = await addManyUsers(t, BULK_CHUNK_ROWS + 2)
    // One already blocked in the first chunk, one in the second, and an unknown id last.
    await t.db.update(appUsers).set({ status: USER_STATUS.BLOCKED }).where(inArray(appUsers.id, [ids[3]!, ids[BULK_CHUNK_ROWS + 1]!]))
    const { data } = await okBody(await bulk(t, 'users', { action: 'block', ids: [...ids, UNKNOWN_ID] }, 'subAdmin'), bulkResult)
    expect(data).toEqual({
      changed: ids.length - 2,
      skipped: [
        { _id: ids[3], reason: BULK_REASON.already },
        { _id: ids[BULK_CHUNK_ROWS + 1], reason: BULK_REASON.already },
        { _id: UNKNOWN_ID, reason: BULK_REASON.notFound },
      ],
      stopped: false,
    })
    const [group] = await auditOf(t, 'user.bulk_block')
    expect(group!.detail).toEqual({ count: ids.length - 2, skipped: 3 })
    expect(group!.targetLabel).toBe(bulkGroupLabel({ changed: ids.length - 2, skipped: 3 }))
  })

  it('when a later chunk fails, keeps the chunks done, answers what changed and lists the rest as not done; the group says so', async () => {
    const t = await testApp()
    const ids = await addManyUsers(t, BULK_CHUNK_ROWS * 2 + 1)
    // A row of the second chunk cannot be changed: that chunk rolls back, the third is not tried.
    const refused = `big${BULK_CHUNK_ROWS + 100}`
    await t.db.execute(
      sql.raw(`create function refuse_big() returns trigger language plpgsql as $$
        begin if new.username = '${refused}' then raise exception 'refused'; end if; return new; end $$`),
    )
    await t.db.execute(sql.raw('create trigger refuse_big before update on app_users for each row execute function refuse_big()'))
    try {
      const res = await bulk(t, 'users', { action: 'block', ids }, 'subAdmin')
      const body = await okBody(res, bulkResult)
      expect(body.message).toBe(BULK_MSG.stopped)
      const notDone = ids.slice(BULK_CHUNK_ROWS)
      expect(body.data).toEqual({ changed: BULK_CHUNK_ROWS, skipped: notDone.map((_id) => ({ _id, reason: BULK_REASON.stopped })), stopped: true })
      const blocked = await t.db.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.status, USER_STATUS.BLOCKED))
      expect(blocked.map((row) => row.id).sort()).toEqual(ids.slice(0, BULK_CHUNK_ROWS).sort())
      expect(await t.db.$count(auditLog, eq(auditLog.action, 'user.block'))).toBe(BULK_CHUNK_ROWS)
      const [group] = await auditOf(t, 'user.bulk_block')
      expect(group!.detail).toEqual({ count: BULK_CHUNK_ROWS, skipped: 0, stopped: notDone.length })
      expect(group!.targetLabel).toBe(`${BULK_CHUNK_ROWS} changed, 0 skipped, ${notDone.length} not done`)
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_big on app_users'))
      await t.db.execute(sql.raw('drop function refuse_big()'))
    }
  })
})

describe('bulk actions: permissions and the transaction', () => {
  it('refuses a sub admin a bulk delete (403), recorded, changing nothing; a status change is allowed', async () => {
    const t = await testApp()
    const [shop] = await addPlaces(t, 'petShop', [{ name: 'Keep' }])
    await errorOf(await bulk(t, 'pet-shops', { action: 'delete', ids: [shop!.id] }, 'subAdmin'), 403)
    await errorOf(await bulk(t, 'notifications', { action: 'delete', ids: [UNKNOWN_ID] }, 'subAdmin'), 403)
    await errorOf(await bulk(t, 'feedback', { action: 'delete', ids: [UNKNOWN_ID] }, 'subAdmin'), 403)
    expect(await t.db.$count(places, sql`${places.deletedAt} is null`)).toBe(1)
    const denied = await auditOf(t, 'authz.denied')
    expect(denied.map((d) => (d.detail as { permission: string }).permission).sort()).toEqual(
      ['feedback.delete', 'notification.delete', 'place.delete'].sort(),
    )
    const { data } = await okBody(await bulk(t, 'pet-shops', { action: 'deactivate', ids: [shop!.id] }, 'subAdmin'), bulkResult)
    expect(data.changed).toBe(1)
  })

  it('changes nothing, and audits nothing, when its first chunk fails (500, as a single action)', async () => {
    const t = await testApp()
    const [a, b, c] = await addUsers(t, [{ username: 'a1' }, { username: 'b1' }, { username: 'c1' }])
    // A trigger that refuses the group's audit entry, written after the rows changed: the transaction fails.
    await t.db.execute(
      sql.raw(`create function refuse_c1() returns trigger language plpgsql as $$
        begin if new.action = 'user.bulk_block' then raise exception 'refused'; end if; return new; end $$`),
    )
    await t.db.execute(sql.raw('create trigger refuse_c1 before insert on audit_log for each row execute function refuse_c1()'))
    try {
      const res = await bulk(t, 'users', { action: 'block', ids: [a!.id, b!.id, c!.id] })
      expect(res.status).toBe(500)
      expect(await t.db.$count(appUsers, and(eq(appUsers.status, USER_STATUS.BLOCKED)))).toBe(0)
      expect((await auditOf(t, 'user.block')).length).toBe(0)
      expect((await auditOf(t, 'user.bulk_block')).length).toBe(0)
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_c1 on audit_log'))
      await t.db.execute(sql.raw('drop function refuse_c1()'))
    }
  })
})

describe('bulk restore: the Undo of a bulk delete', () => {
  const trashedOf = async (t: TestApp, ids: string[]) =>
    (await t.db.select({ id: places.id, deletedAt: places.deletedAt, deletedBy: places.deletedBy }).from(places).where(inArray(places.id, ids))).filter(
      (p) => p.deletedAt !== null || p.deletedBy !== null,
    )
  const petShopTotal = async (t: TestApp) =>
    (await okBody(await t.get('/admin/dashboard', { token: await tokenOf(t) }), dashboardTotals)).data.petShops

  it('puts the deleted rows back as the single restore does, skipping live and unknown ones; counts and audit follow', async () => {
    const t = await testApp()
    const [a, b, kept] = await addPlaces(t, 'petShop', [{ name: 'Alpha Paws' }, { name: 'Beta Paws' }, { name: 'Kept' }])
    const [hospital] = await addPlaces(t, 'hospital', [{ name: 'Elsewhere' }])
    await okBody(await bulk(t, 'hospitals', { action: 'delete', ids: [hospital!.id] }), bulkResult)
    const deleted = await okBody(await bulk(t, 'pet-shops', { action: 'delete', ids: [a!.id, b!.id] }), bulkResult)
    expect(deleted.data.ids).toEqual([a!.id, b!.id])
    expect(await rowCount(t.db, places, { kind: 'petShop' })).toBe(1)
    expect(await petShopTotal(t)).toBe(1)

    const { data } = await okBody(await bulk(t, 'pet-shops', { action: 'restore', ids: [a!.id, b!.id, kept!.id, UNKNOWN_ID, hospital!.id] }), bulkResult)
    expect(data).toEqual({
      changed: 2,
      skipped: [
        { _id: kept!.id, reason: BULK_REASON.notInTrash },
        { _id: UNKNOWN_ID, reason: BULK_REASON.notFound },
        // Another kind's row, trashed or not, is not one of this list's.
        { _id: hospital!.id, reason: BULK_REASON.notFound },
      ],
      stopped: false,
    })
    expect(await trashedOf(t, [a!.id, b!.id, kept!.id])).toEqual([])
    expect(await trashedOf(t, [hospital!.id])).toHaveLength(1)
    expect(await rowCount(t.db, places, { kind: 'petShop' })).toBe(3)
    expect(await petShopTotal(t)).toBe(3)

    const rows = await auditOf(t, 'trash.restore')
    expect(rows.map((r) => [r.targetType, r.targetId, r.targetLabel, r.detail]).sort()).toEqual(
      [
        ['petShop', a!.id, 'Alpha Paws', { bulk: true }],
        ['petShop', b!.id, 'Beta Paws', { bulk: true }],
      ].sort(),
    )
    const [group] = await auditOf(t, 'petShop.bulk_restore')
    expect(group!.detail).toEqual({ count: 2, skipped: 3 })
    expect(group!.requestId).toBe(rows[0]!.requestId)
  })

  it('undoes a delete of all matching: its answer names the rows it moved', async () => {
    const t = await testApp()
    const [one, two] = await addPlaces(t, 'hospital', [{ name: 'Vet One' }, { name: 'Vet Two' }, { name: 'Other' }])
    const deleted = await okBody(await bulk(t, 'hospitals', { action: 'delete', query: { search: 'vet' } }), bulkResult)
    expect(deleted.data.changed).toBe(2)
    expect([...deleted.data.ids!].sort()).toEqual([one!.id, two!.id].sort())
    const { data } = await okBody(await bulk(t, 'hospitals', { action: 'restore', ids: deleted.data.ids! }), bulkResult)
    expect(data).toEqual({ changed: 2, skipped: [], stopped: false })
    expect(await rowCount(t.db, places, { kind: 'hospital' })).toBe(3)
    // Only a delete's answer names its rows.
    expect(data.ids).toBeUndefined()
  })

  it('restores notifications and feedback', async () => {
    const t = await testApp()
    const n = await addNotification(t, { title: 'Hello' })
    const [user] = await addUsers(t, [{}])
    const [f] = await addFeedback(t, [{ userId: user!.id }])
    await okBody(await bulk(t, 'notifications', { action: 'delete', ids: [n.id] }), bulkResult)
    await okBody(await bulk(t, 'feedback', { action: 'delete', ids: [f!.id] }), bulkResult)
    expect((await okBody(await bulk(t, 'notifications', { action: 'restore', ids: [n.id] }), bulkResult)).data).toEqual({ changed: 1, skipped: [], stopped: false })
    expect((await okBody(await bulk(t, 'feedback', { action: 'restore', ids: [f!.id] }), bulkResult)).data).toEqual({ changed: 1, skipped: [], stopped: false })
    expect(await t.db.$count(notifications, sql`${notifications.deletedAt} is null and ${notifications.deletedBy} is null`)).toBe(1)
    expect(await t.db.$count(feedback, sql`${feedback.deletedAt} is null and ${feedback.deletedBy} is null`)).toBe(1)
    expect((await auditOf(t, 'trash.restore')).map((r) => r.targetType).sort()).toEqual(['feedback', 'notification'])
  })

  it('refuses a site whose city is in the trash, with the single restore’s message; the others come back into their city’s count', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const [paris, oslo] = await addCities(t, [{ name: 'Paris' }, { name: 'Oslo' }])
    const [parc] = await addSites(t, paris!.id, [{ name: 'Parc' }])
    const [frogner] = await addSites(t, oslo!.id, [{ name: 'Frogner' }])
    await okBody(await bulk(t, 'sites', { action: 'delete', ids: [parc!.id, frogner!.id] }), bulkResult)
    // With no live site left, Paris may go to the trash.
    expect((await t.call('DELETE', `/admin/city/${paris!.id}`, undefined, { token })).status).toBe(200)

    const { data } = await okBody(await bulk(t, 'sites', { action: 'restore', ids: [parc!.id, frogner!.id] }), bulkResult)
    expect(data).toEqual({ changed: 1, skipped: [{ _id: parc!.id, reason: TRASH_MSG.siteCityGone }], stopped: false })
    const [parcRow] = await t.db.select({ deletedAt: sites.deletedAt }).from(sites).where(eq(sites.id, parc!.id))
    expect(parcRow!.deletedAt).not.toBeNull()
    expect((await okBody(await t.get(`/admin/city/${oslo!.id}`, { token }), city)).data.siteCount).toBe(1)
    expect((await auditOf(t, 'trash.restore')).map((r) => r.targetId)).toEqual([frogner!.id])

    // The city back, its site follows.
    await t.db.update(cities).set({ deletedAt: null, deletedBy: null }).where(eq(cities.id, paris!.id))
    expect((await okBody(await bulk(t, 'sites', { action: 'restore', ids: [parc!.id] }), bulkResult)).data.changed).toBe(1)
    expect((await okBody(await t.get(`/admin/city/${paris!.id}`, { token }), city)).data.siteCount).toBe(1)
  })

  it('takes ids only: a query is a 400 naming the field', async () => {
    const t = await testApp()
    const refused = await errorOf(await bulk(t, 'pet-shops', { action: 'restore', query: { search: 'paws' } }), 400)
    expect(refused.error.fields?.query).toBe(BULK_MSG.restoreByIds)
  })

  it('is refused to a sub admin (403, the trash’s permission), recorded, changing nothing', async () => {
    const t = await testApp()
    const [shop] = await addPlaces(t, 'petShop', [{ name: 'Gone' }])
    await okBody(await bulk(t, 'pet-shops', { action: 'delete', ids: [shop!.id] }), bulkResult)
    await errorOf(await bulk(t, 'pet-shops', { action: 'restore', ids: [shop!.id] }, 'subAdmin'), 403)
    expect(await trashedOf(t, [shop!.id])).toHaveLength(1)
    const [denied] = await auditOf(t, 'authz.denied')
    expect(denied!.detail).toMatchObject({ permission: 'trash.manage', attempted: 'petShop.bulk_restore' })
    expect(await auditOf(t, 'trash.restore')).toEqual([])
  })
})
