import { getResponse } from 'msw'
import { errorBody, uploadResult, type UploadFolder } from '../../contract'
import { faqs } from '../../server/db/schema'
import { db as mockDb, resetDb, sessionFor } from '../web/mocks/db'
import { handlers } from '../web/mocks/handlers'
import { mockPushService } from '../web/mocks/handlers/notifications'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { noPushServiceScenarios, scenarios, uploadForm, type Call, type Client, type Scenario, type Who } from './helpers/contract-scenarios'
import {
  addCities,
  addFeedback,
  addNotification,
  addPartners,
  addPets,
  addPlaces,
  addSites,
  addUsers,
  minutesAgo,
  parseCsv,
  tokenOf,
  uploadedUrl,
} from './helpers/fixtures'
import { checkAnswerAgainstDocument } from './helpers/openapi-check'
import { testApp, type TestApp } from './helpers/test-app'

/**
 * The web tests' msw handlers are a second implementation of the API. This holds them to the
 * first: every scenario (helpers/contract-scenarios.ts) runs against the handlers and against
 * `createApp` on a fresh database, and the two answers must agree on the status, the envelope's
 * keys, the message, a 400's field messages, and the shape of `data` (keys and value types,
 * rows by their first row). Data values differ (the two sides hold different rows) and are not
 * compared. The server's answers are held to the OpenAPI document by testApp; the handlers'
 * answers are held to it here as well.
 */

/** One implementation of the API, as the scenarios drive it. */
interface Side {
  name: string
  send(request: Request): Promise<Response>
  session(who: Who): Promise<string>
  accounts: Client['accounts']
  lastOtp(email: string): string
}

const ORIGIN = 'http://localhost'

function requestOf(call: Call, token: string | null): Request {
  const url = new URL(call.url ?? `${ORIGIN}/api/v1${call.path}`, ORIGIN)
  for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, String(value))
  const headers = new Headers(token ? { Authorization: `Bearer ${token}` } : {})
  let body: RequestInit['body']
  if (call.json !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(call.json)
  } else if (call.form) body = call.form
  return new Request(url, { method: call.method ?? 'GET', headers, body })
}

/** One session per account and side for the scenarios' own calls (a scenario that ends sessions makes its own). */
const sessions = new Map<string, Promise<string>>()
const sessionOf = (side: Side, who: Who) => {
  const key = `${side.name} ${who}`
  if (!sessions.has(key)) sessions.set(key, side.session(who))
  return sessions.get(key)!
}

async function clientOf(side: Side, as: Who | null): Promise<Client> {
  const token = as === null ? null : await sessionOf(side, as)
  const client: Client = {
    accounts: side.accounts,
    session: (who) => side.session(who),
    lastOtp: (email) => side.lastOtp(email),
    send: (call) => side.send(requestOf(call, call.token === undefined ? token : call.token)),
    async data(call, schema) {
      const res = await client.send(call)
      if (!res.ok) throw new Error(`${side.name}: ${call.method ?? 'GET'} ${call.path ?? call.url} answered ${res.status}: ${await res.text()}`)
      return schema.parse(((await res.json()) as { data: unknown }).data)
    },
    async upload(folderType: UploadFolder) {
      const [signed] = await client.data({ method: 'POST', path: '/common/upload', json: [{ fileName: 'photo.png', mimeType: 'image/png', folderType }] }, uploadResult)
      const res = await client.send({ method: 'POST', url: signed!.url, form: uploadForm(signed!.fields), token: null })
      if (res.status !== 204) throw new Error(`${side.name}: the upload answered ${res.status}: ${await res.text()}`)
      return signed!.fileUrl
    },
  }
  return client
}

/** The handlers, over the mock database seeded afresh (`name` keeps its sessions apart). */
function mockSide(name = 'mock'): Side {
  resetDb()
  return {
    name,
    async send(request) {
      const res = await getResponse(handlers, request)
      if (!res) throw new Error(`mock: no handler for ${request.method} ${request.url}`)
      return res
    },
    session: async (who) => sessionFor(who).token,
    accounts: Object.fromEntries((['admin', 'subAdmin'] as const).map((who, i) => [who, { email: mockDb.admins[i]!.email, password: mockDb.admins[i]!.password! }])) as Client['accounts'],
    lastOtp: (email) => mockDb.otps.get(email) ?? '',
  }
}

/** A few rows of everything the scenarios act on; names chosen so their searches find some on both sides. */
async function seedServer(t: TestApp) {
  const users = await addUsers(t, [
    { username: 'asha_k', name: 'Asha Kumar', email: 'asha@example.com', mobileNo: '9876543210', countryCode: '+91', createdAt: minutesAgo(t, 1) },
    { username: 'ravi_m', name: 'Ravi Menon', email: 'ravi@example.com', status: 2, createdAt: minutesAgo(t, 2) },
    { username: 'sara_a', name: 'Sara Ali', email: 'sara@example.com', createdAt: minutesAgo(t, 3) },
    { username: 'dan_p', name: 'Dan Park', email: 'dan@example.com', createdAt: minutesAgo(t, 4) },
  ])
  await addPets(t, users[0]!.id, [{ name: 'Bruno', speciesName: 'Dog', breedName: 'Labrador', profilePhotos: [{ url: uploadedUrl('pet') }] }])
  for (const kind of ['petShop', 'hospital'] as const) {
    await addPlaces(t, kind, [
      { name: 'Happy Paws', images: [uploadedUrl(), uploadedUrl()], logo: uploadedUrl(), createdAt: minutesAgo(t, 1) },
      { name: 'Pawsome Care', status: 2, images: [uploadedUrl()], createdAt: minutesAgo(t, 2) },
      { name: 'Vet Star', images: [uploadedUrl()], createdAt: minutesAgo(t, 3) },
    ])
  }
  await addPartners(t, [
    { name: 'Happy Paws Clinic', type: 5, createdAt: minutesAgo(t, 1) },
    { name: 'Pet Palace', type: 6, createdAt: minutesAgo(t, 2) },
    { name: 'City Vet Hospital', type: 5, createdAt: minutesAgo(t, 3) },
  ])
  await addFeedback(t, [
    { type: 'BUG', userId: users[0]!.id },
    { type: 'BUG', userId: null },
    { type: 'OTHER', userId: users[2]!.id },
  ])
  await addNotification(t, { title: 'Heatwave', sendTo: 'ALL_USERS', createdAt: minutesAgo(t, 1) }, users.map((u) => u.id))
  await addNotification(t, { title: 'Sale', sendTo: 'SELECTED_USERS', createdAt: minutesAgo(t, 2) }, [users[0]!.id])
  const [withSites] = await addCities(t, [{ name: 'Bengaluru' }, { name: 'Pune' }])
  await addSites(t, withSites!.id, [
    { name: 'Cubbon Park', images: [uploadedUrl('site'), uploadedUrl('site')] },
    { name: 'Lalbagh', images: [uploadedUrl('site')] },
  ])
  const now = t.clock.now()
  await t.db.insert(faqs).values([
    { title: 'Is Petcare free?', description: 'Yes.', sortOrder: 0, createdAt: now, updatedAt: now },
    { title: 'How do I share a pet?', description: 'Tap Share.', sortOrder: 1, createdAt: now, updatedAt: now },
  ])
}

/** The app on a fresh database with the rows above. */
async function serverSide(t: TestApp, name = 'server'): Promise<Side> {
  await seedServer(t)
  return {
    name,
    send: async (request) => t.app.request(request),
    session: (who) => tokenOf(t, who),
    accounts: {
      admin: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      subAdmin: { email: TEST_SUB_ADMIN.email, password: TEST_SUB_ADMIN.password },
    },
    lastOtp: (email) => t.mailer.lastCodeTo(email),
  }
}

/** The first event of a stream that stays open (its name, data and retry hint); the rest is left unread. */
async function openingEvent(res: Response) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  while (!text.includes('\n\n')) {
    const { done, value } = await reader.read()
    if (done) break
    text += value
  }
  await reader.cancel()
  const fields = Object.fromEntries(
    text
      .slice(0, text.indexOf('\n\n'))
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
  ) as Record<string, string>
  return { event: fields.event, data: JSON.parse(fields.data ?? 'null') as unknown, retry: Number(fields.retry) }
}

/** An answer, read once. */
interface Answer {
  status: number
  mediaType: string
  body: unknown
}

async function answerOf(res: Response): Promise<Answer> {
  const mediaType = (res.headers.get('Content-Type') ?? '').split(';')[0]!.trim()
  if (mediaType === 'text/event-stream') return { status: res.status, mediaType, body: await openingEvent(res) }
  const text = await res.text()
  let body: unknown = text
  if (mediaType === 'application/json') body = JSON.parse(text)
  else if (mediaType === 'text/csv') body = { file: /filename="(.+)-\d{4}-\d{2}-\d{2}\.csv"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1], header: parseCsv(text)[0] }
  return { status: res.status, mediaType, body }
}

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)
const isObject = (v: unknown): v is Record<string, unknown> => kindOf(v) === 'object'

/**
 * Where two values differ in shape: object keys, value types (null stands for any type: a field
 * one side's row happens to leave empty), arrays by their first items.
 */
function shapeDifferences(mock: unknown, server: unknown, path: string, freeForm: ReadonlySet<string>): string[] {
  if (mock === null || server === null) return []
  if (kindOf(mock) !== kindOf(server)) return [`${path}: ${kindOf(mock)} from the mock, ${kindOf(server)} from the server`]
  if (Array.isArray(mock) && Array.isArray(server)) {
    return mock.length > 0 && server.length > 0 ? shapeDifferences(mock[0], server[0], `${path}[0]`, freeForm) : []
  }
  if (!isObject(mock) || !isObject(server)) return []
  const keys = [...new Set([...Object.keys(mock), ...Object.keys(server)])]
  return keys.flatMap((key) => {
    const at = `${path}.${key}`
    if (!(key in mock)) return [`${at}: only the server sends it`]
    if (!(key in server)) return [`${at}: only the mock sends it`]
    return freeForm.has(key) ? [] : shapeDifferences(mock[key], server[key], at, freeForm)
  })
}

/** Everything the two answers must agree on, as a list of differences. */
function differences(mock: Answer, server: Answer, scenario: Scenario): string[] {
  const found: string[] = []
  const same = (what: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) found.push(`${what}: ${JSON.stringify(a)} from the mock, ${JSON.stringify(b)} from the server`)
  }
  same('status', mock.status, server.status)
  same('media type', mock.mediaType, server.mediaType)
  if (found.length > 0 || mock.mediaType === 'text/csv') {
    if (mock.mediaType === 'text/csv') same('CSV', mock.body, server.body)
    return found
  }
  if (!isObject(mock.body) || !isObject(server.body)) return found
  if (server.status >= 400) {
    // The request id is the server's own, per request.
    const withoutId = (body: unknown) => {
      const { error } = errorBody.parse(body)
      return { message: (body as { message: string }).message, code: error.code, errorMessage: error.message, fields: error.fields }
    }
    same('error', withoutId(mock.body), withoutId(server.body))
    return found
  }
  same('message', mock.body.message, server.body.message)
  // A list's paging follows the query; its totals follow the rows.
  for (const key of ['page', 'limit'] as const) if (key in server.body) same(key, mock.body[key], server.body[key])
  found.push(...shapeDifferences(mock.body, server.body, 'body', new Set(scenario.freeForm)))
  return found
}

/** Each scenario against both sides, which `setUp` makes. */
function compareSides(list: Scenario[], setUp: () => Promise<{ mock: Side; server: Side; app: TestApp['app'] }>) {
  let mock: Side
  let server: Side
  let app: TestApp['app']
  beforeAll(async () => {
    ;({ mock, server, app } = await setUp())
  })

  for (const scenario of list) {
    test(scenario.name, async () => {
      const run = async (side: Side) => {
        const client = await clientOf(side, scenario.as === undefined ? 'admin' : scenario.as)
        const call = await scenario.call(client)
        const res = await client.send(call)
        if (side === mock) {
          // Held to the OpenAPI document as the server's answers are (test-app.ts).
          const { method, url } = requestOf(call, null)
          await checkAnswerAgainstDocument(app, method, url, res.clone())
        }
        return answerOf(res)
      }
      const [mockAnswer, serverAnswer] = [await run(mock), await run(server)]
      expect(differences(mockAnswer, serverAnswer, scenario), JSON.stringify({ mock: mockAnswer.body, server: serverAnswer.body }, null, 1)).toEqual([])
    })
  }
}

describe('the msw handlers answer as the server does', () => {
  compareSides(scenarios, async () => {
    const t = await testApp()
    return { app: t.app, server: await serverSide(t), mock: mockSide() }
  })
})

describe('the msw handlers answer as the server does with no push service configured', () => {
  compareSides(noPushServiceScenarios, async () => {
    const t = await testApp({ delivery: null })
    const mock = mockSide('mock without push')
    mockPushService().configured = false
    return { app: t.app, server: await serverSide(t, 'server without push'), mock }
  })
})
