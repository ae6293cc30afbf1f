import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  idParam,
  PARTNER_STATUS,
  PARTNERS_MSG,
  partnerDeclineBody,
  partnerListQuery,
  partnerStatusLabel,
  partnerTypeLabel,
  type Partner,
  type PartnerDetails,
  type PartnerListQuery,
  type PartnerType,
} from '../../contract'
import { exportSelectedBody } from '../../contract/input/bulk'
import type { Db } from '../db/client'
import { like, listBatches, listPage, pageRows, type ListSource } from '../db/list'
import { draftPlaceOf, requestColumns } from '../db/queries/partner-drafts'
import { countKey } from '../db/row-counts'
import { lowerOf, partners, partnerSearchText, places } from '../db/schema'
import { live } from '../db/trash'
import type { Deps } from '../deps'
import { conflict, notFound } from '../api-error'
import { auditNote, permit } from '../http/auth'
import { chosenRows, csvLines, csvResponse, isoDay, type CsvValue } from '../http/csv'
import type { AppContext, AppEnv } from '../http/env'
import { listOk, ok } from '../http/respond'
import { validate } from '../http/validate'
import { emitWebhookEvent } from '../webhooks/emit'
import { logError } from '../log'
import { partnerDecisionMail, type Applicant } from '../mail/partner-decision'

type PartnerSort = NonNullable<PartnerListQuery['sortBy']>

/**
 * The partner list of one query. The status narrows it beside the type filter; row_counts keep
 * totals by type and status, so a total without a search is read there with or without either.
 */
export const partnerListSource = (q: Pick<PartnerListQuery, 'status'>): ListSource<PartnerSort, PartnerType> => ({
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
  ...(q.status === undefined
    ? { counted: { filter: (type: PartnerType) => countKey(partners.type, type) } }
    : {
        scope: eq(partners.status, q.status),
        counted: { scope: countKey(partners.status, q.status), filter: (type: PartnerType) => countKey(partners.type, type) },
      }),
})

const partnerColumns = { id: partners.id, ...requestColumns, status: partners.status, createdAt: partners.createdAt }

type PartnerRow = Pick<typeof partners.$inferSelect, keyof typeof partnerColumns>

const toPartner = (p: PartnerRow): Partner => ({
  _id: p.id,
  name: p.name,
  ownerName: p.ownerName,
  email: p.email,
  mobileNo: p.mobileNo,
  type: p.type,
  address: p.address,
  status: p.status,
  createdAt: p.createdAt.toISOString(),
})

const partnerRows = pageRows(partners, partnerColumns)

/** A request with its decision and the place approving it made (left join: most have none). */
const detailsOf = async (db: Db, id: string): Promise<PartnerDetails | undefined> => {
  const [row] = await db
    .select({
      ...partnerColumns,
      decidedAt: partners.decidedAt,
      decidedBy: partners.decidedBy,
      decidedByEmail: partners.decidedByEmail,
      declineReason: partners.declineReason,
      place: { id: places.id, kind: places.kind, name: places.name, draft: places.draft },
    })
    .from(partners)
    // A place in the trash is shown as none (as if deleted).
    .leftJoin(places, and(eq(places.id, partners.placeId), live(places)))
    .where(eq(partners.id, id))
  if (!row) return undefined
  return {
    ...toPartner(row),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedByEmail === null ? null : { _id: row.decidedBy, email: row.decidedByEmail },
    declineReason: row.declineReason,
    place: row.place ? { _id: row.place.id, kind: row.place.kind, name: row.place.name, draft: row.place.draft } : null,
  }
}

export const PARTNERS_CSV_HEADER = ['Name', 'Owner Name', 'Email', 'Mobile No.', 'Type', 'Address', 'Status', 'Created At'] as const
const partnerCsvLine = (p: PartnerRow): CsvValue[] => [
  p.name,
  p.ownerName,
  p.email,
  p.mobileNo,
  partnerTypeLabel[p.type],
  p.address,
  partnerStatusLabel[p.status],
  isoDay(p.createdAt),
]

/** Partner requests: list, CSV and details (both roles), and their decision ('partner.decide', both roles). */
export const partnersRoutes = (deps: Deps) => {
  /**
   * Why a conditional decision changed no row: no such request (404), or it was decided first,
   * maybe by another admin a moment earlier (409, saying which way).
   */
  const refusal = async (id: string) => {
    const [row] = await deps.db.select({ status: partners.status }).from(partners).where(eq(partners.id, id))
    if (!row) return notFound(PARTNERS_MSG.notFound)
    return conflict(row.status === PARTNER_STATUS.APPROVED ? PARTNERS_MSG.alreadyApproved : PARTNERS_MSG.alreadyDeclined)
  }

  /** Tells the applicant, once the decision is committed: a failure is logged and never undoes it. */
  const mailApplicant = async (applicant: Applicant, decision: Parameters<typeof partnerDecisionMail>[1]) => {
    try {
      await deps.mailer.send(partnerDecisionMail(applicant, decision))
      return true
    } catch (err) {
      logError('sending a partner decision mail', err)
      return false
    }
  }

  /**
   * A pending request's decision, made by `admin` at `now`: the request as it was, or none when it
   * was not pending. Only a pending request is decided (`status = 1`), so of two admins racing one wins.
   */
  const decide = (db: Db, id: string, admin: { id: string; email: string }, now: Date, decision: Pick<typeof partners.$inferInsert, 'status' | 'declineReason'>) =>
    db
      .update(partners)
      .set({ ...decision, decidedAt: now, decidedBy: admin.id, decidedByEmail: admin.email })
      .where(and(eq(partners.id, id), eq(partners.status, PARTNER_STATUS.PENDING)))
      .returning(requestColumns)

  const exportAudit = { action: 'partner.export', query: true } as const
  const exportPartners = (c: AppContext, q: PartnerListQuery & { ids?: readonly string[] }) =>
    csvResponse(c, 'partners', deps.clock.now(), PARTNERS_CSV_HEADER, csvLines(listBatches(partnerListSource(q), q, partnerRows(deps.db)), partnerCsvLine))

  return (
    new Hono<AppEnv>()
      .get('/admin/partners', permit('read'), validate('query', partnerListQuery), async (c) => {
        const q = c.req.valid('query')
        const page = await listPage(deps, partnerListSource(q), q, partnerRows(deps.db))
        return c.json(listOk(PARTNERS_MSG.listed, { ...page, rows: page.rows.map(toPartner) }, q))
      })

      // Before /admin/partners/:id, which would otherwise take 'export' for an id.
      .get('/admin/partners/export', permit('read', exportAudit), validate('query', partnerListQuery), (c) => exportPartners(c, c.req.valid('query')))
      .post(
        '/admin/partners/export',
        permit('read', exportAudit),
        validate('query', partnerListQuery),
        validate('json', exportSelectedBody),
        (c) => exportPartners(c, { ...c.req.valid('query'), ids: chosenRows(c, c.req.valid('json')) }),
      )

      .get('/admin/partners/:id', permit('read'), validate('param', idParam), async (c) => {
        const details = await detailsOf(deps.db, c.req.valid('param').id)
        if (!details) throw notFound(PARTNERS_MSG.notFound)
        return c.json(ok(PARTNERS_MSG.fetched, details))
      })

      /**
       * Approving makes, in the same transaction, a draft pet shop or hospital from the request
       * (inactive, no description or position yet: places_draft_inactive_check), linked both ways.
       */
      .post(
        '/admin/partners/:id/approve',
        permit('partner.decide', { action: 'partner.approve', target: 'partner' }),
        validate('param', idParam),
        async (c) => {
          const { id } = c.req.valid('param')
          const admin = c.get('signedIn').admin
          const now = deps.clock.now()
          const approved = await deps.db.transaction(async (tx) => {
            const [request] = await decide(tx, id, admin, now, { status: PARTNER_STATUS.APPROVED })
            if (!request) return undefined
            const [place] = await tx.insert(places).values(draftPlaceOf({ ...request, id }, now)).returning({ id: places.id, kind: places.kind })
            await tx.update(partners).set({ placeId: place!.id }).where(eq(partners.id, id))
            // The request as decided, with its draft place (`place`), for the endpoints that want it.
            await emitWebhookEvent(tx, 'partner.approved', async () => ({ partner: await detailsOf(tx, id) }), now)
            return { request, kind: place!.kind, placeId: place!.id }
          })
          if (!approved) throw await refusal(id)
          const mailed = await mailApplicant(approved.request, { approved: true })
          auditNote(c, { label: approved.request.name, detail: { placeKind: approved.kind, placeId: approved.placeId, mailed } })
          return c.json(ok(PARTNERS_MSG.approved[approved.request.type], (await detailsOf(deps.db, id))!))
        },
      )

      .post(
        '/admin/partners/:id/decline',
        permit('partner.decide', { action: 'partner.decline', target: 'partner' }),
        validate('param', idParam),
        validate('json', partnerDeclineBody),
        async (c) => {
          const { id } = c.req.valid('param')
          const { reason } = c.req.valid('json')
          const admin = c.get('signedIn').admin
          const now = deps.clock.now()
          const request = await deps.db.transaction(async (tx) => {
            const [row] = await decide(tx, id, admin, now, { status: PARTNER_STATUS.DECLINED, declineReason: reason })
            if (row) await emitWebhookEvent(tx, 'partner.declined', async () => ({ partner: await detailsOf(tx, id) }), now)
            return row
          })
          if (!request) throw await refusal(id)
          const mailed = await mailApplicant(request, { approved: false, reason })
          // The reason's length only: its words stay on the request, not in the log.
          auditNote(c, { label: request.name, detail: { reasonLength: reason.length, mailed } })
          return c.json(ok(PARTNERS_MSG.declined, (await detailsOf(deps.db, id))!))
        },
      )
  )
}
