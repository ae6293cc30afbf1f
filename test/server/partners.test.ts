import { partner, PARTNERS_MSG } from '../../contract'
import { listBody } from './helpers/bodies'
import { addPartners, minutesAgo, tokenOf } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const someOf = (t: TestApp) =>
  addPartners(t, [
    { name: 'Sunrise Vets', ownerName: 'Dr. Helen Carter', email: 'hello@sunrise.test', mobileNo: '+1 5550100', type: 5, createdAt: minutesAgo(t, 1) },
    { name: 'Pet_Palace', ownerName: 'Marcus Reid', email: 'shop@palace.test', mobileNo: '+44 7700900', type: 6, createdAt: minutesAgo(t, 2) },
    { name: 'PetXPalace', ownerName: 'Sofia Rossi', email: 'info@x.test', mobileNo: '+91 9800012', type: 6, createdAt: minutesAgo(t, 3) },
  ])

const namesOf = (body: { data: { name: string }[] }) => body.data.map((p) => p.name)

describe('GET /admin/partners', () => {
  it('lists partner requests with their fields', async () => {
    const t = await testApp()
    const [sunrise] = await someOf(t)
    const body = await listBody(await t.get('/admin/partners?limit=1', { token: await tokenOf(t, 'subAdmin') }), partner)
    expect(body.message).toBe(PARTNERS_MSG.listed)
    expect(body.data).toEqual([
      {
        _id: sunrise!.id,
        name: 'Sunrise Vets',
        ownerName: 'Dr. Helen Carter',
        email: 'hello@sunrise.test',
        mobileNo: '+1 5550100',
        type: 5,
        address: sunrise!.address,
        status: 1,
        createdAt: minutesAgo(t, 1).toISOString(),
      },
    ])
  })

  it.each([
    ['name', 'sunRISE', ['Sunrise Vets']],
    ['owner name', 'REID', ['Pet_Palace']],
    ['email', '@X.TEST', ['PetXPalace']],
    ['mobile number', '9800', ['PetXPalace']],
    ['name, with _ taken literally', 't_p', ['Pet_Palace']],
  ])('finds partners by part of the %s, whatever the case', async (_what, search, expected) => {
    const t = await testApp()
    await someOf(t)
    const body = await listBody(await t.get(`/admin/partners?search=${encodeURIComponent(search)}`, { token: await tokenOf(t) }), partner)
    expect(namesOf(body)).toEqual(expected)
  })

  it('filters by type: 5 hospitals, 6 pet shops', async () => {
    const t = await testApp()
    await someOf(t)
    const token = await tokenOf(t)
    expect(namesOf(await listBody(await t.get('/admin/partners?filter=5', { token }), partner))).toEqual(['Sunrise Vets'])
    expect(namesOf(await listBody(await t.get('/admin/partners?filter=6', { token }), partner))).toEqual(['Pet_Palace', 'PetXPalace'])
  })
})
