import { Outlet, createRootRouteWithContext } from '@tanstack/react-router'
import { NotFound } from '@/components/NotFound'
import { PageFocus } from '@/components/layout/PageFocus'
import { RouteTitle } from '@/components/layout/PageTitle'
import { RouteProgress } from '@/components/layout/RouteProgress'
import { ScrollToTop } from '@/components/layout/ScrollToTop'
import type { RouterContext } from '@/router'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <RouteProgress />
      <ScrollToTop />
      <RouteTitle />
      <PageFocus />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFound,
})
