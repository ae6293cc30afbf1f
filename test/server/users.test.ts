import { sql } from 'drizzle-orm'
import { API_MSG, userDetails, userListItem, USERS_MSG } from '../../contract'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { addPets, addUsers, minutesAgo, tokenOf, UNKNOWN_ID } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

/** Four users whose fields differ, so each search finds exactly who it should. */
async function people(t: TestApp) {
  return addUsers(t, [
    { username: 'ann.lee', name: 'Ann Lee', email: 'ann@example.com', mobileNo: '7700900111', createdAt: minutesAgo(t, 1) },
    { username: 'bob_smith', name: 'Bob Smith', email: 'bob@mail.test', mobileNo: '7700900222', createdAt: minutesAgo(t, 2) },
    { username: 'cara', name: 'Cara 100% Real', email: 'cara@example.org', mobileNo: null, createdAt: minutesAgo(t, 3) },
    { username: 'bobxsmith', name: 'Dan Roe', email: 'dan@example.org', mobileNo: '4420555333', status: 2, createdAt: minutesAgo(t, 4) },
  ])
}

const usernamesOf = (body: { data: { username: string | null }[] }) => body.data.map((u) => u.username)

describe('GET /admin/users', () => {
  it('lists users with their list fields', async () => {
    const t = await testApp()
    const [ann] = await addUsers(t, [
      { username: 'ann.lee', name: 'Ann Lee', email: 'ann@example.com', mobileNo: '7700900111', countryCode: '+44', dob: '1990-05-01', createdAt: minutesAgo(t, 1) },
    ])
    const body = await listBody(await t.get('/admin/users', { token: await tokenOf(t) }), userListItem)
    expect(body.message).toBe(USERS_MSG.listed)
    expect(body.data).toEqual([
      {
        _id: ann!.id,
        username: 'ann.lee',
        name: 'Ann Lee',
        email: 'ann@example.com',
        mobileNo: '7700900111',
        countryCode: '+44',
        dob: '1990-05-01',
        status: 1,
        profileImage: null,
        createdAt: minutesAgo(t, 1).toISOString(),
      },
    ])
  })

  it.each([
    ['a username', 'ANN.L', ['ann.lee']],
    ['a full name', 'oB sMi', ['bob_smith']],
    ['an email', 'MAIL.TEST', ['bob_smith']],
    ['a mobile number', '0555', ['bobxsmith']],
  ])('finds users by part of %s, whatever the case', async (_field, search, expected) => {
    const t = await testApp()
    await people(t)
    const body = await listBody(await t.get(`/admin/users?search=${encodeURIComponent(search)}`, { token: await tokenOf(t) }), userListItem)
    expect(usernamesOf(body)).toEqual(expected)
    expect(body.total).toBe(expected.length)
  })

  it('matches _ and % literally, not as wildcards', async () => {
    const t = await testApp()
    await people(t)
    const token = await tokenOf(t)
    const underscore = await listBody(await t.get('/admin/users?search=b_s', { token }), userListItem)
    expect(usernamesOf(underscore)).toEqual(['bob_smith']) // not bobxsmith
    const percent = await listBody(await t.get(`/admin/users?search=${encodeURIComponent('0%')}`, { token }), userListItem)
    expect(usernamesOf(percent)).toEqual(['cara'])
    const backslash = await listBody(await t.get(`/admin/users?search=${encodeURIComponent('\\')}`, { token }), userListItem)
    expect(backslash.total).toBe(0)
  })

  it('does not match across two fields', async () => {
    const t = await testApp()
    await people(t)
    // 'ann.lee' then 'Ann Lee': the end of one field and the start of the next are not one text.
    const body = await listBody(await t.get('/admin/users?search=lee%20ann', { token: await tokenOf(t) }), userListItem)
    expect(body.total).toBe(0)
  })

  it('trims the search and treats a blank one as none', async () => {
    const t = await testApp()
    await people(t)
    const token = await tokenOf(t)
    expect((await listBody(await t.get('/admin/users?search=%20%20cara%20', { token }), userListItem)).total).toBe(1)
    expect((await listBody(await t.get('/admin/users?search=%20%20', { token }), userListItem)).total).toBe(4)
  })

  it('stops counting a search past 1,000 matches and says the total is a lower bound', async () => {
    const t = await testApp()
    await people(t)
    // 1,005 users named "Many N", written by the database itself.
    await t.db.execute(sql`insert into app_users (username, name, email)
      select 'many' || n, 'Many ' || n, 'many' || n || '@example.com' from generate_series(1, 1005) as n`)
    const token = await tokenOf(t)
    const first = await listBody(await t.get('/admin/users?search=many', { token }), userListItem)
    expect(first).toMatchObject({ total: 1000, totalPages: 100, totalIsLowerBound: true })
    expect(first.data).toHaveLength(10)
    // A full page at the bound: still "at least".
    const deep = await listBody(await t.get('/admin/users?search=many&page=100&limit=10', { token }), userListItem)
    expect(deep).toMatchObject({ total: 1000, totalIsLowerBound: true })
    // The last page proves the exact total.
    const last = await listBody(await t.get('/admin/users?search=many&page=101&limit=10', { token }), userListItem)
    expect(last.data).toHaveLength(5)
    expect(last.total).toBe(1005)
    expect(last).not.toHaveProperty('totalIsLowerBound')
    // A search with fewer matches than the bound is counted exactly, and says nothing more.
    const few = await listBody(await t.get('/admin/users?search=many10', { token }), userListItem)
    expect(few.total).toBe(17) // many10, many100 to many109, many1000 to many1005
    expect(few).not.toHaveProperty('totalIsLowerBound')
  })

  it('does not count a search found over 1,000 again for 30 s, unless the number of users changes', async () => {
    const t = await testApp()
    await t.db.execute(sql`insert into app_users (username, name, email)
      select 'many' || n, 'Many ' || n, 'many' || n || '@example.com' from generate_series(1, 1005) as n`)
    const token = await tokenOf(t)
    const search = async () => listBody(await t.get('/admin/users?search=many', { token }), userListItem)
    // All but 15 of them renamed, or back: the number of users stays as it is.
    const renameAllButFifteen = (from: string, to: string) =>
      t.db.execute(sql`update app_users set username = replace(username, ${from}, ${to}), name = replace(lower(name), ${from}, ${to}),
        email = replace(email, ${from}, ${to}) where username like ${`${from}%`} and substr(username, ${from.length + 1})::int > 15`)

    expect(await search()).toMatchObject({ total: 1000, totalIsLowerBound: true })
    await renameAllButFifteen('many', 'few')
    // Not counted again...
    expect(await search()).toMatchObject({ total: 1000, totalIsLowerBound: true })
    // ...until 30 s have passed.
    t.clock.advance(30_001)
    const counted = await search()
    expect(counted.total).toBe(15)
    expect(counted).not.toHaveProperty('totalIsLowerBound')

    await renameAllButFifteen('few', 'many')
    expect(await search()).toMatchObject({ total: 1000, totalIsLowerBound: true })
    await renameAllButFifteen('many', 'few')
    // One user more: counted at once.
    await t.db.execute(sql`insert into app_users (username, name, email) values ('other', 'Other', 'other@example.com')`)
    expect((await search()).total).toBe(15)
  })

  it('answers deep pages, ids first, with the rows and order of the whole list', async () => {
    const t = await testApp()
    // 2,100 users, some with equal names (ties broken by id) and every tenth blocked.
    await t.db.execute(sql`insert into app_users (username, name, email, status, created_at)
      select 'deep' || n, 'Deep ' || (n % 700), 'deep' || n || '@example.com', case when n % 10 = 0 then 2 else 1 end,
        now() - n * interval '1 minute' from generate_series(1, 2100) as n`)
    const token = await tokenOf(t)
    const ids = async (query: string) => (await listBody(await t.get(`/admin/users?${query}`, { token }), userListItem)).data.map((u) => u._id)
    for (const query of ['', 'sortBy=name&sortOrder=1', 'sortBy=name&sortOrder=-1', 'search=deep', 'filter=1&sortBy=name&sortOrder=1']) {
      // Offsets 1000 to 1099 in one page of 100, and as ten pages of ten from page 101.
      const hundred = await ids(`${query}&page=11&limit=100`)
      const tens = []
      for (let page = 101; page <= 110; page++) tens.push(...(await ids(`${query}&page=${page}&limit=10`)))
      expect(hundred, query).toHaveLength(100)
      expect(tens, query).toEqual(hundred)
      // Every page of 100 (read forwards, ids first, or from the end) meets the next without a gap or an overlap.
      const all = []
      for (let page = 1; page <= 22; page++) all.push(...(await ids(`${query}&page=${page}&limit=100`)))
      expect(new Set(all).size, query).toBe(all.length)
      expect(all.slice(1000, 1100), query).toEqual(hundred)
    }
  })

  it('filters by status, alone and with a search', async () => {
    const t = await testApp()
    await people(t)
    const token = await tokenOf(t)
    const blocked = await listBody(await t.get('/admin/users?filter=2', { token }), userListItem)
    expect(usernamesOf(blocked)).toEqual(['bobxsmith'])
    const active = await listBody(await t.get('/admin/users?filter=1&search=smith', { token }), userListItem)
    expect(usernamesOf(active)).toEqual(['bob_smith'])
  })
})

describe('GET /admin/user/:id', () => {
  it('returns the user with their pets, each with the id of its public page', async () => {
    const t = await testApp()
    const [user] = await addUsers(t, [
      { username: 'ann.lee', name: 'Ann Lee', countryCode: '+44', countryAbbreviation: 'GB', address: '1 Main Street', profileCompleted: true },
    ])
    const [rex, tom] = await addPets(t, user!.id, [
      {
        name: 'Rex',
        speciesName: 'Dog',
        breedName: 'Beagle',
        profilePhotos: [{ url: 'https://img.test/rex-1.jpg' }, { url: 'https://img.test/rex-2.jpg' }],
        createdAt: minutesAgo(t, 10),
      },
      { name: 'Tom', createdAt: minutesAgo(t, 5) },
    ])
    const body = await okBody(await t.get(`/admin/user/${user!.id}`, { token: await tokenOf(t, 'subAdmin') }), userDetails)
    expect(body.message).toBe(USERS_MSG.fetched)
    expect(body.data).toMatchObject({ _id: user!.id, countryAbbreviation: 'GB', address: '1 Main Street', profileCompleted: true })
    expect(body.data.pets).toEqual([
      { _id: rex!.id, name: 'Rex', species: { name: 'Dog' }, breed: { breedName: 'Beagle' }, profilePhoto: 'https://img.test/rex-1.jpg' },
      { _id: tom!.id, name: 'Tom', species: null, breed: null, profilePhoto: null },
    ])
  })

  it('answers 404 for an unknown id', async () => {
    const t = await testApp()
    const body = await errorOf(await t.get(`/admin/user/${UNKNOWN_ID}`, { token: await tokenOf(t) }), 404)
    expect(body.message).toBe(USERS_MSG.notFound)
  })

  it('answers 400 for an id that is not a UUID', async () => {
    const t = await testApp()
    const body = await errorOf(await t.get('/admin/user/42', { token: await tokenOf(t) }), 400)
    expect(body.error.fields).toEqual({ id: API_MSG.invalidId })
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    await errorOf(await t.get(`/admin/user/${UNKNOWN_ID}`), 401)
  })
})

describe('PATCH /admin/user/block-unblock/:id', () => {
  const patch = (t: TestApp, path: string, token?: string) =>
    t.app.request(`/api/v1${path}`, { method: 'PATCH', headers: token ? { Authorization: `Bearer ${token}` } : {} })

  it('blocks and unblocks a user, with an empty body, as the list and details then show', async () => {
    const t = await testApp()
    const [user] = await addUsers(t, [{ username: 'ann.lee' }])
    const token = await tokenOf(t, 'subAdmin')

    const blocked = await okBody(await patch(t, `/admin/user/block-unblock/${user!.id}?status=2`, token), userListItem)
    expect(blocked.message).toBe(USERS_MSG.blocked)
    expect(blocked.data).toMatchObject({ _id: user!.id, status: 2 })
    expect((await listBody(await t.get('/admin/users', { token }), userListItem)).data[0]?.status).toBe(2)
    expect((await okBody(await t.get(`/admin/user/${user!.id}`, { token }), userDetails)).data.status).toBe(2)

    const unblocked = await okBody(await patch(t, `/admin/user/block-unblock/${user!.id}?status=1`, token), userListItem)
    expect(unblocked.message).toBe(USERS_MSG.unblocked)
    expect(unblocked.data.status).toBe(1)
    expect((await listBody(await t.get('/admin/users?filter=1', { token }), userListItem)).total).toBe(1)
  })

  it('accepts a JSON empty object as the body too', async () => {
    const t = await testApp()
    const [user] = await addUsers(t, [{}])
    const res = await t.call('PATCH', `/admin/user/block-unblock/${user!.id}?status=2`, {}, { token: await tokenOf(t) })
    expect((await okBody(res, userListItem)).data.status).toBe(2)
  })

  it('answers 400 for a missing or unknown status', async () => {
    const t = await testApp()
    const [user] = await addUsers(t, [{}])
    const token = await tokenOf(t)
    expect(Object.keys((await errorOf(await patch(t, `/admin/user/block-unblock/${user!.id}`, token), 400)).error.fields ?? {})).toEqual(['status'])
    expect(Object.keys((await errorOf(await patch(t, `/admin/user/block-unblock/${user!.id}?status=3`, token), 400)).error.fields ?? {})).toEqual(['status'])
  })

  it('answers 404 for an unknown user', async () => {
    const t = await testApp()
    const body = await errorOf(await patch(t, `/admin/user/block-unblock/${UNKNOWN_ID}?status=2`, await tokenOf(t)), 404)
    expect(body.message).toBe(USERS_MSG.notFound)
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    const [user] = await addUsers(t, [{}])
    await errorOf(await patch(t, `/admin/user/block-unblock/${user!.id}?status=2`), 401)
  })
})
