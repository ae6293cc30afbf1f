import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { AuthProvider } from './lib/auth'
import { LazyToaster } from './lib/LazyToaster'
import type { createAppRouter } from './router'

export function App({ router, queryClient }: { router: ReturnType<typeof createAppRouter>; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        {/* sonner loads on the first toast or when the browser is idle, not with the first visit (lib/toast.ts). */}
        <LazyToaster />
      </AuthProvider>
    </QueryClientProvider>
  )
}
