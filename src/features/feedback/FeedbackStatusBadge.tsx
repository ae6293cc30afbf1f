import { FEEDBACK_STATUS, feedbackStatusLabel, type FeedbackStatus } from '@contract'
import { Badge, type BadgeTone } from '@/components/ui/Badge'

const feedbackStatusTone: Record<FeedbackStatus, BadgeTone> = {
  [FEEDBACK_STATUS.OPEN]: 'warning',
  [FEEDBACK_STATUS.IN_PROGRESS]: 'info',
  [FEEDBACK_STATUS.RESOLVED]: 'success',
}

/** Where handling a feedback stands: Open, In progress, Resolved. */
export function FeedbackStatusBadge({ status }: { status: FeedbackStatus }) {
  return <Badge tone={feedbackStatusTone[status]}>{feedbackStatusLabel[status]}</Badge>
}

/** The statuses in their order, for a filter or a picker. */
export const feedbackStatusOptions = (Object.values(FEEDBACK_STATUS) as FeedbackStatus[]).map((status) => ({
  value: status,
  label: feedbackStatusLabel[status],
}))
