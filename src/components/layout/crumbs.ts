import { BREADCRUMB_MAX_ITEMS } from '@contract'

/** One breadcrumb: what it reads and where it goes. */
export type Crumb = { name: string; path: string }

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The breadcrumb bar of a signed-in page. Absent: built from the path. A list: shown as
     * given (e.g. 'Notifications' > 'Details'). `false`: no bar (the page draws its own).
     */
    crumbs?: Crumb[] | false
  }
}

/**
 * Segments that name a record rather than a place, left out of the trail. The product's rule:
 * letters followed by digits ('u123', 'a1b2'). Our ids are UUIDs, which that rule misses when
 * they start with a digit or a run of letters before a hyphen, so UUIDs, 24-hex object ids and
 * plain numbers are left out as well.
 */
const ID_SEGMENT = [
  /^[a-z]+\d/i,
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  /^[0-9a-f]{24}$/i,
  /^\d+$/,
]
export const isIdSegment = (segment: string) => ID_SEGMENT.some((rule) => rule.test(segment))

function decode(segment: string) {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** 'pet-shops' -> 'Pet Shops': hyphens to spaces, each word capitalised. */
export function crumbName(segment: string) {
  return decode(segment)
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/**
 * The automatic breadcrumb trail: the path split into segments, id-like
 * segments dropped, each remaining one named from its text and pointing at the path up to it.
 * '/pet-shops/details/ab12' -> Pet Shops (/pet-shops), Details (/pet-shops/details).
 */
export function crumbsFromPath(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean)
  const crumbs: Crumb[] = []
  segments.forEach((segment, index) => {
    if (isIdSegment(segment)) return
    const name = crumbName(segment)
    if (name) crumbs.push({ name, path: `/${segments.slice(0, index + 1).join('/')}` })
  })
  return crumbs
}

/**
 * Past `max` items (8) the trail collapses: the first `before` items, then an ellipsis standing
 * for `hidden` items, then the last `after` ones.
 */
export function collapseCrumbs<T>(
  items: readonly T[],
  { max = BREADCRUMB_MAX_ITEMS, before = 1, after = 2 }: { max?: number; before?: number; after?: number } = {},
): { head: T[]; hidden: number; tail: T[] } {
  if (items.length <= max || before + after >= items.length) return { head: [...items], hidden: 0, tail: [] }
  return { head: items.slice(0, before), hidden: items.length - before - after, tail: items.slice(items.length - after) }
}
