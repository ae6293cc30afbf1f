import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { Toaster } from 'sonner'
import { AuthProvider } from './lib/auth'
import { TOAST_LIMIT, TOAST_TOP_OFFSET } from './lib/toast'
import type { createAppRouter } from './router'

export function App({ router, queryClient }: { router: ReturnType<typeof createAppRouter>; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <Toaster
          position="top-right"
          offset={TOAST_TOP_OFFSET}
          mobileOffset={TOAST_TOP_OFFSET}
          richColors
          closeButton
          visibleToasts={TOAST_LIMIT}
        />
      </AuthProvider>
    </QueryClientProvider>
  )
}
