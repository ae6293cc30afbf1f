import { eq } from 'drizzle-orm'
import { API_MSG } from '../../contract'
import { SEARCH_MSG, searchResults } from '../../contract/search'
import { cities, places, sites } from '../../server/db/schema'
import { errorOf, okBody } from './helpers/bodies'
import { addCities, addPlaces, addSites, addUsers, tokenOf } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

/** GET /admin/search (the command palette): five of each kind, whether more match, never the trash. */

const find = async (t: TestApp, q: string, who: 'admin' | 'subAdmin' = 'admin') =>
  (await okBody(await t.get(`/admin/search?q=${encodeURIComponent(q)}`, { token: await tokenOf(t, who) }), searchResults)).data

const labels = (group: { items: { label: string }[] }) => group.items.map((i) => i.label)

describe('GET /admin/search', () => {
  it('finds users by username, name or email, and places, sites and cities by name, each under its kind', async () => {
    const t = await testApp()
    const [ada] = await addUsers(t, [
      { username: 'ada_l', name: 'Ada Lovelace', email: 'ada@example.com' },
      { username: 'grace', name: 'Grace Hopper', email: 'lovelace-fan@example.com' },
      { username: 'alan', name: 'Alan Turing', email: 'alan@example.com' },
    ])
    await addPlaces(t, 'petShop', [{ name: 'Lovelace Pets', address: '1 Shop Street' }, { name: 'Other Shop' }])
    await addPlaces(t, 'hospital', [{ name: 'St Lovelace Vets' }])
    const [paris] = await addCities(t, [{ name: 'Lovelaceville' }, { name: 'Paris' }])
    await addSites(t, paris!.id, [{ name: 'Lovelace Park', address: '2 Park Lane' }, { name: 'Other Park' }])

    const found = await find(t, '  LOVELACE ')
    expect(labels(found.users)).toEqual(['ada_l', 'grace'])
    expect(found.users.items[0]).toEqual({ _id: ada!.id, label: 'ada_l', subLabel: 'Ada Lovelace · ada@example.com' })
    expect(found.petShops.items).toEqual([expect.objectContaining({ label: 'Lovelace Pets', subLabel: '1 Shop Street' })])
    expect(labels(found.hospitals)).toEqual(['St Lovelace Vets'])
    expect(found.sites.items).toEqual([expect.objectContaining({ label: 'Lovelace Park', subLabel: '2 Park Lane' })])
    expect(found.cities.items).toEqual([expect.objectContaining({ label: 'Lovelaceville', subLabel: '2 sites' })])
    expect(Object.values(found).every((group) => !group.more)).toBe(true)
  })

  it('gives five of a kind in name order and says that more match', async () => {
    const t = await testApp()
    await addUsers(t, ['f', 'b', 'g', 'a', 'e', 'c', 'd'].map((x) => ({ username: `${x}_paws` })))
    const found = await find(t, 'paws', 'subAdmin')
    expect(labels(found.users)).toEqual(['a_paws', 'b_paws', 'c_paws', 'd_paws', 'e_paws'])
    expect(found.users.more).toBe(true)
    expect(found.petShops).toEqual({ items: [], more: false })
  })

  it('treats % and _ as themselves', async () => {
    const t = await testApp()
    await addPlaces(t, 'petShop', [{ name: '100% Pets' }, { name: '1000 Pets' }])
    expect(labels((await find(t, '0%')).petShops)).toEqual(['100% Pets'])
  })

  it('leaves out pet shops, hospitals, sites and cities in the trash', async () => {
    const t = await testApp()
    const [shop] = await addPlaces(t, 'petShop', [{ name: 'Gone Shop' }, { name: 'Gone Shop Too' }])
    const [vet] = await addPlaces(t, 'hospital', [{ name: 'Gone Vets' }])
    const [city, emptyCity] = await addCities(t, [{ name: 'Gone Town' }, { name: 'Gone City' }])
    const [site] = await addSites(t, city!.id, [{ name: 'Gone Park' }])
    const at = t.clock.now()
    await t.db.update(places).set({ deletedAt: at }).where(eq(places.id, shop!.id))
    await t.db.update(places).set({ deletedAt: at }).where(eq(places.id, vet!.id))
    await t.db.update(sites).set({ deletedAt: at }).where(eq(sites.id, site!.id))
    await t.db.update(cities).set({ deletedAt: at }).where(eq(cities.id, emptyCity!.id))

    const found = await find(t, 'gone')
    expect(labels(found.petShops)).toEqual(['Gone Shop Too'])
    expect(found.hospitals.items).toEqual([])
    expect(found.sites.items).toEqual([])
    expect(labels(found.cities)).toEqual(['Gone Town'])
  })

  it.each([
    ['no q', '', SEARCH_MSG.tooShort],
    ['a q of one character (after trimming)', '?q=%20a%20', SEARCH_MSG.tooShort],
    ['a q over 100 characters', `?q=${'a'.repeat(101)}`, SEARCH_MSG.tooLong],
    ['a very long q, refused by its length alone', `?q=${'%20'.repeat(5000)}`, SEARCH_MSG.tooLong],
  ])('answers 400 for %s', async (_what, query, message) => {
    const t = await testApp()
    const body = await errorOf(await t.get(`/admin/search${query}`, { token: await tokenOf(t) }), 400)
    expect(body.error.fields).toEqual({ q: message })
  })

  it('answers 400 for an unknown parameter', async () => {
    const t = await testApp()
    await errorOf(await t.get('/admin/search?q=ab&page=2', { token: await tokenOf(t) }), 400)
  })

  it('answers 401 without a session, for either role a result', async () => {
    const t = await testApp()
    expect((await errorOf(await t.get('/admin/search?q=ab'), 401)).message).toBe(API_MSG.signIn)
    await find(t, 'ab', 'admin')
    await find(t, 'ab', 'subAdmin')
  })
})
