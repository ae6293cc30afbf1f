import type { QueryClient } from '@tanstack/react-query'
import type { AuthStore } from './lib/auth'

/** What every route's `beforeLoad` and `loader` receive (apart from router.tsx, which the routes' tree imports). */
export type RouterContext = { queryClient: QueryClient; auth: AuthStore }
