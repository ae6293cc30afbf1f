import { eq, sql } from 'drizzle-orm'
import { listBatches, listPage, type PageQuery } from '../../server/db/list'
import { searchCounts } from '../../server/db/search-counts'
import { appUsers, auditLog } from '../../server/db/schema'
import { csvCell } from '../../server/http/csv'
import { userListSource } from '../../server/routes/users'
import { errorOf } from './helpers/bodies'
import {
  addFeedback,
  addPartners,
  addPlaces,
  addUsers,
  minutesAgo,
  parseCsv,
  tokenOf,
  UNKNOWN_ID,
} from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

/** The CSV download of `path`: checks the headers, returns the parsed rows. */
async function csvOf(t: TestApp, path: string, fileStem: string) {
  const res = await t.get(path, { token: await tokenOf(t, 'subAdmin') })
  expect(res.status, await res.clone().text()).toBe(200)
  expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
  // The test clock reads 2025-03-01.
  expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${fileStem}-2025-03-01.csv"`)
  const text = await res.text()
  expect(text.endsWith('\r\n')).toBe(true)
  return parseCsv(text)
}

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x.test")', '"\'=HYPERLINK(""http://x.test"")"'],
    ['+1 555', "'+1 555"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    [null, ''],
  ])('writes %j as %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })
})

describe('GET /admin/users/export', () => {
  it('writes every matching user, past one page, with the visible columns', async () => {
    const t = await testApp()
    await addUsers(
      t,
      Array.from({ length: 25 }, (_, i) => ({
        username: `user${String(i).padStart(2, '0')}`,
        name: `User ${i}`,
        email: `user${i}@example.com`,
        dob: '1990-05-01',
        countryCode: '+44',
        mobileNo: `77009000${String(i).padStart(2, '0')}`,
        createdAt: minutesAgo(t, i),
      })),
    )
    const rows = await csvOf(t, '/admin/users/export?sortBy=username&sortOrder=1', 'users')
    expect(rows[0]).toEqual(['Username', 'Full Name', 'Email', 'DOB', 'Contact No.', 'Status'])
    expect(rows).toHaveLength(26)
    expect(rows[1]).toEqual(['user00', 'User 0', 'user0@example.com', '1990-05-01', "'+44 7700900000", 'Active'])
    expect(rows.at(-1)?.[0]).toBe('user24')
  })

  it('quotes commas and quotes and neutralises formulas', async () => {
    const t = await testApp()
    await addUsers(t, [{ username: '=cmd|calc', name: 'Lee, "Ann"', email: 'ann@example.com', mobileNo: null, dob: null }])
    const res = await t.get('/admin/users/export', { token: await tokenOf(t) })
    const text = await res.text()
    expect(text).toContain(`'=cmd|calc,"Lee, ""Ann""",ann@example.com,,,Active\r\n`)
    expect(parseCsv(text)[1]).toEqual(["'=cmd|calc", 'Lee, "Ann"', 'ann@example.com', '', '', 'Active'])
  })

  it('respects the search, the filter and the order of the list', async () => {
    const t = await testApp()
    await addUsers(t, [
      { username: 'ann', name: 'Ann Smith', status: 1, createdAt: minutesAgo(t, 3) },
      { username: 'bob', name: 'Bob Smith', status: 2, createdAt: minutesAgo(t, 2) },
      { username: 'cy', name: 'Cy Smith', status: 1, createdAt: minutesAgo(t, 1) },
      { username: 'dee', name: 'Dee Jones', status: 1, createdAt: minutesAgo(t, 0) },
    ])
    const rows = await csvOf(t, '/admin/users/export?search=SMITH&filter=1', 'users')
    expect(rows.slice(1).map((r) => r[0])).toEqual(['cy', 'ann'])
  })

  it('says each user’s status in a Status column, Active or Blocked', async () => {
    const t = await testApp()
    await addUsers(t, [
      { username: 'ann', status: 1, createdAt: minutesAgo(t, 1) },
      { username: 'bob', status: 2, createdAt: minutesAgo(t, 0) },
    ])
    const rows = await csvOf(t, '/admin/users/export', 'users')
    expect(rows[0]!.at(-1)).toBe('Status')
    expect(rows.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      ['bob', 'Blocked'],
      ['ann', 'Active'],
    ])
  })

  it('answers 400 with the field for a bad query', async () => {
    const t = await testApp()
    const body = await errorOf(await t.get('/admin/users/export?sortBy=password', { token: await tokenOf(t) }), 400)
    expect(Object.keys(body.error.fields ?? {})).toEqual(['sortBy'])
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    await errorOf(await t.get('/admin/users/export'), 401)
  })

  it('writes only the header when nothing matches', async () => {
    const t = await testApp()
    expect(await csvOf(t, '/admin/users/export?search=nobody', 'users')).toEqual([['Username', 'Full Name', 'Email', 'DOB', 'Contact No.', 'Status']])
  })
})

describe.each([
  { path: '/place/admin/pet-shops/export', kind: 'petShop' as const, stem: 'pet-shops' },
  { path: '/place/admin/hospitals/export', kind: 'hospital' as const, stem: 'hospitals' },
])('GET $path', ({ path, kind, stem }) => {
  it('writes name, address, status as a word and the creation day, for the filter given', async () => {
    const t = await testApp()
    await addPlaces(t, kind, [
      { name: 'Open, "Best"', address: '1 Main Street', status: 1, createdAt: new Date('2025-02-10T10:00:00Z') },
      { name: 'Closed', address: '2 Main Street', status: 2, createdAt: new Date('2025-02-11T10:00:00Z') },
    ])
    await addPlaces(t, kind === 'petShop' ? 'hospital' : 'petShop', [{ name: 'Other kind' }])
    const rows = await csvOf(t, path, stem)
    expect(rows).toEqual([
      ['Name', 'Address', 'Status', 'Created At'],
      ['Closed', '2 Main Street', 'Deactive', '2025-02-11'],
      ['Open, "Best"', '1 Main Street', 'Active', '2025-02-10'],
    ])
    expect((await csvOf(t, `${path}?filter=1`, stem)).slice(1).map((r) => r[0])).toEqual(['Open, "Best"'])
  })
})

describe('GET /admin/partners/export', () => {
  it('writes the partner columns with the type and status as labels, for the filter given', async () => {
    const t = await testApp()
    await addPartners(t, [
      { name: 'Sunrise', ownerName: 'Dr. Carter', email: 'a@x.test', mobileNo: '+1 5550100', type: 5, address: '1 Way', createdAt: new Date('2025-01-02T00:00:00Z') },
      { name: 'Palace', ownerName: 'M. Reid', email: 'b@x.test', mobileNo: '5550101', type: 6, address: '2 Way', createdAt: new Date('2025-01-01T00:00:00Z') },
    ])
    expect(await csvOf(t, '/admin/partners/export', 'partners')).toEqual([
      ['Name', 'Owner Name', 'Email', 'Mobile No.', 'Type', 'Address', 'Status', 'Created At'],
      ['Sunrise', 'Dr. Carter', 'a@x.test', "'+1 5550100", 'Hospital', '1 Way', 'Pending', '2025-01-02'],
      ['Palace', 'M. Reid', 'b@x.test', '5550101', 'Pet Shop', '2 Way', 'Pending', '2025-01-01'],
    ])
    expect((await csvOf(t, '/admin/partners/export?filter=6', 'partners')).slice(1).map((r) => r[0])).toEqual(['Palace'])
  })
})

describe('GET /feedback/export', () => {
  it('writes type labels, descriptions with line breaks, usernames and days, for the filter given', async () => {
    const t = await testApp()
    const [ann] = await addUsers(t, [{ username: 'ann.lee' }])
    await addFeedback(t, [
      { type: 'NEW_FEATURE', description: 'Dark mode\nplease', userId: ann!.id, createdAt: new Date('2025-02-01T00:00:00Z') },
      { type: 'BUG', description: '-crash', userId: null, createdAt: new Date('2025-01-01T00:00:00Z') },
    ])
    expect(await csvOf(t, '/feedback/export', 'feedback')).toEqual([
      ['Feedback Type', 'Description', 'Username', 'Created At'],
      ['New Feature', 'Dark mode\nplease', 'ann.lee', '2025-02-01'],
      ['Bug', "'-crash", '', '2025-01-01'],
    ])
    expect((await csvOf(t, '/feedback/export?filter=BUG', 'feedback')).slice(1).map((r) => r[0])).toEqual(['Bug'])
  })
})

describe('POST to an export: the chosen rows only', () => {
  it('writes just the chosen users, in the order the query string asks, and audits how many', async () => {
    const t = await testApp()
    const [ann, bob, cat] = await addUsers(t, [{ username: 'ann' }, { username: 'bob' }, { username: 'cat' }])
    const token = await tokenOf(t, 'subAdmin')
    const res = await t.post('/admin/users/export?sortBy=username&sortOrder=-1', { ids: [ann!.id, cat!.id] }, { token })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="users-2025-03-01.csv"')
    expect(parseCsv(await res.text()).map((r) => r[0])).toEqual(['Username', 'cat', 'ann'])
    expect(bob).toBeDefined()
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.export'))
    expect(entry?.detail).toEqual({ sortBy: 'username', sortOrder: '-1', chosen: 2 })
  })

  it.each([
    ['/place/admin/pet-shops/export', 'Name'],
    ['/place/admin/hospitals/export', 'Name'],
    ['/feedback/export', 'Feedback Type'],
    ['/admin/partners/export', 'Name'],
    ['/admin/audit-log/export', 'Time'],
  ])('%s takes chosen ids too, and leaves out the rows not chosen', async (path, firstHeader) => {
    const t = await testApp()
    const [shop] = await addPlaces(t, 'petShop', [{ name: 'Chosen shop' }, { name: 'Other shop' }])
    const [hospital] = await addPlaces(t, 'hospital', [{ name: 'Chosen hospital' }, { name: 'Other hospital' }])
    const [note] = await addFeedback(t, [{ type: 'BUG', description: 'Chosen' }, { type: 'BUG', description: 'Other' }])
    const [partner] = await addPartners(t, [{ name: 'Chosen partner' }, { name: 'Other partner' }])
    const token = await tokenOf(t)
    await t.get('/admin/users/export', { token }) // two audit entries to choose from
    await t.get('/admin/users/export', { token })
    const [audit] = await t.db.select({ id: auditLog.id }).from(auditLog).limit(1)
    const chosen = { '/place/admin/pet-shops/export': shop, '/place/admin/hospitals/export': hospital, '/feedback/export': note, '/admin/partners/export': partner }[path] ?? audit
    const res = await t.post(path, { ids: [chosen!.id] }, { token })
    expect(res.status, await res.clone().text()).toBe(200)
    const rows = parseCsv(await res.text())
    expect(rows[0]![0]).toBe(firstHeader)
    expect(rows).toHaveLength(2)
  })

  it('writes only the header for ids that name no row of the list (gone, or of another list)', async () => {
    const t = await testApp()
    const [shop] = await addPlaces(t, 'petShop', [{ name: 'A shop' }])
    const res = await t.post('/place/admin/hospitals/export', { ids: [shop!.id, UNKNOWN_ID] }, { token: await tokenOf(t) })
    expect(parseCsv(await res.text())).toEqual([['Name', 'Address', 'Status', 'Created At']])
  })

  it.each([
    [{}, 'ids'],
    [{ ids: [] }, 'ids'],
    [{ ids: ['not-a-uuid'] }, 'ids.0'],
    [{ ids: [UNKNOWN_ID, UNKNOWN_ID] }, 'ids'],
    [{ ids: Array.from({ length: 10_001 }, () => UNKNOWN_ID) }, 'ids'],
    [{ ids: [UNKNOWN_ID], extra: 1 }, ''],
  ])('answers 400 for the body %#', async (body, field) => {
    const t = await testApp()
    const error = await errorOf(await t.post('/admin/users/export', body, { token: await tokenOf(t) }), 400)
    if (field) expect(Object.keys(error.error.fields ?? {})).toContain(field)
  })

  it('answers 403 to a sub admin for the audit log, and 401 without a token', async () => {
    const t = await testApp()
    expect((await t.post('/admin/audit-log/export', { ids: [UNKNOWN_ID] }, { token: await tokenOf(t, 'subAdmin') })).status).toBe(403)
    expect((await t.post('/admin/users/export', { ids: [UNKNOWN_ID] })).status).toBe(401)
  })
})

describe('listBatches', () => {
  // Ties, nulls and timestamps with microseconds: the keyset must neither skip nor repeat a row.
  async function tricky(t: TestApp) {
    await addUsers(
      t,
      Array.from({ length: 11 }, (_, i) => ({
        username: `u${i}`,
        name: i % 3 === 0 ? 'Same Name' : `Name ${i}`,
        email: `U${i}@example.com`,
        dob: i % 4 === 0 ? null : '1990-01-01',
      })),
    )
    await t.db.execute(sql`update ${appUsers} set created_at = timestamptz '2025-01-01 00:00:00.000001+00' + interval '1 microsecond' * (ascii(right(username, 1)) % 3)`)
  }

  const rowsOf = (t: TestApp) => (p: PageQuery) =>
    t.db.select({ id: appUsers.id, sortKey: p.sortKey }).from(appUsers).where(p.where).orderBy(...p.orderBy).limit(p.limit).offset(p.offset)

  it.each([
    ['createdAt', 0],
    ['createdAt', 1],
    ['name', 1],
    ['name', -1],
    ['dob', 1],
    ['dob', -1],
    ['email', -1],
  ] as const)('reads every row once, in the list order, sorting by %s (%i), two rows at a time', async (sortBy, sortOrder) => {
    const t = await testApp()
    await tricky(t)
    const query = { search: '', sortBy, sortOrder }
    const page = await listPage({ db: t.db, searchCounts: searchCounts(t.clock) }, userListSource, { ...query, page: 1, limit: 100 }, rowsOf(t))
    const streamed: string[] = []
    for await (const batch of listBatches(userListSource, query, rowsOf(t), 2)) streamed.push(...batch.map((r) => r.id))
    expect(streamed).toEqual(page.rows.map((r) => r.id))
    expect(new Set(streamed).size).toBe(11)
  })

  it('asks for the next batch before the reader takes this one, and a reader that stops early leaves no failure behind', async () => {
    const t = await testApp()
    await tricky(t)
    const asked: number[] = []
    let calls = 0
    const failingAfterFirst = (p: PageQuery) => {
      asked.push(++calls)
      return calls === 1 ? rowsOf(t)(p) : Promise.reject(new Error('the connection went away'))
    }
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      const batches = listBatches(userListSource, { search: '', sortOrder: 0 }, failingAfterFirst, 2)
      const first = await batches.next()
      expect(first.value).toHaveLength(2)
      // The second batch is already on its way while the first is being written out.
      expect(asked).toEqual([1, 2])
      await batches.return(undefined)
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})
