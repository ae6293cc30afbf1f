import { queryOptions } from '@tanstack/react-query'
import { dashboardTotals } from '@contract'
import { http, withData } from '@/lib/http'

export const dashboardKeys = {
  all: ['dashboard'] as const,
  totals: () => [...dashboardKeys.all, 'totals'] as const,
}

/** GET admin/dashboard: the four totals. */
export const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.totals(),
  queryFn: async () => (await http.get('admin/dashboard', withData(dashboardTotals))).data,
})
