import type { HttpHandler } from 'msw'
import {
  idParam,
  PARTNER_STATUS,
  PARTNERS_MSG,
  partnerDeclineBody,
  partnerListQuery,
  partnerStatusLabel,
  PLACE_STATUS,
  type Partner,
  type PartnerDetails,
  type PartnerListQuery,
  type PlaceKind,
} from '@contract'
import { db, fail, ok, route, type MockAdmin } from '../db'
import { csvAnswer, exportRoutes, listAnswer, type ListRules } from '../list'
import { placesDb } from './places'

const rules: ListRules<PartnerDetails> = {
  searchIn: (p) => [p.name, p.ownerName, p.email, p.mobileNo, p.address],
  filter: (p, type: number) => p.type === type,
}

/** The list's rows in the query's status (the type filter is the list kit's own). */
const inStatus = (query: Pick<PartnerListQuery, 'status'>) =>
  query.status === undefined ? db.partners : db.partners.filter((p) => p.status === query.status)

/** A list row: the request without its history, as the server lists it. */
const listed = ({ decidedAt: _at, decidedBy: _by, declineReason: _reason, place: _place, ...row }: PartnerDetails): Partner => row

let lastDraft = 0
/** A fresh uuid for a draft place (the contract's id rule). */
const newDraftId = () => `0d4a0f70-0000-4000-8000-${String(++lastDraft).padStart(12, '0')}`

/** The server's conditional decision: only a pending request is decided, else 404 or 409. */
function decide(id: string, admin: MockAdmin, decision: Partial<PartnerDetails>): PartnerDetails | Response {
  const request = db.partners.find((p) => p._id === id)
  if (!request) return fail('NOT_FOUND', PARTNERS_MSG.notFound)
  if (request.status !== PARTNER_STATUS.PENDING) {
    return fail('CONFLICT', request.status === PARTNER_STATUS.APPROVED ? PARTNERS_MSG.alreadyApproved : PARTNERS_MSG.alreadyDeclined)
  }
  return Object.assign(request, { decidedAt: new Date().toISOString(), decidedBy: { _id: admin._id, email: admin.email }, ...decision })
}

export const partnerHandlers: HttpHandler[] = [
  route('get', '/admin/partners', { permission: 'read', query: partnerListQuery }, ({ query }) =>
    listAnswer(query, inStatus(query), rules, { message: PARTNERS_MSG.listed, map: listed }),
  ),

  ...exportRoutes('/admin/partners/export', { permission: 'read', query: partnerListQuery }, (query, chosen) =>
    csvAnswer(query, inStatus(query).filter((p) => chosen(p._id)), rules, {
      stem: 'partners',
      columns: [
        ['Name', (p) => p.name],
        ['Owner Name', (p) => p.ownerName],
        ['Email', (p) => p.email],
        ['Mobile No.', (p) => p.mobileNo],
        ['Type', (p) => (p.type === 5 ? 'Hospital' : 'Pet Shop')],
        ['Address', (p) => p.address],
        ['Status', (p) => partnerStatusLabel[p.status]],
        ['Created At', (p) => p.createdAt.slice(0, 10)],
      ],
    }),
  ),

  route('get', '/admin/partners/:id', { permission: 'read', params: idParam }, ({ params }) => {
    const request = db.partners.find((p) => p._id === params.id)
    return request ? ok(PARTNERS_MSG.fetched, request) : fail('NOT_FOUND', PARTNERS_MSG.notFound)
  }),

  // Approving makes a draft pet shop or hospital from the request, linked both ways.
  route('post', '/admin/partners/:id/approve', { permission: 'partner.decide', params: idParam }, ({ params, admin }) => {
    const decided = decide(params.id, admin, { status: PARTNER_STATUS.APPROVED })
    if (decided instanceof Response) return decided
    const kind: PlaceKind = decided.type === 5 ? 'hospital' : 'petShop'
    const now = new Date().toISOString()
    const placeId = newDraftId()
    placesDb(kind).unshift({
      _id: placeId,
      name: decided.name,
      address: decided.address,
      status: PLACE_STATUS.DEACTIVE,
      draft: true,
      createdAt: now,
      updatedAt: now,
      description: '',
      discount_title: null,
      discount_description: null,
      latitude: 0,
      longitude: 0,
      logo: null,
      images: [],
      partnerId: decided._id,
      owner: { name: decided.ownerName, email: decided.email, mobileNo: decided.mobileNo },
      version: 1,
    })
    decided.place = { _id: placeId, kind, name: decided.name, draft: true }
    return ok(PARTNERS_MSG.approved[decided.type], decided)
  }),

  route('post', '/admin/partners/:id/decline', { permission: 'partner.decide', params: idParam, body: partnerDeclineBody }, ({ params, body, admin }) => {
    const decided = decide(params.id, admin, { status: PARTNER_STATUS.DECLINED, declineReason: body.reason })
    return decided instanceof Response ? decided : ok(PARTNERS_MSG.declined, decided)
  }),
]
