import { ClearIcon } from './icons'
import { isFilterSet, type ListFilterPart } from './filters'

/**
 * The filters in effect, one chip each ("Status: Blocked"), under the list's toolbar: seen without
 * opening the panel, and each removed by its ×, which clears that filter alone.
 */
export function FilterChips<Q>({ parts, state, change }: { parts: readonly ListFilterPart<Q>[]; state: Q; change: (patch: Partial<Q>) => void }) {
  const set = parts.filter((part) => isFilterSet(part, state))
  if (set.length === 0) return null
  return (
    <ul aria-label="Filters in effect" className="flex flex-wrap gap-2">
      {set.map((part) => (
        <li
          key={part.label}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-primary-200 bg-primary-50 py-0.5 pl-3 pr-1 text-sm text-primary-900"
        >
          <span className="min-w-0 truncate">
            <span className="font-semibold">{part.label}:</span> {part.chip(state)}
          </span>
          <button
            type="button"
            aria-label={`Remove filter: ${part.label}`}
            onClick={() => change(Object.fromEntries(part.keys.map((key) => [key, undefined])) as Partial<Q>)}
            className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full hover:bg-white/70"
          >
            <ClearIcon className="h-3.5 w-3.5" />
          </button>
        </li>
      ))}
    </ul>
  )
}
