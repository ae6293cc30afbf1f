import { MutationCache, QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { RouteError } from './components/layout/RouteError'
import { authStore } from './lib/auth'
import { notify } from './lib/toast'
import { refreshTables } from './table-queries'

export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    // Every mutation refreshes what shows the tables it names (`meta.changes`), settled either
    // way (a refusal may mean the row changed meanwhile). A burst of one keyed mutation (the FAQ
    // reorder) refreshes once, after its last: an earlier answer must not undo a later move.
    mutationCache: new MutationCache({
      onSettled: (_data, _error, _variables, _context, mutation) => {
        const { mutationKey } = mutation.options
        if (mutationKey && queryClient.isMutating({ mutationKey }) > 1) return
        return refreshTables(queryClient, mutation.meta?.changes ?? [], { details: true })
      },
    }),
    defaultOptions: {
      // Failures already reach the person through the HTTP client's catalogue; screens offer a retry.
      queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
  return queryClient
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
