import { randomUUID } from 'node:crypto'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { Hono } from 'hono'
import {
  IMPORT_COLUMNS,
  IMPORT_MSG,
  IMPORT_ROW_STATUS,
  importFileBody,
  importKindParam,
  type AuditActionName,
  type AuditTargetType,
  type CsvValue,
  type ImportKind,
  type ImportResult,
  type ImportRow,
  type ImportRowStatus,
  type ImportRowValues,
  type PlaceKind,
} from '../../contract'
import { readImportFile, type ReadRow } from '../content/import-file'
import type { Db } from '../db/client'
import { IMPORT_TARGETS, type MatchContext } from '../db/queries/import-targets'
import { cities, places, sites } from '../db/schema'
import { live } from '../db/trash'
import type { Deps } from '../deps'
import { recordAudits, type AuditEvent } from '../http/audit'
import { permit } from '../http/auth'
import { csvResponse } from '../http/csv'
import type { AppContext, AppEnv } from '../http/env'
import { ok } from '../http/respond'
import { validate } from '../http/validate'
import { storeImageByUrl } from '../storage/image-by-url'
import { emitPlaceEvents } from '../webhooks/events'
import { logError } from '../log'

/** The audit target and the entries' actions of each kind. */
const AUDITED: Record<ImportKind, { target: AuditTargetType; create: AuditActionName; group: AuditActionName; place?: PlaceKind }> = {
  'pet-shops': { target: 'petShop', create: 'petShop.create', group: 'petShop.import', place: 'petShop' },
  hospitals: { target: 'hospital', create: 'hospital.create', group: 'hospital.import', place: 'hospital' },
  cities: { target: 'city', create: 'city.create', group: 'city.import' },
  sites: { target: 'site', create: 'site.create', group: 'site.import' },
}

/** Rows committed at once (each fetching its images one at a time). */
const FETCHING_ROWS = 4

type Checked<K extends ImportKind> = ReadRow<K> & { key?: string; existingId?: string }

/** A file's rows with what they would come to: new, existing (its id), or invalid (with a repeat and an unknown city told). */
async function checkRows<K extends ImportKind>(db: Db, kind: K, csv: string): Promise<{ rows: Checked<K>[]; context: MatchContext }> {
  const target = IMPORT_TARGETS[kind]
  const read = readImportFile(kind, csv)
  const valid = read.flatMap((row) => (row.status === 'valid' ? [row.values] : []))
  const context = valid.length > 0 ? await target.lookUp(db, valid) : { existing: new Map(), cityIds: new Map() }
  const firstLineOf = new Map<string, number>()
  const rows = read.map((row): Checked<K> => {
    if (row.status !== 'valid') return row
    const key = target.keyOf(row.values, context)
    if (key === null) return { line: row.line, name: row.name, status: 'invalid', errors: { City: IMPORT_MSG.cityUnknown } }
    const first = firstLineOf.get(key)
    if (first !== undefined) return { line: row.line, name: row.name, status: 'invalid', errors: { Name: IMPORT_MSG.repeats(first) } }
    firstLineOf.set(key, row.line)
    return { ...row, key, existingId: context.existing.get(key) }
  })
  return { rows, context }
}

const answerRow = (row: Checked<ImportKind>, status: ImportRowStatus, id?: string | null, errors = row.errors): ImportRow => ({
  line: row.line,
  name: row.name,
  status,
  errors,
  ...(id !== undefined ? { id } : {}),
})

const counted = (kind: ImportKind, rows: ImportRow[], group?: string): ImportResult => ({
  kind,
  rows,
  counts: Object.fromEntries(IMPORT_ROW_STATUS.map((s) => [s, rows.filter((r) => r.status === s).length])) as ImportResult['counts'],
  ...(group ? { group } : {}),
})

/** "3 created, 2 existing, 1 invalid": an import's group entry, as the audit log lists it. */
const groupLabel = (counts: ImportResult['counts']) =>
  IMPORT_ROW_STATUS.filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]} ${s}`)
    .join(', ') || 'nothing'

/** Runs `work` on each item, at most `limit` at once, keeping the order of the results. */
async function inTurns<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await work(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/**
 * Settings > Import (admins): a CSV of pet shops, hospitals, cities or sites, checked first
 * (preview: what each row would come to, with the forms' messages), then committed: each new
 * row's images fetched by the server (server/storage/image-by-url.ts) and the row added in a
 * transaction of its own with its audit entry; the import's group entry comes last. Rows that
 * match a record there is are left alone. The template is the kind's columns with its records.
 */
export const importsRoutes = (deps: Deps) => {
  const commitRow = async <K extends ImportKind>(c: AppContext, kind: K, row: Checked<K>, context: MatchContext, group: string): Promise<ImportRow> => {
    if (row.status !== 'valid') return answerRow(row, 'invalid')
    if (row.existingId) return answerRow(row, 'existing', row.existingId)
    const target = IMPORT_TARGETS[kind]
    const values = row.values as ImportRowValues<K>
    const now = deps.clock.now()
    const imageUrls: string[] = 'Images' in values ? (values.Images as string[]) : []
    const logoUrl = 'Logo' in values && values.Logo ? (values.Logo as string) : null
    // One image of a row at a time, so a commit holds at most FETCHING_ROWS images in memory
    // (a row may name 20 of up to 20 MB each); the first that fails ends the row.
    const stored: { key: string; url: string }[] = []
    const discard = () => Promise.all(stored.map((f) => deps.storage.remove(f.key)))
    const wanted = target.folder ? [...imageUrls, ...(logoUrl ? [logoUrl] : [])] : []
    for (const [n, url] of wanted.entries()) {
      const image = await storeImageByUrl({ storage: deps.storage, allowPrivate: deps.config.webhookAllowPrivate }, target.folder!, url, now)
      if (!image.ok) {
        await discard()
        return answerRow(row, 'failed', null, { [n < imageUrls.length ? 'Images' : 'Logo']: image.error })
      }
      stored.push(image)
    }
    const urls = stored.map((f) => f.url)
    const audited = AUDITED[kind]
    try {
      const written = await deps.db.transaction(async (tx) => {
        // Two imports of one file at once (a second tab, a retry after the screen gave up waiting)
        // must not both add a row: one waits for the other on the row's key, then finds its record.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import:${kind}:${row.key}`}))`)
        const addedMeanwhile = (await target.lookUp(tx, [values])).existing.get(row.key!)
        if (addedMeanwhile) return { existingId: addedMeanwhile }
        const created = await target.insert(tx, values, { images: urls.slice(0, imageUrls.length), logo: logoUrl ? urls.at(-1)! : null }, now, context)
        const entry: AuditEvent = { action: audited.create, target: { type: audited.target, id: created, label: row.name } }
        await recordAudits(c, [entry], tx, group)
        // An imported place is created as one added through its form is, webhooks included.
        if (audited.place) await emitPlaceEvents(tx, 'place.created', audited.place, [created], now)
        return { createdId: created }
      })
      if ('existingId' in written) {
        await discard()
        return answerRow(row, 'existing', written.existingId)
      }
      return answerRow(row, 'created', written.createdId, {})
    } catch (err) {
      // The row alone fails: the rows added before it stay answered, and the import's group entry
      // is still written, so the screen and the audit log say what was added (the file imported
      // again adds the rest).
      logError(`Import of ${kind}, line ${row.line}`, err)
      await discard()
      return answerRow(row, 'failed', null, { Row: IMPORT_MSG.notSaved })
    }
  }

  return new Hono<AppEnv>()
    .get('/admin/import/:kind/template', permit('import.run'), validate('param', importKindParam), (c) => {
      const { kind } = c.req.valid('param')
      return csvResponse(c, `${kind}-import`, deps.clock.now(), IMPORT_COLUMNS[kind], templateLines(deps.db, kind, originOf(deps, c)))
    })
    .post('/admin/import/:kind/preview', permit('import.run'), validate('param', importKindParam), validate('json', importFileBody), async (c) => {
      const { kind } = c.req.valid('param')
      const { rows } = await checkRows(deps.db, kind, c.req.valid('json').csv)
      const answered = rows.map((row) => (row.status !== 'valid' ? answerRow(row, 'invalid') : row.existingId ? answerRow(row, 'existing', row.existingId) : answerRow(row, 'new')))
      return c.json(ok(IMPORT_MSG.previewed, counted(kind, answered)))
    })
    .post('/admin/import/:kind', permit('import.run'), validate('param', importKindParam), validate('json', importFileBody), async (c) => {
      const { kind } = c.req.valid('param')
      const { rows, context } = await checkRows(deps.db, kind, c.req.valid('json').csv)
      const group = randomUUID()
      const answered = await inTurns(rows, FETCHING_ROWS, (row) => commitRow(c, kind, row, context, group))
      const result = counted(kind, answered, group)
      await recordAudits(c, [{ action: AUDITED[kind].group, target: { type: AUDITED[kind].target, id: null, label: groupLabel(result.counts) }, detail: { ...result.counts } }], deps.db, group)
      return c.json(ok(IMPORT_MSG.imported, result))
    })
}

/** Where the template's image addresses point: a stored `/uploads/...` path is made absolute, so the file imports again. */
const originOf = (deps: Deps, c: AppContext) => deps.config.publicUrl ?? new URL(c.req.url).origin
const absolute = (origin: string) => (address: string) => (address.startsWith('/') ? new URL(address, origin).href : address)

/** The records of a kind as rows of its import file, a thousand at a time by id. */
async function* templateLines(db: Db, kind: ImportKind, origin: string): AsyncGenerator<CsvValue[][]> {
  const abs = absolute(origin)
  const urls = (list: string[]) => list.map(abs).join(' ')
  let after: string | undefined
  const since = (id: AnyPgColumn) => (after ? gt(id, after) : undefined)
  for (;;) {
    let batch: { id: string; line: CsvValue[] }[]
    if (kind === 'cities') {
      const rows = await db.select({ id: cities.id, name: cities.name }).from(cities).where(and(live(cities), since(cities.id))).orderBy(asc(cities.id)).limit(1000)
      batch = rows.map((r) => ({ id: r.id, line: [r.name] }))
    } else if (kind === 'sites') {
      const rows = await db
        .select({ id: sites.id, city: cities.name, s: sites })
        .from(sites)
        .innerJoin(cities, eq(cities.id, sites.cityId))
        .where(and(live(sites), live(cities), since(sites.id)))
        .orderBy(asc(sites.id))
        .limit(1000)
      batch = rows.map(({ id, city, s }) => ({ id, line: [city, s.name, s.description, s.address, s.latitude, s.longitude, urls(s.images)] }))
    } else {
      const rows = await db
        .select()
        .from(places)
        .where(and(eq(places.kind, kind === 'pet-shops' ? 'petShop' : 'hospital'), live(places), since(places.id)))
        .orderBy(asc(places.id))
        .limit(1000)
      batch = rows.map((p) => ({
        id: p.id,
        line: [p.name, p.description, p.address, p.latitude, p.longitude, p.discountTitle, p.discountDescription, urls(p.images), p.logo ? abs(p.logo) : ''],
      }))
    }
    if (batch.length === 0) return
    yield batch.map((b) => b.line)
    after = batch.at(-1)!.id
  }
}
