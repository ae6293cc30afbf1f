import { PARTNER_STATUS, partnerStatusLabel, type PartnerStatus } from '@contract'
import { Badge, type BadgeTone } from '@/components/ui/Badge'

const partnerStatusTone: Record<PartnerStatus, BadgeTone> = {
  [PARTNER_STATUS.PENDING]: 'warning',
  [PARTNER_STATUS.APPROVED]: 'success',
  [PARTNER_STATUS.DECLINED]: 'danger',
}

/** Where a partner request stands: Pending, Approved, Declined. */
export function PartnerStatusBadge({ status }: { status: PartnerStatus }) {
  return <Badge tone={partnerStatusTone[status]}>{partnerStatusLabel[status]}</Badge>
}

/** The statuses in their order, for the list's filter. */
export const partnerStatusOptions = (Object.values(PARTNER_STATUS) as PartnerStatus[]).map((status) => ({
  value: status,
  label: partnerStatusLabel[status],
}))
