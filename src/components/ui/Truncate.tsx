import { cutText, isBlank } from '@/lib/format'
import { Dashes } from './Dashes'

/**
 * Text cut to `max` characters plus an ellipsis (tables cut email at 18, mobile at 12), the full value as a
 * tooltip (`title`) and, for screen readers, as the text they read. Missing: dashes.
 */
export function Truncate({ value, max, className = '' }: { value: string | null | undefined; max: number; className?: string }) {
  if (isBlank(value)) return <Dashes />
  const text = value as string
  const shown = cutText(text, max)
  if (shown === text) return <span className={className}>{text}</span>
  return (
    <span title={text} className={className}>
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{text}</span>
    </span>
  )
}
