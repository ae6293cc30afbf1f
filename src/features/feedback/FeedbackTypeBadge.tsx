import { feedbackTypeLabel, type FeedbackType } from '@contract'
import { Badge, type BadgeTone } from '@/components/ui/Badge'

export const feedbackTypeTone: Record<FeedbackType, BadgeTone> = {
  BUG: 'danger',
  NEW_FEATURE: 'info',
  SUGGESTION: 'success',
  OTHER: 'neutral',
}

/** A feedback's type as the product words it: Bug, New Feature, Suggestion, Other. */
export function FeedbackTypeBadge({ type }: { type: FeedbackType }) {
  return <Badge tone={feedbackTypeTone[type]}>{feedbackTypeLabel[type]}</Badge>
}
