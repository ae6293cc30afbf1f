import { useEffect, useLayoutEffect } from 'react'
import { useRouterState } from '@tanstack/react-router'
import { PLATFORM_NAME, PRODUCT_NAME, pageTitle } from '@contract/page-title'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The screen's name in the document title, in its heading's words ('Users', 'Change
     * Password'). A details screen gives its kind ('Pet Shop'), shown while the record loads; the
     * page then names the record with `useRecordTitle`.
     */
    title?: string
    /**
     * 'platform' on the pages pet owners read (policies, FAQ, contact, support, no data found):
     * their tab says "· Petcare", not "· Petcare Admin".
     */
    brand?: 'platform'
  }
}

/**
 * The deepest route's screen name, from its `staticData.title`. Read through the router state
 * (which the first page loads anyway) rather than useMatches, whose module would join the first
 * load only for this.
 */
const useRouteTitle = () =>
  useRouterState({ select: (s) => s.matches.findLast((m) => m.staticData?.title)?.staticData.title })

/** Sets the document title from the deepest route that names its screen. Rendered once, in the root. */
export function RouteTitle() {
  const title = useRouteTitle()
  const brand = useRouterState({ select: (s) => (s.matches.findLast((m) => m.staticData?.title)?.staticData.brand === 'platform' ? PLATFORM_NAME : PRODUCT_NAME) })
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // A layout effect: it runs before any page's passive effect of the same commit, so a title set
  // by `usePageTitle` on the new page is not overwritten by the route's generic one.
  useLayoutEffect(() => {
    document.title = pageTitle(title, brand)
  }, [title, brand, pathname])
  return null
}

/**
 * A title a screen knows only once it renders (a not-found view): it replaces the route's title
 * while the screen is shown. Nothing when empty.
 */
export function usePageTitle(title: string | undefined) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  useEffect(() => {
    if (title) document.title = pageTitle(title)
  }, [title, pathname])
}

/** A details screen names its record after the route's kind: 'Pet Shop: Paws & Co'; the visit joins the recent items. */
export function useRecordTitle(name: string | undefined) {
  const kind = useRouteTitle()
  const label = name?.trim()
  usePageTitle(label ? `${kind}: ${label}` : undefined)
  const url = useRouterState({ select: (s) => s.location.pathname })
  useEffect(() => {
    // Loaded on a details page only, so the first visit does not carry it.
    if (label && kind) void import('@/lib/recent').then((r) => r.rememberVisit({ url, label, kind }))
  }, [label, kind, url])
}
