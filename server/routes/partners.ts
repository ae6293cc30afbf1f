import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { PARTNERS_MSG, partnerListQuery, partnerTypeLabel, type Partner, type PartnerListQuery, type PartnerType } from '../../contract'
import type { Db } from '../db/client'
import { like, listBatches, listPage, type ListSource, type PageQuery } from '../db/list'
import { countKey } from '../db/row-counts'
import { lowerOf, partners, partnerSearchText } from '../db/schema'
import type { Deps } from '../deps'
import { permit } from '../http/auth'
import { csvLines, csvResponse, isoDay, type CsvValue } from '../http/csv'
import type { AppEnv } from '../http/env'
import { listOk } from '../http/respond'
import { validate } from '../http/validate'

type PartnerSort = NonNullable<PartnerListQuery['sortBy']>

export const partnerListSource: ListSource<PartnerSort, PartnerType> = {
  table: partners,
  id: partners.id,
  createdAt: partners.createdAt,
  sortBy: {
    name: { expr: lowerOf(partners.name), type: 'text' },
    ownerName: { expr: lowerOf(partners.ownerName), type: 'text' },
    email: { expr: lowerOf(partners.email), type: 'text' },
    type: { expr: partners.type, type: 'smallint' },
    createdAt: { expr: partners.createdAt, type: 'timestamptz' },
  },
  search: (pattern) => like(partnerSearchText(partners), pattern),
  filter: (type) => eq(partners.type, type),
  counted: { filter: (type) => countKey(partners.type, type) },
}

const partnerColumns = {
  id: partners.id,
  name: partners.name,
  ownerName: partners.ownerName,
  email: partners.email,
  mobileNo: partners.mobileNo,
  type: partners.type,
  address: partners.address,
  createdAt: partners.createdAt,
}

type PartnerRow = Pick<typeof partners.$inferSelect, keyof typeof partnerColumns>

const toPartner = (p: PartnerRow): Partner => ({
  _id: p.id,
  name: p.name,
  ownerName: p.ownerName,
  email: p.email,
  mobileNo: p.mobileNo,
  type: p.type,
  address: p.address,
  createdAt: p.createdAt.toISOString(),
})

const partnerRows = (db: Db) => (p: PageQuery) =>
  db
    .select({ ...partnerColumns, sortKey: p.sortKey })
    .from(partners)
    .where(p.where)
    .orderBy(...p.orderBy)
    .limit(p.limit)
    .offset(p.offset)

export const PARTNERS_CSV_HEADER = ['Name', 'Owner Name', 'Email', 'Mobile No.', 'Type', 'Address', 'Created At'] as const
const partnerCsvLine = (p: PartnerRow): CsvValue[] => [
  p.name,
  p.ownerName,
  p.email,
  p.mobileNo,
  partnerTypeLabel[p.type],
  p.address,
  isoDay(p.createdAt),
]

/** Partner requests: list and CSV (both roles). */
export const partnersRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/admin/partners', permit('read'), validate('query', partnerListQuery), async (c) => {
      const q = c.req.valid('query')
      const page = await listPage(deps.db, partnerListSource, q, partnerRows(deps.db))
      return c.json(listOk(PARTNERS_MSG.listed, { rows: page.rows.map(toPartner), total: page.total }, q))
    })

    .get(
      '/admin/partners/export',
      permit('read', { action: 'partner.export', query: true }),
      validate('query', partnerListQuery),
      async (c) => {
        const batches = listBatches(partnerListSource, c.req.valid('query'), partnerRows(deps.db))
        return csvResponse(c, 'partners', deps.clock.now(), PARTNERS_CSV_HEADER, csvLines(batches, partnerCsvLine))
      },
    )
