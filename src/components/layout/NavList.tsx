import { Link, useRouterState } from '@tanstack/react-router'
import { can } from '@contract'
import { useAuth } from '@/lib/auth'
import { isActiveItem, type NavItem } from './navigation'

const itemClass = 'flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium'

/**
 * A menu from its config: a ready entry is a link, highlighted (aria-current="page" and colour)
 * when its url is contained in the current path; an entry whose screen is not built yet is a
 * visibly disabled item, not a link. An entry's `sections` count as its url. An entry that needs a
 * permission the signed-in role lacks is left out.
 */
export function NavList({
  items,
  label,
  onNavigate,
  className = '',
}: {
  items: readonly NavItem[]
  label: string
  /** Called after an entry is chosen (the small-screen drawer closes on it). */
  onNavigate?: () => void
  className?: string
}) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const role = useAuth().userDetails?.role
  const shown = items.filter((item) => !item.permission || can(role, item.permission))
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-col gap-1">
        {shown.map((item) => {
          const { id, title, url, icon: Icon, ready } = item
          const active = ready && isActiveItem(pathname, item)
          return (
            <li key={id}>
              {ready ? (
                <Link
                  to={url}
                  onClick={onNavigate}
                  // Our rule decides; the router's own marks only exact matches, which agree.
                  activeOptions={{ exact: true, includeSearch: false }}
                  aria-current={active ? 'page' : undefined}
                  className={`${itemClass} border-l-[3px] transition-colors ${
                    active
                      ? 'border-primary-700 bg-primary-50 font-semibold text-primary-800'
                      : 'border-transparent text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                  }`}
                >
                  <Icon className={`h-5 w-5 shrink-0 ${active ? 'text-primary-700' : 'text-slate-500'}`} />
                  <span>{title}</span>
                </Link>
              ) : (
                <span aria-disabled="true" title="Coming soon" className={`${itemClass} cursor-not-allowed border-l-[3px] border-transparent text-slate-400`}>
                  <Icon className="h-5 w-5 shrink-0" />
                  <span>{title}</span>
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
