import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, sql } from 'drizzle-orm'
import { API_MSG, csvLine, IMPORT_COLUMNS, IMPORT_MSG, importResult, MSG, type ImportResult } from '../../contract'
import { auditLog, cities, places, sites, webhookDeliveries } from '../../server/db/schema'
import { errorOf, okBody } from './helpers/bodies'
import { addCities, addPlaces, parseCsv, tokenOf, uploadedUrl } from './helpers/fixtures'
import { pngOf } from './helpers/pictures'
import { testApp, type TestApp } from './helpers/test-app'

/** A picture server on loopback: /photo.png is a PNG, /page.html is not a picture, anything else 404. */
let pictures: Server
let base: string
let png: Uint8Array
let served = 0
beforeAll(async () => {
  png = await pngOf(40, 30)
  pictures = createServer((req, res) => {
    served++
    if (req.url === '/photo.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(png)
    else if (req.url === '/page.html') res.writeHead(200, { 'Content-Type': 'image/png' }).end('<html>not a picture</html>')
    else if (req.url === '/moved.png') res.writeHead(302, { Location: '/photo.png' }).end()
    else res.writeHead(404).end()
  })
  await new Promise<void>((done) => pictures.listen(0, '127.0.0.1', done))
  base = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((done) => pictures.close(() => done())))

const fileOf = (header: readonly string[], rows: (string | number)[][]) => [header, ...rows].map(csvLine).join('')
const shopRow = (name: string, overrides: Partial<Record<string, string | number>> = {}) => {
  const cells: Record<string, string | number> = {
    Name: name,
    Description: 'Food, toys and grooming',
    Address: '12 Harbour Street, Sydney',
    Latitude: -33.86,
    Longitude: 151.21,
    'Discount Title': '',
    'Discount Description': '',
    Images: `${base}/photo.png`,
    Logo: '',
    ...overrides,
  }
  return IMPORT_COLUMNS['pet-shops'].map((column) => cells[column]!)
}
const shopsFile = (...rows: (string | number)[][]) => fileOf(IMPORT_COLUMNS['pet-shops'], rows)

let t: TestApp
let token: string
beforeEach(async () => {
  served = 0
  t = await testApp({ config: { webhookAllowPrivate: true } })
  token = await tokenOf(t)
})

const preview = async (kind: string, csv: string) => okBody(await t.post(`/admin/import/${kind}/preview`, { csv }, { token }), importResult)
const commit = async (kind: string, csv: string) => okBody(await t.post(`/admin/import/${kind}`, { csv }, { token }), importResult)
const statuses = (result: ImportResult) => result.rows.map((r) => [r.line, r.status])

describe('CSV import', () => {
  it('previews each row with what it would come to and the forms’ messages, changing nothing', async () => {
    await addPlaces(t, 'petShop', [{ name: 'Paws & Co', address: '1 King Street' }])
    const { data } = await preview(
      'pet-shops',
      shopsFile(shopRow('Barking Mad'), shopRow('paws & co', { Address: '1 KING STREET ' }), shopRow('X', { Latitude: '' }), shopRow('Barking Mad')),
    )
    expect(statuses(data)).toEqual([
      [2, 'new'],
      [3, 'existing'],
      [4, 'invalid'],
      [5, 'invalid'],
    ])
    expect(data.rows[2]!.errors).toEqual({ Name: 'Should be minimum of 2 characters', Latitude: MSG.latitude })
    expect(data.rows[3]!.errors).toEqual({ Name: IMPORT_MSG.repeats(2) })
    expect(data.counts).toMatchObject({ new: 1, existing: 1, invalid: 2 })
    expect(await t.db.$count(places)).toBe(1)
    expect(served).toBe(0)
  })

  it('adds the new rows with their pictures fetched and stored as uploads; a second import of the same file changes nothing', async () => {
    const csv = shopsFile(shopRow('Barking Mad', { 'Discount Title': '10% off', Logo: `${base}/photo.png` }), shopRow('Whisker World'))
    const { data, message } = await commit('pet-shops', csv)
    expect(message).toBe(IMPORT_MSG.imported)
    expect(statuses(data)).toEqual([
      [2, 'created'],
      [3, 'created'],
    ])
    const [shop] = await t.db.select().from(places).where(eq(places.name, 'Barking Mad'))
    // Added as the form adds: active, since it has its picture.
    expect(shop).toMatchObject({ kind: 'petShop', discountTitle: '10% off', latitude: -33.86, status: 1 })
    expect(shop!.images).toHaveLength(1)
    expect(shop!.images[0]).toMatch(/^\/uploads\/place\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/)
    expect(shop!.logo).toMatch(/^\/uploads\/place\//)
    // The stored file is the fetched one, served by the panel.
    const file = await t.app.request(shop!.images[0]!)
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png)

    const again = await commit('pet-shops', csv)
    expect(again.data.rows.map((r) => r.status)).toEqual(['existing', 'existing'])
    expect(again.data.rows[0]!.id).toBe(shop!.id)
    expect(await t.db.$count(places)).toBe(2)
  })

  it('adds each row once when the same file is imported twice at once (a second tab, a retry)', async () => {
    const csv = shopsFile(shopRow('Barking Mad'), shopRow('Whisker World'))
    const [first, second] = await Promise.all([commit('pet-shops', csv), commit('pet-shops', csv)])
    const both = [...first.data.rows, ...second.data.rows].map((r) => r.status).sort()
    expect(both).toEqual(['created', 'created', 'existing', 'existing'])
    expect(await t.db.$count(places)).toBe(2)
  })

  it('queues a place.created webhook for each place it adds, as the form does', async () => {
    const hook = await t.post('/admin/webhooks', { url: 'https://hooks.example.com/in', events: ['place.created'] }, { token })
    expect(hook.status).toBe(201)
    const { data } = await commit('pet-shops', shopsFile(shopRow('Barking Mad'), shopRow('X')))
    const queued = await t.db.select().from(webhookDeliveries)
    expect(queued.map((d) => [d.type, (d.payload.data as { kind: string; place: { _id: string } }).place._id])).toEqual([['place.created', data.rows[0]!.id]])
  })

  it('audits the import as one group entry with an entry per created row', async () => {
    const { data } = await commit('pet-shops', shopsFile(shopRow('Barking Mad'), shopRow('X')))
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.groupId, data.group!))
    expect(entries.map((e) => [e.action, e.targetLabel]).sort()).toEqual([
      ['petShop.create', 'Barking Mad'],
      ['petShop.import', '1 created, 1 invalid'],
    ])
  })

  it('answers a row the database refuses as failed, keeps the rows before and after it, and still audits the import', async () => {
    // A database fault on one row only (as a full disk or a lost connection would be for a moment).
    await t.db.execute(sql`create function refuse_hobart() returns trigger language plpgsql as $$
      begin if new.name = 'Hobart' then raise exception 'could not extend file'; end if; return new; end $$`)
    await t.db.execute(sql`create trigger refuse_hobart before insert on cities for each row execute function refuse_hobart()`)
    // The workers' database outlives the test (its rows are reset, not its schema).
    onTestFinished(async () => {
      await t.db.execute(sql`drop trigger refuse_hobart on cities`)
      await t.db.execute(sql`drop function refuse_hobart()`)
    })
    const { data } = await commit('cities', fileOf(IMPORT_COLUMNS.cities, [['Darwin'], ['Hobart'], ['Cairns']]))
    expect(data.rows.map((r) => [r.name, r.status, r.errors])).toEqual([
      ['Darwin', 'created', {}],
      ['Hobart', 'failed', { Row: IMPORT_MSG.notSaved }],
      ['Cairns', 'created', {}],
    ])
    const group = await t.db.select().from(auditLog).where(and(eq(auditLog.groupId, data.group!), eq(auditLog.action, 'city.import')))
    expect(group.map((e) => e.targetLabel)).toEqual(['2 created, 1 failed'])
  })

  it('fails a row whose picture cannot be fetched, is not a picture, or redirects, and keeps none of its files', async () => {
    const { data } = await commit(
      'pet-shops',
      shopsFile(
        shopRow('Missing Photo', { Images: `${base}/photo.png ${base}/nothing.png` }),
        shopRow('Not A Photo', { Images: `${base}/page.html` }),
        shopRow('Moved Photo', { Images: `${base}/moved.png` }),
      ),
    )
    expect(data.rows.map((r) => [r.status, r.errors])).toEqual([
      ['failed', { Images: `${base}/nothing.png: ${IMPORT_MSG.imageAnswer(404)}` }],
      ['failed', { Images: `${base}/page.html: ${IMPORT_MSG.imageType('JPG, JPEG, PNG, WEBP or GIF')}` }],
      ['failed', { Images: `${base}/moved.png: ${IMPORT_MSG.imageAnswer(302)}` }],
    ])
    expect(await t.db.$count(places)).toBe(0)
    // The first row's fetched photo was removed again: no file is left in the storage.
    const { readdirSync } = await import('node:fs')
    expect(readdirSync(t.uploadsDir, { recursive: true }).filter((f) => String(f).endsWith('.png'))).toEqual([])
  })

  it('refuses pictures on this machine or a private network unless WEBHOOK_ALLOW_PRIVATE is set', async () => {
    t = await testApp()
    token = await tokenOf(t)
    const { data } = await commit('pet-shops', shopsFile(shopRow('Barking Mad')))
    expect(data.rows[0]!.status).toBe('failed')
    expect(data.rows[0]!.errors.Images).toMatch(new RegExp(`^${base}/photo.png: `))
    expect(served).toBe(0)
  })

  it('imports cities by name and sites into their cities, telling an unknown city', async () => {
    await addCities(t, [{ name: 'Sydney' }])
    const cityFile = fileOf(IMPORT_COLUMNS.cities, [['Melbourne'], [' sydney '], ['Perth 2']])
    const cityResult = await commit('cities', cityFile)
    expect(cityResult.data.rows.map((r) => [r.status, r.errors])).toEqual([
      ['created', {}],
      ['existing', {}],
      ['invalid', { Name: MSG.nameInvalid }],
    ])
    const siteRow = (city: string, name: string) => [city, name, 'A beach where dogs may swim', 'Sirius Cove Road', -33.83, 151.23, `${base}/photo.png`]
    const siteFile = fileOf(IMPORT_COLUMNS.sites, [siteRow('melbourne', 'St Kilda Beach'), siteRow('Hobart', 'Long Beach')])
    const siteResult = await commit('sites', siteFile)
    expect(siteResult.data.rows.map((r) => [r.status, r.errors])).toEqual([
      ['created', {}],
      ['invalid', { City: IMPORT_MSG.cityUnknown }],
    ])
    const [melbourne] = await t.db.select().from(cities).where(eq(cities.name, 'Melbourne'))
    expect(melbourne!.siteCount).toBe(1)
    expect(await t.db.$count(sites, and(eq(sites.cityId, melbourne!.id), eq(sites.name, 'St Kilda Beach')))).toBe(1)
  })

  it('exports a template in the same shape, which imports again as existing rows', async () => {
    await addPlaces(t, 'hospital', [{ name: 'Vet One', address: '2 Queen Street', latitude: -33.5, longitude: 151.1, images: [uploadedUrl()] }])
    const res = await t.get('/admin/import/hospitals/template', { token })
    expect(res.status).toBe(200)
    const text = await res.text()
    const [header, row] = parseCsv(text)
    expect(header).toEqual([...IMPORT_COLUMNS.hospitals])
    // A stored path is given as an address the file can be fetched from again.
    expect(row![7]).toMatch(/^http:\/\/localhost\/uploads\/place\//)
    const { data } = await preview('hospitals', text)
    expect(data.rows.map((r) => r.status)).toEqual(['existing'])
  })

  it('refuses a file that is not the kind’s: its columns, an unclosed quote, no rows, too large; and a sub admin', async () => {
    const bad = async (csv: string) => (await errorOf(await t.post('/admin/import/cities/preview', { csv }, { token }), 400)).message
    expect(await bad('Title\r\nMelbourne\r\n')).toBe(IMPORT_MSG.columns('cities'))
    expect(await bad('Name\r\n"Melbourne\r\n')).toBe(IMPORT_MSG.unreadable)
    expect(await bad('Name\r\n')).toBe(IMPORT_MSG.empty)
    expect(await bad('Name\r\n' + 'Melbourne\r\n'.repeat(501))).toBe(IMPORT_MSG.tooManyRows)
    expect(await bad('x'.repeat(1024 * 1024 + 1))).toBe(IMPORT_MSG.tooLarge)
    expect((await errorOf(await t.post('/admin/import/towns/preview', { csv: 'Name\r\nX\r\n' }, { token }), 400)).error.fields).toEqual({ kind: 'Unknown import kind' })
    const sub = await tokenOf(t, 'subAdmin')
    expect((await errorOf(await t.post('/admin/import/cities', { csv: 'Name\r\nMelbourne\r\n' }, { token: sub }), 403)).message).toBe(API_MSG.forbidden)
    expect(await t.db.$count(cities)).toBe(0)
  })

  it('reads a cell count that differs from the header as that row’s fault', async () => {
    const { data } = await preview('pet-shops', shopsFile(shopRow('Barking Mad')) + 'Only,three,cells\r\n')
    expect(data.rows[1]).toMatchObject({ line: 3, status: 'invalid', errors: { Name: IMPORT_MSG.cellCount(9) } })
  })
})
