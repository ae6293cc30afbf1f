import { useEffect, useRef } from 'react'
import { ClearIcon } from './list-icons'
import { isFilterSet, type ListFilterPart } from './filters'

/**
 * The filters in effect, one chip each ("Status: Blocked"), under the list's toolbar: seen without
 * opening the panel, and each removed by its ×, which clears that filter alone.
 *
 * The × removes itself, so focus would fall to the page's start: once the chip is gone (the list
 * state comes back through the router), focus moves to the next chip's × (the previous one's for
 * the last chip), or to the Filters button (`filtersButton`) when no chip is left.
 */
export function FilterChips<Q>({
  parts,
  state,
  change,
  filtersButton,
}: {
  parts: readonly ListFilterPart<Q>[]
  state: Q
  change: (patch: Partial<Q>) => void
  filtersButton: () => HTMLElement | null
}) {
  const set = parts.filter((part) => isFilterSet(part, state))
  const removeButtons = useRef(new Map<string, HTMLButtonElement>())
  // The chip removed (by its label) and the one whose × takes the focus once it is gone (null: the Filters button).
  const focusAfter = useRef<{ removed: string; next: string | null } | null>(null)
  useEffect(() => {
    const pending = focusAfter.current
    if (!pending || set.some((part) => part.label === pending.removed)) return
    focusAfter.current = null
    const next = pending.next === null ? undefined : removeButtons.current.get(pending.next)
    ;(next ?? filtersButton())?.focus()
  })
  if (set.length === 0) return null
  const remove = (index: number) => {
    const part = set[index]!
    const next = set[index + 1] ?? set[index - 1]
    focusAfter.current = { removed: part.label, next: next?.label ?? null }
    change(Object.fromEntries(part.keys.map((key) => [key, undefined])) as Partial<Q>)
  }
  return (
    <ul aria-label="Filters in effect" className="flex flex-wrap gap-2">
      {set.map((part, index) => (
        <li
          key={part.label}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-primary-200 bg-primary-50 py-0.5 pl-3 pr-1 text-sm text-primary-900"
        >
          <span className="min-w-0 truncate">
            <span className="font-semibold">{part.label}:</span> {part.chip(state)}
          </span>
          <button
            type="button"
            ref={(button) => {
              if (button) removeButtons.current.set(part.label, button)
              else removeButtons.current.delete(part.label)
            }}
            aria-label={`Remove filter: ${part.label}`}
            onClick={() => remove(index)}
            className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full hover:bg-white/70"
          >
            <ClearIcon className="h-3.5 w-3.5" />
          </button>
        </li>
      ))}
    </ul>
  )
}
