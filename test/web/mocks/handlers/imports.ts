import { HttpResponse, type HttpHandler } from 'msw'
import {
  CSV_BOM,
  csvFileName,
  csvLine,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MSG,
  IMPORT_ROW_STATUS,
  importFileBody,
  importKindParam,
  importRowSchema,
  parseCsv,
  PLACE_STATUS,
  type ImportKind,
  type ImportResult,
  type ImportRow,
  type PlaceKind,
} from '@contract'
import { db, fail, ok, route } from '../db'
import { placesDb } from './places'

/**
 * Settings > Import as server/routes/imports.ts answers it, over the mock db: rows read with the
 * contract's reader and row schemas, matched by name and address (a city by its name); a commit
 * adds the new rows with their pictures as if fetched (a mock stored address per picture).
 */

const PLACE_OF: Partial<Record<ImportKind, PlaceKind>> = { 'pet-shops': 'petShop', hospitals: 'hospital' }
const keyOf = (...parts: string[]) => parts.map((p) => p.trim().toLowerCase()).join('\n')
let stored = 0
const storedUrl = (folder: string) => `/uploads/${folder}/mock/import-${++stored}.png`

function existingKeys(kind: ImportKind): Map<string, string> {
  const place = PLACE_OF[kind]
  if (place) return new Map(placesDb(place).map((p) => [keyOf(p.name, p.address), p._id]))
  if (kind === 'cities') return new Map(db.cities.map((c) => [keyOf(c.name), c._id]))
  const cityName = new Map(db.cities.map((c) => [c._id, c.name]))
  return new Map(db.sites.map((s) => [keyOf(cityName.get(s.cityId) ?? '', s.name, s.address), s._id]))
}

type Checked = ImportRow & { values?: Record<string, unknown> }

function checkRows(kind: ImportKind, csv: string): Checked[] | Response {
  const table = parseCsv(csv)
  if (!table) return fail('BAD_REQUEST', IMPORT_MSG.unreadable)
  const [header, ...body] = table
  if (!header || body.length === 0) return fail('BAD_REQUEST', IMPORT_MSG.empty)
  if (body.length > IMPORT_MAX_ROWS) return fail('BAD_REQUEST', IMPORT_MSG.tooManyRows)
  const columns: readonly string[] = IMPORT_COLUMNS[kind]
  const order = header.map((cell) => columns.find((c) => c.toLowerCase() === cell.trim().toLowerCase()))
  if (order.length !== columns.length || new Set(order).size !== columns.length || order.includes(undefined)) return fail('BAD_REQUEST', IMPORT_MSG.columns(kind))
  const existing = existingKeys(kind)
  const cities = new Set(db.cities.map((c) => keyOf(c.name)))
  const first = new Map<string, number>()
  return body.map((cells, i): Checked => {
    const line = i + 2
    const record = Object.fromEntries(order.map((name, j) => [name!, cells[j] ?? '']))
    const name = (record.Name ?? '').trim()
    if (cells.length !== columns.length) return { line, name, status: 'invalid', errors: { [columns[0]!]: IMPORT_MSG.cellCount(columns.length) } }
    const parsed = importRowSchema[kind].safeParse(record)
    if (!parsed.success) {
      const errors: Record<string, string> = {}
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
      return { line, name, status: 'invalid', errors }
    }
    const values = parsed.data as Record<string, string>
    if (kind === 'sites' && !cities.has(keyOf(values.City!))) return { line, name, status: 'invalid', errors: { City: IMPORT_MSG.cityUnknown } }
    const key = kind === 'cities' ? keyOf(values.Name!) : keyOf(...(kind === 'sites' ? [values.City!] : []), values.Name!, values.Address!)
    const seen = first.get(key)
    if (seen !== undefined) return { line, name, status: 'invalid', errors: { Name: IMPORT_MSG.repeats(seen) } }
    first.set(key, line)
    const id = existing.get(key)
    return id ? { line, name, status: 'existing', errors: {}, id } : { line, name, status: 'new', errors: {}, values }
  })
}

const result = (kind: ImportKind, rows: Checked[], group?: string): ImportResult => {
  const answered = rows.map(({ values: _values, ...row }) => row)
  return {
    kind,
    rows: answered,
    counts: Object.fromEntries(IMPORT_ROW_STATUS.map((s) => [s, answered.filter((r) => r.status === s).length])) as ImportResult['counts'],
    ...(group ? { group } : {}),
  }
}

function add(kind: ImportKind, v: Record<string, unknown>): string {
  const now = new Date().toISOString()
  const id = crypto.randomUUID()
  const place = PLACE_OF[kind]
  const images = ((v.Images as string[] | undefined) ?? []).map(() => storedUrl(place ? 'place' : 'site'))
  if (place) {
    placesDb(place).unshift({
      _id: id,
      name: v.Name as string,
      description: v.Description as string,
      address: v.Address as string,
      latitude: v.Latitude as number,
      longitude: v.Longitude as number,
      discount_title: v['Discount Title'] as string,
      discount_description: v['Discount Description'] as string,
      logo: v.Logo ? storedUrl('place') : null,
      images,
      status: PLACE_STATUS.ACTIVE,
      draft: false,
      createdAt: now,
      updatedAt: now,
      partnerId: null,
      owner: null,
      version: 1,
    })
  } else if (kind === 'cities') db.cities.unshift({ _id: id, name: v.Name as string, createdAt: now, updatedAt: now })
  else {
    const city = db.cities.find((c) => keyOf(c.name) === keyOf(v.City as string))!
    db.sites.unshift({
      _id: id,
      cityId: city._id,
      name: v.Name as string,
      description: v.Description as string,
      address: v.Address as string,
      latitude: v.Latitude as number,
      longitude: v.Longitude as number,
      images,
      status: PLACE_STATUS.ACTIVE,
      createdAt: now,
      updatedAt: now,
      version: 1,
    })
  }
  return id
}

const permission = 'import.run'

export const importHandlers: HttpHandler[] = [
  route('get', '/admin/import/:kind/template', { permission, params: importKindParam }, ({ params }) => {
    const header = IMPORT_COLUMNS[params.kind]
    return new HttpResponse(CSV_BOM + csvLine(header), {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${csvFileName(`${params.kind}-import`, new Date())}"` },
    })
  }),
  route('post', '/admin/import/:kind/preview', { permission, params: importKindParam, body: importFileBody }, ({ params, body }) => {
    const rows = checkRows(params.kind, body.csv)
    return rows instanceof Response ? rows : ok(IMPORT_MSG.previewed, result(params.kind, rows))
  }),
  route('post', '/admin/import/:kind', { permission, params: importKindParam, body: importFileBody }, ({ params, body }) => {
    const rows = checkRows(params.kind, body.csv)
    if (rows instanceof Response) return rows
    const done = rows.map((row): Checked => (row.status === 'new' ? { ...row, status: 'created', id: add(params.kind, row.values!) } : row))
    return ok(IMPORT_MSG.imported, result(params.kind, done, crypto.randomUUID()))
  }),
]
