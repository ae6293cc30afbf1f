import { z } from 'zod'
import { listQuery } from '../list'
import { LIST_PARAMS } from '../list-params'
import { lengthText } from '../validation'
import { PARTNER_REASON_MAX, PARTNER_REASON_MIN, partnerStatus, partnerType } from '../partners'

export const partnerListQuery = listQuery({
  sortBy: LIST_PARAMS.partners.sortBy,
  filter: z.coerce.number().pipe(partnerType),
}).extend({
  /** Beside the type filter: only requests in this status (the dashboard links to the pending ones). */
  status: z.coerce.number().pipe(partnerStatus).optional(),
})
export type PartnerListQuery = z.infer<typeof partnerListQuery>

/** POST /admin/partners/{id}/decline: why, 2 to 500 characters once trimmed; the applicant reads it in the mail. */
export const partnerDeclineBody = z.strictObject({ reason: lengthText(PARTNER_REASON_MIN, PARTNER_REASON_MAX) })
export type PartnerDeclineBody = z.infer<typeof partnerDeclineBody>
