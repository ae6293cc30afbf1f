import type * as zm from 'zod/mini'
import type { z } from 'zod'
import { feedback, notificationListItem, partner, placeListItem, userListItem } from '../../contract'
import { errorOf, listBody } from './helpers/bodies'
import {
  addFeedback,
  addNotification,
  addPartners,
  addPlaces,
  addUsers,
  minutesAgo,
  tokenOf,
} from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

/**
 * What every list does alike (they share one list query and server/db/list.ts): session, paging, default order, sorting by
 * each allowed column both ways, and 400s for bad values. Searches and filters, which differ by
 * list, are tested in each resource's file.
 */

const WORDS = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'alpha', 'Foxtrot'] as const
const word = (i: number) => WORDS[i % WORDS.length]!

type Item = { _id: string; createdAt: string }
type Comparable = string | number

interface ListCase {
  path: string
  item: zm.ZodMiniType<Item>
  /** Adds rows, row i made `i` minutes before now (so row 0 is the newest) with varied sort values. */
  add: (t: TestApp, count: number) => Promise<unknown>
  /** The allowed sort columns and how to read each from an item (text compared without case). */
  sorts: Record<string, (item: never) => Comparable>
  badFilter: string
}

const lower = (s: string | null) => (s ?? '').toLowerCase()

const LISTS: ListCase[] = [
  {
    path: '/admin/users',
    item: userListItem,
    add: (t, count) =>
      addUsers(
        t,
        Array.from({ length: count }, (_, i) => ({
          username: `${word(i)}_${i}`,
          name: `${word(i + 3)} Person`,
          email: `${word(i + 5)}${i}@example.com`,
          // One without a birthday: it sorts after every date ascending, before them descending.
          dob: i % 4 === 3 ? null : `19${80 + (i % 5)}-0${1 + (i % 3)}-1${i % 7}`,
          createdAt: minutesAgo(t, i),
        })),
      ),
    sorts: {
      username: (u: z.infer<typeof userListItem>) => lower(u.username),
      name: (u: z.infer<typeof userListItem>) => lower(u.name),
      email: (u: z.infer<typeof userListItem>) => lower(u.email),
      dob: (u: z.infer<typeof userListItem>) => u.dob ?? '9999-12-31',
      createdAt: (u: z.infer<typeof userListItem>) => u.createdAt,
    },
    badFilter: '9',
  },
  ...(['petShop', 'hospital'] as const).map(
    (kind): ListCase => ({
      path: kind === 'petShop' ? '/place/admin/pet-shops' : '/place/admin/hospitals',
      item: placeListItem,
      add: (t, count) =>
        addPlaces(
          t,
          kind,
          Array.from({ length: count }, (_, i) => ({
            name: `${word(i)} ${kind}`,
            address: `${word(i + 2)} Road ${i}`,
            status: i % 3 === 0 ? 2 : 1,
            createdAt: minutesAgo(t, i),
          })),
        ),
      sorts: {
        name: (p: z.infer<typeof placeListItem>) => lower(p.name),
        address: (p: z.infer<typeof placeListItem>) => lower(p.address),
        status: (p: z.infer<typeof placeListItem>) => p.status,
        createdAt: (p: z.infer<typeof placeListItem>) => p.createdAt,
      },
      badFilter: '9',
    }),
  ),
  {
    path: '/admin/partners',
    item: partner,
    add: (t, count) =>
      addPartners(
        t,
        Array.from({ length: count }, (_, i) => ({
          name: `${word(i)} Vets`,
          ownerName: `${word(i + 1)} Owner`,
          email: `${word(i + 4)}${i}@partner.example.com`,
          type: i % 2 === 0 ? 5 : 6,
          createdAt: minutesAgo(t, i),
        })),
      ),
    sorts: {
      name: (p: z.infer<typeof partner>) => lower(p.name),
      ownerName: (p: z.infer<typeof partner>) => lower(p.ownerName),
      email: (p: z.infer<typeof partner>) => lower(p.email),
      type: (p: z.infer<typeof partner>) => p.type,
      createdAt: (p: z.infer<typeof partner>) => p.createdAt,
    },
    badFilter: '9',
  },
  {
    path: '/feedback/list',
    item: feedback,
    add: (t, count) =>
      addFeedback(
        t,
        Array.from({ length: count }, (_, i) => ({
          type: (['BUG', 'NEW_FEATURE', 'SUGGESTION', 'OTHER'] as const)[i % 4],
          createdAt: minutesAgo(t, i),
        })),
      ),
    sorts: {
      type: (f: z.infer<typeof feedback>) => f.type,
      createdAt: (f: z.infer<typeof feedback>) => f.createdAt,
    },
    badFilter: 'PRAISE',
  },
  {
    path: '/admin/notifications',
    item: notificationListItem,
    add: async (t, count) => {
      for (let i = 0; i < count; i++) {
        await addNotification(t, { title: `${word(i)} news`, sendTo: i % 2 ? 'ALL_USERS' : 'SELECTED_USERS', createdAt: minutesAgo(t, i) })
      }
    },
    sorts: {
      title: (n: z.infer<typeof notificationListItem>) => lower(n.title),
      createdAt: (n: z.infer<typeof notificationListItem>) => n.createdAt,
    },
    badFilter: 'SOME_USERS',
  },
]

/** Each item comes after the one before it in `direction`, ties broken by id the same way. */
function expectOrdered(items: Item[], key: (item: never) => Comparable, direction: 1 | -1) {
  for (let i = 1; i < items.length; i++) {
    const [a, b] = [items[i - 1]!, items[i]!]
    const [ka, kb] = [key(a as never), key(b as never)]
    const cmp = ka < kb ? -1 : ka > kb ? 1 : a._id < b._id ? -1 : 1
    expect(cmp, `${String(ka)} (${a._id}) then ${String(kb)} (${b._id})`).toBe(-direction)
  }
}

describe.each(LISTS)('GET $path', ({ path, item, add, sorts, badFilter }) => {
  it('answers 401 without a token', async () => {
    const t = await testApp()
    expect((await errorOf(await t.get(path), 401)).error.code).toBe('UNAUTHORIZED')
  })

  it('pages newest first with the total and the number of pages', async () => {
    const t = await testApp()
    const token = await tokenOf(t, 'subAdmin')
    await add(t, 23)
    const first = await listBody(await t.get(`${path}?limit=10`, { token }), item)
    expect(first).toMatchObject({ page: 1, limit: 10, total: 23, totalPages: 3 })
    expect(first.data).toHaveLength(10)
    expectOrdered(first.data, sorts.createdAt!, -1)
    const last = await listBody(await t.get(`${path}?page=3&limit=10`, { token }), item)
    expect(last.data).toHaveLength(3)
    const all = await listBody(await t.get(`${path}?limit=100`, { token }), item)
    expect([...first.data, ...(await listBody(await t.get(`${path}?page=2&limit=10`, { token }), item)).data, ...last.data]).toEqual(all.data)
  })

  it('answers an empty page past the last one, with the right total', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    await add(t, 3)
    const body = await listBody(await t.get(`${path}?page=7&limit=2`, { token }), item)
    expect(body).toMatchObject({ data: [], page: 7, limit: 2, total: 3, totalPages: 2 })
  })

  it('answers an empty list with total 0 and no pages', async () => {
    const t = await testApp()
    const body = await listBody(await t.get(path, { token: await tokenOf(t) }), item)
    expect(body).toMatchObject({ data: [], page: 1, limit: 10, total: 0, totalPages: 0 })
  })

  it.each(Object.keys(sorts))('sorts by %s both ways, ties broken by id', async (sortBy) => {
    const t = await testApp()
    const token = await tokenOf(t)
    await add(t, 14)
    const up = await listBody(await t.get(`${path}?sortBy=${sortBy}&sortOrder=1&limit=100`, { token }), item)
    expect(up.data).toHaveLength(14)
    expectOrdered(up.data, sorts[sortBy]!, 1)
    const down = await listBody(await t.get(`${path}?sortBy=${sortBy}&sortOrder=-1&limit=100`, { token }), item)
    expectOrdered(down.data, sorts[sortBy]!, -1)
    expect(down.data.map((i) => i._id)).toEqual(up.data.map((i) => i._id).reverse())
  })

  it.each(Object.keys(sorts))('reads every page of the order by %s, both ways, deep pages included', async (sortBy) => {
    const t = await testApp()
    const token = await tokenOf(t)
    await add(t, 14)
    for (const sortOrder of [1, -1]) {
      const query = `${path}?sortBy=${sortBy}&sortOrder=${sortOrder}`
      const all = await listBody(await t.get(`${query}&limit=100`, { token }), item)
      // Pages past the middle are read from the end (server/db/list.ts): the same rows, the same order.
      const pages = []
      for (let page = 1; page <= 5; page++) pages.push(await listBody(await t.get(`${query}&page=${page}&limit=3`, { token }), item))
      expect(pages.map((p) => p.total)).toEqual([14, 14, 14, 14, 14])
      expect(pages.flatMap((p) => p.data).map((i) => i._id)).toEqual(all.data.map((i) => i._id))
    }
  })

  it('answers 400 naming each bad field: page, limit, sortBy, filter and an unknown key', async () => {
    const t = await testApp()
    const res = await t.get(`${path}?page=0&limit=1000&sortBy=password&filter=${badFilter}&pages=2`, { token: await tokenOf(t) })
    const body = await errorOf(res, 400)
    expect(body.error.code).toBe('BAD_REQUEST')
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['filter', 'limit', 'page', 'pages', 'sortBy'])
    expect(body.error.fields?.pages).toBe('This field is not allowed')
    expect(body.error.fields?.limit).toMatch(/100/)
  })

  it.each(['sortOrder=2', 'page=abc', 'limit=-5', `search=${'x'.repeat(101)}`])('answers 400, not 500, for %s', async (query) => {
    const t = await testApp()
    const body = await errorOf(await t.get(`${path}?${query}`, { token: await tokenOf(t) }), 400)
    expect(Object.keys(body.error.fields ?? {})).toEqual([query.split('=')[0]])
  })
})
