import { sql } from 'drizzle-orm'
import { API_PREFIX, ROLE, uploadResult, type UploadRequest } from '../../contract'
import { TEST_SUB_ADMIN } from './helpers/accounts'
import { okBody } from './helpers/bodies'
import { addCities, addPlaces, addUsers, tokenOf, UNKNOWN_ID } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

/**
 * The bad input battery: hostile requests of every kind. Each gets the right 4xx (or a
 * correct 2xx, checked), never a 5xx, and none changes the domain tables unless it is a valid
 * write whose stored value is checked. Authorization failures do write the audit log and failed
 * sign-ins the throttle table: those are the point, so they are left out of the comparison.
 */

const DOMAIN_TABLES = [
  'admins',
  'app_users',
  'pets',
  'places',
  'partners',
  'feedback',
  'notifications',
  'notification_recipients',
  'cms_pages',
  'faqs',
  'cities',
  'sites',
  'password_otps',
  'password_reset_tokens',
] as const

/** A digest of every domain table's rows, to tell whether a request changed anything. */
async function digest(t: TestApp): Promise<Record<string, string>> {
  const columns = DOMAIN_TABLES.map((name) => `(select coalesce(md5(string_agg(r::text, '|' order by r::text)), '') from ${name} r) as ${name}`)
  const result = (await t.db.execute(sql.raw(`select ${columns.join(', ')}`))) as unknown as { rows: Record<string, string>[] }
  return result.rows[0]!
}

interface Ctx {
  t: TestApp
  admin: string
  subAdmin: string
  placeId: string
  cityId: string
}

/** A raw request to `/api/v1${path}` with the admin's token unless `token` is given (null: none). */
async function raw(ctx: Ctx, method: string, path: string, body?: string, init: { type?: string; token?: string | null; headers?: Record<string, string> } = {}) {
  const token = init.token === undefined ? ctx.admin : init.token
  return ctx.t.app.request(`${API_PREFIX}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'Content-Type': init.type ?? 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
    body,
  })
}

const json = (ctx: Ctx, method: string, path: string, value: unknown, token?: string | null) => raw(ctx, method, path, JSON.stringify(value), { token })

interface Case {
  name: string
  send: (ctx: Ctx) => Promise<Response>
  /** The status (or one of the statuses) the request must get. */
  status: number | readonly number[]
  /** A valid write: checked by `check` instead of "nothing changed". */
  writes?: boolean
  check?: (res: Response, ctx: Ctx) => Promise<void>
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
const faq = (title: string) => ({ title, description: 'An answer.' })

/** A stored FAQ reads back exactly as sent. */
const roundTrip = (title: string) => async (res: Response, ctx: Ctx) => {
  const { data } = (await res.json()) as { data: { _id: string; title: string } }
  expect(data.title).toBe(title)
  const list = (await (await raw(ctx, 'GET', '/admin/faq')).json()) as { data: { _id: string; title: string }[] }
  expect(list.data.find((f) => f._id === data._id)?.title).toBe(title)
}

const usersSearch = (search: string) => (ctx: Ctx) => raw(ctx, 'GET', `/admin/users?search=${encodeURIComponent(search)}`)
/** A search that must match nothing (no seeded user holds these characters). */
const findsNothing = async (res: Response) => expect(((await res.json()) as { total: number }).total).toBe(0)

const CASES: Case[] = [
  // Malformed and huge bodies
  { name: 'malformed JSON', send: (c) => raw(c, 'POST', '/admin/city', '{"name": "Paris"'), status: 400 },
  { name: 'a JSON body of 200 kB', send: (c) => json(c, 'POST', '/admin/city', { name: 'x'.repeat(200_000) }), status: 413 },
  { name: 'a null body', send: (c) => raw(c, 'POST', '/admin/city', 'null'), status: 400 },
  { name: 'an array body where an object belongs', send: (c) => raw(c, 'POST', '/admin/city', '[{"name": "Paris"}]'), status: 400 },
  { name: 'a bare string body', send: (c) => raw(c, 'POST', '/admin/city', '"Paris"'), status: 400 },
  { name: 'an empty body', send: (c) => raw(c, 'POST', '/admin/city', ''), status: 400 },
  { name: 'JSON sent as text/plain', send: (c) => raw(c, 'POST', '/admin/city', '{"name": "Paris"}', { type: 'text/plain' }), status: 415 },
  { name: 'a form body to a JSON endpoint', send: (c) => raw(c, 'POST', '/admin/city', 'name=Paris', { type: 'application/x-www-form-urlencoded' }), status: 415 },
  { name: '10,000 nested arrays', send: (c) => raw(c, 'POST', '/admin/city', `{"name": ${nested(10_000)}}`), status: 400 },
  { name: 'a UTF-16 byte-order mark before the JSON', send: (c) => raw(c, 'POST', '/admin/city', '\uFEFF{"name": "Paris"}'), status: [400, 201], writes: true },
  // Prototype pollution and unknown keys
  { name: 'a __proto__ key', send: (c) => raw(c, 'POST', '/admin/city', '{"name": "Paris", "__proto__": {"role": 1}}'), status: 400 },
  { name: 'a constructor.prototype key', send: (c) => json(c, 'POST', '/admin/city', { name: 'Paris', constructor: { prototype: { role: 1 } } }), status: 400 },
  { name: 'an _id in a create body', send: (c) => json(c, 'POST', '/admin/city', { name: 'Paris', _id: UNKNOWN_ID }), status: 400 },
  { name: 'a passwordHash in a profile edit', send: (c) => json(c, 'PUT', '/admin/edit', { name: 'Mallory', passwordHash: 'x' }), status: 400 },
  // Duplicate keys and wrong types
  { name: 'a key given twice', send: (c) => raw(c, 'POST', '/admin/city', '{"name": "Paris", "name": "Rome"}'), status: 400 },
  { name: 'a key given twice, once escaped', send: (c) => raw(c, 'POST', '/admin/city', '{"name": "Paris", "n\\u0061me": "Rome"}'), status: 400 },
  { name: 'an array where a string belongs', send: (c) => json(c, 'POST', '/admin/city', { name: ['Paris'] }), status: 400 },
  { name: 'a number where a string belongs', send: (c) => json(c, 'POST', '/admin/city', { name: 12345 }), status: 400 },
  { name: 'a query operator object where a string belongs', send: (c) => json(c, 'POST', '/admin/faq', { title: { $ne: null }, description: 'x' }), status: 400 },
  { name: 'an array as the sign-in email', send: (c) => json(c, 'POST', '/admin/login', { email: ['a@b.co'], password: 'Admin@123' }, null), status: 400 },
  { name: 'a string where a status number belongs', send: (c) => raw(c, 'PATCH', `/admin/user/block-unblock/${UNKNOWN_ID}?status=blocked`), status: 400 },
  // Invisible, right-to-left and astral characters, NUL
  { name: 'a zero-width space in a simple name', send: (c) => json(c, 'POST', '/admin/city', { name: 'Par\u200Bis' }), status: 400 },
  { name: 'a right-to-left override in a simple name', send: (c) => json(c, 'POST', '/admin/city', { name: '\u202EParis' }), status: 400 },
  { name: 'an emoji in a simple name', send: (c) => json(c, 'POST', '/admin/city', { name: 'Paris 🐶' }), status: 400 },
  {
    name: 'a 4-byte emoji in an FAQ round-trips',
    send: (c) => json(c, 'POST', '/admin/faq', faq('Can my 🐶🐾 come along?')),
    status: 201,
    writes: true,
    check: roundTrip('Can my 🐶🐾 come along?'),
  },
  {
    name: 'right-to-left text in an FAQ round-trips',
    send: (c) => json(c, 'POST', '/admin/faq', faq('هل يمكنني إحضار كلبي؟')),
    status: 201,
    writes: true,
    check: roundTrip('هل يمكنني إحضار كلبي؟'),
  },
  { name: 'a NUL byte in an FAQ title', send: (c) => json(c, 'POST', '/admin/faq', faq('Dogs\u0000?')), status: 400 },
  { name: 'a NUL byte in a search', send: usersSearch('a\u0000b'), status: [200, 400] },
  { name: 'an unpaired surrogate in an FAQ title', send: (c) => raw(c, 'POST', '/admin/faq', '{"title": "Dogs \\ud83d?", "description": "x"}'), status: [400, 201], writes: true },
  // LIKE wildcards and SQL-looking strings are plain text
  { name: 'a search for %', send: usersSearch('%'), status: 200, check: findsNothing },
  { name: 'a search for _', send: usersSearch('_'), status: 200, check: findsNothing },
  { name: 'a search for a backslash', send: usersSearch('\\'), status: 200, check: findsNothing },
  { name: "a search for ' OR 1=1 --", send: usersSearch("' OR 1=1 --"), status: 200, check: findsNothing },
  { name: 'an SQL-looking city name', send: (c) => json(c, 'POST', '/admin/city', { name: "x'); DROP TABLE cities;--" }), status: 400 },
  {
    name: 'an SQL-looking FAQ title is stored as text',
    send: (c) => json(c, 'POST', '/admin/faq', faq("'; DROP TABLE faqs; --")),
    status: 201,
    writes: true,
    check: roundTrip("'; DROP TABLE faqs; --"),
  },
  // Paging out of range
  { name: 'page 0', send: (c) => raw(c, 'GET', '/admin/users?page=0'), status: 400 },
  { name: 'a negative page', send: (c) => raw(c, 'GET', '/admin/users?page=-1'), status: 400 },
  { name: 'page 1e308', send: (c) => raw(c, 'GET', '/admin/users?page=1e308'), status: 400 },
  { name: 'limit 1000', send: (c) => raw(c, 'GET', '/admin/users?limit=1000'), status: 400 },
  { name: 'a limit that is not a number', send: (c) => raw(c, 'GET', '/admin/users?limit=abc'), status: 400 },
  { name: 'sortBy=password', send: (c) => raw(c, 'GET', '/admin/users?sortBy=password'), status: 400 },
  { name: 'sortOrder=2', send: (c) => raw(c, 'GET', '/admin/users?sortOrder=2'), status: 400 },
  { name: 'a search of 10,000 characters', send: usersSearch('a'.repeat(10_000)), status: 400 },
  { name: 'an unknown query parameter', send: (c) => raw(c, 'GET', '/admin/users?role=1'), status: 400 },
  // Ids that are not ids
  { name: 'a non-uuid id', send: (c) => raw(c, 'GET', '/admin/user/not-an-id'), status: 400 },
  { name: 'an SQL-looking id', send: (c) => raw(c, 'DELETE', `/admin/city/${encodeURIComponent("1' OR '1'='1")}`), status: 400 },
  { name: 'a traversal as an id', send: (c) => raw(c, 'DELETE', '/admin/city/..%2F..%2Fadmins'), status: [400, 404] },
  { name: 'an unknown uuid', send: (c) => raw(c, 'DELETE', `/place/pet-shop/${UNKNOWN_ID}`), status: 404 },
  { name: "a hospital's id on the pet shop path", send: (c) => raw(c, 'DELETE', `/place/pet-shop/${c.placeId}`), status: 404 },
  // Uploads: names, types and bytes
  {
    name: 'a path-traversal file name never reaches the key',
    send: (c) => json(c, 'POST', '/common/upload', [{ fileName: '../../etc/passwd.png', mimeType: 'image/png', folderType: 'place' }] satisfies UploadRequest),
    status: 200,
    check: async (res) => {
      const { data } = await okBody(res, uploadResult)
      expect(data[0]!.fields.key).not.toMatch(/\.\.|passwd|etc/)
    },
  },
  { name: 'an HTML upload', send: (c) => json(c, 'POST', '/common/upload', [{ fileName: 'x.html', mimeType: 'text/html', folderType: 'place' }]), status: 400 },
  { name: 'an SVG upload', send: (c) => json(c, 'POST', '/common/upload', [{ fileName: 'x.svg', mimeType: 'image/svg+xml', folderType: 'place' }]), status: 400 },
  { name: 'an unknown upload folder', send: (c) => json(c, 'POST', '/common/upload', [{ fileName: 'x.png', mimeType: 'image/png', folderType: '../admins' }]), status: 400 },
  {
    name: 'bytes that are not an image, posted to a signed image form',
    send: async (c) => {
      const signed = await okBody(await json(c, 'POST', '/common/upload', [{ fileName: 'x.png', mimeType: 'image/png', folderType: 'place' }]), uploadResult)
      const { url, fields } = signed.data[0]!
      const form = new FormData()
      for (const [name, value] of Object.entries(fields)) form.append(name, value)
      form.append('file', new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'x.png')
      return c.t.app.request(url, { method: 'POST', body: form })
    },
    status: 400,
  },
  { name: 'a traversal under /uploads', send: async (c) => c.t.app.request('/uploads/..%2F..%2F..%2Fetc%2Fpasswd'), status: [400, 404] },
  // Tokens: forged, expired, revoked, misplaced
  { name: 'a forged token', send: (c) => raw(c, 'GET', '/admin/users', undefined, { token: 'forged-token-0123456789abcdefghijklmnopq' }), status: 401 },
  { name: 'an SQL-looking token', send: (c) => raw(c, 'GET', '/admin/users', undefined, { token: "' OR '1'='1" }), status: 401 },
  { name: 'a token in the query string', send: (c) => raw(c, 'GET', `/admin/users?token=${c.admin}`, undefined, { token: null }), status: [400, 401] },
  { name: 'a Basic authorization', send: (c) => raw(c, 'GET', '/admin/users', undefined, { token: null, headers: { Authorization: `Basic ${btoa('admin:Admin@123')}` } }), status: 401 },
  {
    name: 'an expired token',
    send: async (c) => {
      c.t.clock.advance(2 * 60 * 60 * 1000) // the test session lasts an hour
      return raw(c, 'GET', '/admin/profile')
    },
    status: 401,
  },
  {
    name: 'a revoked token',
    send: async (c) => {
      const { _id, token } = await c.t.login(TEST_SUB_ADMIN.email, TEST_SUB_ADMIN.password)
      expect((await raw(c, 'POST', `/admin/logout/${_id}`, undefined, { token })).status).toBe(200)
      return raw(c, 'GET', '/admin/profile', undefined, { token })
    },
    status: 401,
  },
  // A sub admin reaching for more
  { name: "a sub admin setting its own role", send: (c) => json(c, 'PUT', '/admin/edit', { name: 'Sub', role: ROLE.ADMIN }, c.subAdmin), status: 400 },
  { name: 'a sub admin deleting a pet shop', send: (c) => raw(c, 'DELETE', `/place/pet-shop/${c.placeId}`, undefined, { token: c.subAdmin }), status: 403 },
  { name: 'a sub admin saving a CMS page', send: (c) => json(c, 'PUT', '/admin/cms', { type: 1, content: '<p>x</p>' }, c.subAdmin), status: 403 },
  { name: 'a sub admin reading the audit log', send: (c) => raw(c, 'GET', '/admin/audit-log', undefined, { token: c.subAdmin }), status: 403 },
  { name: 'a method override header', send: (c) => raw(c, 'POST', `/admin/city/${c.cityId}`, undefined, { headers: { 'X-HTTP-Method-Override': 'DELETE' } }), status: [404, 405] },
]

describe('the bad input battery', () => {
  it('has at least 40 hostile inputs', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40)
  })

  for (const c of CASES) {
    it(`${c.name}: ${[c.status].flat().join(' or ')}${c.writes ? '' : ', nothing changed'}`, async () => {
      const t = await testApp()
      const [admin, subAdmin] = await Promise.all([tokenOf(t, 'admin'), tokenOf(t, 'subAdmin')])
      const [place] = await addPlaces(t, 'hospital', [{ name: 'Harbour Vets' }])
      const [city] = await addCities(t, [{ name: 'Lisbon' }])
      await addUsers(t, [{ username: 'walker', name: 'Wendy Walker', email: 'wendy@example.com' }])
      const ctx: Ctx = { t, admin, subAdmin, placeId: place!.id, cityId: city!.id }
      const before = await digest(t)

      const res = await c.send(ctx)

      expect(res.status, await res.clone().text()).toSatisfy((s: number) => [c.status].flat().includes(s))
      expect(res.status).toBeLessThan(500)
      if (c.check) await c.check(res, ctx)
      if (!c.writes) expect(await digest(t)).toEqual(before)
    })
  }
})
