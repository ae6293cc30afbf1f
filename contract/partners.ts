import * as zm from 'zod/mini'
import { PARTNER_STATUS, PARTNER_TYPE, PLACE_KINDS } from './enums'

/** A business asking to join (docs/DECISIONS.md, Partners and feedback). */
export const partnerType = zm.union([zm.literal(PARTNER_TYPE.HOSPITAL), zm.literal(PARTNER_TYPE.PET_SHOPS)])
/** Pending until an admin approves or declines it; a decision is final. */
export const partnerStatus = zm.union(
  [zm.literal(PARTNER_STATUS.PENDING), zm.literal(PARTNER_STATUS.APPROVED), zm.literal(PARTNER_STATUS.DECLINED)],
  { error: 'Choose a status' },
)

export const partner = zm.object({
  _id: zm.string(),
  name: zm.string(),
  ownerName: zm.string(),
  email: zm.string(),
  mobileNo: zm.string(),
  type: partnerType,
  address: zm.string(),
  status: partnerStatus,
  createdAt: zm.string(),
})
export type Partner = zm.infer<typeof partner>

/**
 * GET /admin/partners/{id}: the request and its history. The decision's fields are null while
 * it is pending; `decidedBy` keeps the deciding admin's email after their account is gone (its
 * `_id` is then null). `place` is the draft pet shop or hospital approving it created.
 */
export const partnerDetails = zm.extend(partner, {
  decidedAt: zm.nullable(zm.string()),
  decidedBy: zm.nullable(zm.object({ _id: zm.nullable(zm.string()), email: zm.string() })),
  declineReason: zm.nullable(zm.string()),
  place: zm.nullable(zm.object({ _id: zm.string(), kind: zm.enum(PLACE_KINDS), name: zm.string(), draft: zm.boolean() })),
})
export type PartnerDetails = zm.infer<typeof partnerDetails>

export const PARTNER_REASON_MIN = 2
export const PARTNER_REASON_MAX = 500

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
