import { Fragment, useEffect, useRef, useState } from 'react'
import { Link, useRouterState } from '@tanstack/react-router'
import { collapseCrumbs, crumbsFromPath, type Crumb } from './crumbs'
import { ChevronRightIcon } from './shell-icons'

/**
 * The breadcrumb bar: from the given list, or built from the current path. The last item is
 * plain text (the current page); earlier ones are links. Past 8 items the middle collapses into
 * an ellipsis button that expands the whole trail.
 */
export function Breadcrumbs({ items, className = '' }: { items?: Crumb[]; className?: string }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const crumbs = items ?? crumbsFromPath(pathname)
  const [expanded, setExpanded] = useState(false)
  const pendingFocus = useRef<number | null>(null)
  const listRef = useRef<HTMLOListElement>(null)

  // After expanding, focus moves to the first item that was hidden, where the ellipsis was.
  useEffect(() => {
    if (pendingFocus.current === null) return
    listRef.current?.querySelectorAll<HTMLElement>('a, [aria-current="page"]')[pendingFocus.current]?.focus()
    pendingFocus.current = null
  }, [expanded])

  if (crumbs.length === 0) return null
  const { head, hidden, tail } = expanded ? { head: crumbs, hidden: 0, tail: [] } : collapseCrumbs(crumbs)
  const shown = [...head, ...tail]
  const last = crumbs.length - 1

  const item = (crumb: Crumb, index: number) =>
    index === last ? (
      <span aria-current="page" tabIndex={-1} className="font-semibold text-slate-900 outline-none">
        {crumb.name}
      </span>
    ) : (
      <Link
        to={crumb.path}
        activeOptions={{ exact: true, includeSearch: false }}
        className="rounded text-primary-700 underline-offset-2 hover:underline"
      >
        {crumb.name}
      </Link>
    )
  const separator = <ChevronRightIcon className="h-4 w-4 shrink-0 text-slate-400" />

  return (
    <nav aria-label="Breadcrumb" className={className}>
      <ol ref={listRef} className="flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
        {shown.map((crumb, position) => {
          const index = position < head.length ? position : crumbs.length - tail.length + (position - head.length)
          return (
            <Fragment key={`${index}-${crumb.path}`}>
              {position === head.length && hidden > 0 && (
                <li className="flex items-center gap-1.5">
                  {separator}
                  <button
                    type="button"
                    aria-label={`Show ${hidden} more breadcrumbs`}
                    onClick={() => {
                      setExpanded(true)
                      pendingFocus.current = head.length
                    }}
                    className="rounded bg-slate-100 px-1.5 leading-5 text-slate-700 hover:bg-slate-200"
                  >
                    …
                  </button>
                </li>
              )}
              <li className="flex items-center gap-1.5">
                {index > 0 && separator}
                {item(crumb, index)}
              </li>
            </Fragment>
          )
        })}
      </ol>
    </nav>
  )
}
