import { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { RouteError } from './components/layout/RouteError'
import { authStore } from './lib/auth'
import { notify } from './lib/toast'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Failures already reach the person through the HTTP client's catalogue; screens offer a retry.
      queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient, auth: authStore },
    defaultPreload: 'intent',
    // The query cache decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: false,
    // A page without its own error view (or whose code failed to load) shows this one, in its layout, never the router's bare default.
    defaultErrorComponent: RouteError,
  })
  // A screen's error toasts go when the person leaves it (a wrong password is no news on the Forgot
  // page); not on a change of search alone (paging, sorting, filtering stay on the screen).
  router.subscribe('onBeforeNavigate', ({ fromLocation, pathChanged }) => {
    if (fromLocation && pathChanged) notify.dismissScreenErrors()
  })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
