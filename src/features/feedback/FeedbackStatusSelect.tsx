import { useId } from 'react'
import type { Feedback, FeedbackStatus } from '@contract'
import { fieldInputClass } from '@/components/form/Form'
import { useCan } from '@/lib/auth'
import { useSetFeedbackStatus } from './api'
import { FeedbackStatusBadge, feedbackStatusOptions } from './FeedbackStatusBadge'

type FeedbackStatusSelectProps = {
  item: Pick<Feedback, '_id' | 'status'>
  /** A visible label above the select (the details), or only a name for a list row. */
  label: { visible: string } | { hidden: string }
  className?: string
}

/**
 * A feedback's status, saved as soon as another is chosen (shown at once, put back if refused).
 * A role without 'feedback.handle' sees the badge.
 */
export function FeedbackStatusSelect({ item, label, className = '' }: FeedbackStatusSelectProps) {
  const id = useId()
  const canHandle = useCan('feedback.handle')
  const setStatus = useSetFeedbackStatus()
  if (!canHandle) return <FeedbackStatusBadge status={item.status} />
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      {'visible' in label && (
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label.visible}
        </label>
      )}
      <select
        id={id}
        aria-label={'hidden' in label ? label.hidden : undefined}
        value={String(item.status)}
        disabled={setStatus.isPending}
        aria-busy={setStatus.isPending || undefined}
        onChange={(event) => setStatus.mutate({ id: item._id, status: Number(event.target.value) as FeedbackStatus })}
        className={`min-h-10 ${fieldInputClass(undefined)}`}
      >
        {feedbackStatusOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}
