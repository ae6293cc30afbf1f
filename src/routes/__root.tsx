import { Suspense, lazy, type ComponentType } from 'react'
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import { NotFound } from '@/components/NotFound'
import { RouteTitle } from '@/components/layout/PageTitle'
import { RouteProgress } from '@/components/layout/RouteProgress'
import { ScrollToTop } from '@/components/layout/ScrollToTop'
import type { RouterContext } from '@/router-context'

/**
 * Fetched after the first paint, out of the first load: it acts from the first change of page on.
 * Should its file fail to load, pages still work, only without the focus move.
 */
const PageFocus = lazy<ComponentType>(() =>
  import('@/components/layout/PageFocus').then(
    (module) => ({ default: module.PageFocus }),
    () => ({ default: () => null }),
  ),
)

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <RouteProgress />
      <ScrollToTop />
      <RouteTitle />
      <Suspense fallback={null}>
        <PageFocus />
      </Suspense>
      <Outlet />
    </>
  ),
  notFoundComponent: NotFound,
})
