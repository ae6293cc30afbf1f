import { adminProfile, DASHBOARD_MSG, dashboardTotals, MSG, PROFILE_MSG, ROLE } from '../../contract'
import { appUsers, partners, places } from '../../server/db/schema'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { errorOf, okBody } from './helpers/bodies'
import { testApp } from './helpers/test-app'

describe('GET /admin/profile', () => {
  it("returns the signed-in admin's profile", async () => {
    const t = await testApp()
    const { _id, token } = await t.login(TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password)
    const body = await okBody(await t.get('/admin/profile', { token }), adminProfile)
    expect(body.message).toBe(PROFILE_MSG.fetched)
    expect(body.data).toEqual({
      _id,
      name: TEST_SUB_ADMIN.name,
      email: TEST_SUB_ADMIN.email,
      role: ROLE.SUB_ADMIN,
      profileImage: null,
    })
  })
})

describe('PUT /admin/edit', () => {
  it('updates the name and picture and returns the profile', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const picture = 'https://cdn.petcare.test/profile/a.png'
    const body = await okBody(await t.put('/admin/edit', { name: '  Maya Admin ', profileImage: picture }, { token }), adminProfile)
    expect(body.message).toBe(PROFILE_MSG.updated)
    expect(body.data).toMatchObject({ name: 'Maya Admin', profileImage: picture })
    const again = await okBody(await t.get('/admin/profile', { token }), adminProfile)
    expect(again.data).toMatchObject({ name: 'Maya Admin', profileImage: picture })
  })

  it('keeps the picture when none is sent and removes it for null', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const picture = 'https://cdn.petcare.test/profile/b.png'
    await okBody(await t.put('/admin/edit', { name: 'Maya', profileImage: picture }, { token }), adminProfile)
    const kept = await okBody(await t.put('/admin/edit', { name: 'Maya B' }, { token }), adminProfile)
    expect(kept.data.profileImage).toBe(picture)
    const removed = await okBody(await t.put('/admin/edit', { name: 'Maya B', profileImage: null }, { token }), adminProfile)
    expect(removed.data.profileImage).toBeNull()
  })

  it('answers 400 for a name that is too short or missing', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    expect((await errorOf(await t.put('/admin/edit', { name: 'M' }, { token }), 400)).error.fields).toEqual({
      name: MSG.profileNameMin,
    })
    expect((await errorOf(await t.put('/admin/edit', {}, { token }), 400)).error.fields).toEqual({ name: MSG.required })
  })

  it('takes an uploaded picture by its path relative to the panel, as the upload answers it', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const picture = '/uploads/profile/2026/11/0b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a90.jpg'
    const body = await okBody(await t.put('/admin/edit', { name: 'Maya', profileImage: picture }, { token }), adminProfile)
    expect(body.data.profileImage).toBe(picture)
  })

  it.each([
    ['a script', 'javascript:alert(1)'],
    ['data', 'data:image/png;base64,AAAA'],
    ['another host without a scheme', '//evil.example/uploads/profile/a.png'],
    ['a parent segment', '/uploads/../api/v1/admin/profile'],
    ['a hidden segment', '/uploads/.incoming/a.png'],
    ['another path of the panel', '/api/v1/admin/profile'],
    ['over 2,048 characters', `/uploads/${'a'.repeat(2050)}`],
  ])('refuses a picture address that is neither http(s) nor an uploaded file’s path: %s', async (_what, picture) => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const res = await t.put('/admin/edit', { name: 'Maya', profileImage: picture }, { token })
    expect((await errorOf(res, 400)).error.fields).toEqual({ profileImage: 'Please enter a valid image URL' })
  })
})

describe('GET /admin/dashboard', () => {
  it('counts users, pet shops, hospitals and partner requests from the database', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password)
    const place = (kind: 'petShop' | 'hospital', name: string) => ({
      kind,
      name,
      description: 'A place',
      address: '1 Main Street',
      latitude: 51.5,
      longitude: -0.12,
    })
    await t.db.insert(appUsers).values(
      ['ann', 'bob', 'cy'].map((username) => ({ username, name: username, email: `${username}@example.com` })),
    )
    await t.db.insert(places).values([place('petShop', 'Shop A'), place('petShop', 'Shop B'), place('hospital', 'Vet C')])
    await t.db.insert(partners).values({
      name: 'Partner',
      ownerName: 'Owner',
      email: 'p@example.com',
      mobileNo: '5550100',
      type: 5,
      address: 'Somewhere',
    })
    const body = await okBody(await t.get('/admin/dashboard', { token }), dashboardTotals)
    expect(body.message).toBe(DASHBOARD_MSG.fetched)
    expect(body.data).toEqual({ users: 3, petShops: 2, hospitals: 1, partnerRequests: 1, pendingPartnerRequests: 1 })
  })

  it('counts zero on an empty database', async () => {
    const t = await testApp()
    const { token } = await t.login(TEST_ADMIN.email, TEST_ADMIN.password)
    const body = await okBody(await t.get('/admin/dashboard', { token }), dashboardTotals)
    expect(body.data).toEqual({ users: 0, petShops: 0, hospitals: 0, partnerRequests: 0, pendingPartnerRequests: 0 })
  })
})
