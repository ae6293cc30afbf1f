import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import { NotFound } from '@/components/NotFound'
import { RouteProgress } from '@/components/layout/RouteProgress'
import { ScrollToTop } from '@/components/layout/ScrollToTop'
import type { RouterContext } from '@/router'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <RouteProgress />
      <ScrollToTop />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFound,
})
