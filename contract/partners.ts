import { z } from 'zod'
import { PARTNER_STATUS, PARTNER_TYPE, PLACE_KINDS } from './enums'
import { listQuery } from './list'
import { LIST_PARAMS } from './list-params'
import { lengthText } from './validation'

/** A business asking to join (docs/DECISIONS.md, Partners and feedback). */
export const partnerType = z.union([z.literal(PARTNER_TYPE.HOSPITAL), z.literal(PARTNER_TYPE.PET_SHOPS)])
/** Pending until an admin approves or declines it; a decision is final. */
export const partnerStatus = z.union(
  [z.literal(PARTNER_STATUS.PENDING), z.literal(PARTNER_STATUS.APPROVED), z.literal(PARTNER_STATUS.DECLINED)],
  { error: 'Choose a status' },
)

export const partner = z.object({
  _id: z.string(),
  name: z.string(),
  ownerName: z.string(),
  email: z.string(),
  mobileNo: z.string(),
  type: partnerType,
  address: z.string(),
  status: partnerStatus,
  createdAt: z.string(),
})
export type Partner = z.infer<typeof partner>

/**
 * GET /admin/partners/{id}: the request and its history. The decision's fields are null while
 * it is pending; `decidedBy` keeps the deciding admin's email after their account is gone (its
 * `_id` is then null). `place` is the draft pet shop or hospital approving it created.
 */
export const partnerDetails = partner.extend({
  decidedAt: z.string().nullable(),
  decidedBy: z.object({ _id: z.string().nullable(), email: z.string() }).nullable(),
  declineReason: z.string().nullable(),
  place: z.object({ _id: z.string(), kind: z.enum(PLACE_KINDS), name: z.string(), draft: z.boolean() }).nullable(),
})
export type PartnerDetails = z.infer<typeof partnerDetails>

export const partnerListQuery = listQuery({
  sortBy: LIST_PARAMS.partners.sortBy,
  filter: z.coerce.number().pipe(partnerType),
}).extend({
  /** Beside the type filter: only requests in this status (the dashboard links to the pending ones). */
  status: z.coerce.number().pipe(partnerStatus).optional(),
})
export type PartnerListQuery = z.infer<typeof partnerListQuery>

export const PARTNER_REASON_MIN = 2
export const PARTNER_REASON_MAX = 500

/** POST /admin/partners/{id}/decline: why, 2 to 500 characters once trimmed; the applicant reads it in the mail. */
export const partnerDeclineBody = z.strictObject({ reason: lengthText(PARTNER_REASON_MIN, PARTNER_REASON_MAX) })
export type PartnerDeclineBody = z.infer<typeof partnerDeclineBody>

/** What the partner calls answer; the SPA shows the same texts. */
export const PARTNERS_MSG = {
  listed: 'Partners fetched successfully',
  fetched: 'Partner request fetched successfully',
  notFound: 'Partner request not found',
  /** By the request's type: approving makes a draft hospital (5) or pet shop (6). */
  approved: {
    5: 'Partner request approved: a draft hospital was created from it',
    6: 'Partner request approved: a draft pet shop was created from it',
  },
  declined: 'Partner request declined',
  alreadyApproved: 'This partner request has already been approved; a decision cannot be changed',
  alreadyDeclined: 'This partner request has already been declined; a decision cannot be changed',
} as const
