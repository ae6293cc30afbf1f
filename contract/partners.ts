import { z } from 'zod'
import { PARTNER_TYPE } from './enums'
import { listQuery } from './list'

/** A business asking to join (docs/DECISIONS.md, Partners and feedback). */
export const partnerType = z.union([z.literal(PARTNER_TYPE.HOSPITAL), z.literal(PARTNER_TYPE.PET_SHOPS)])

export const partner = z.object({
  _id: z.string(),
  name: z.string(),
  ownerName: z.string(),
  email: z.string(),
  mobileNo: z.string(),
  type: partnerType,
  address: z.string(),
  createdAt: z.string(),
})
export type Partner = z.infer<typeof partner>

export const partnerListQuery = listQuery({
  sortBy: ['name', 'ownerName', 'email', 'type', 'createdAt'],
  filter: z.coerce.number().pipe(partnerType),
})
export type PartnerListQuery = z.infer<typeof partnerListQuery>

export const PARTNERS_MSG = { listed: 'Partners fetched successfully' } as const
