import type { ChartPeriod } from '@contract'

/**
 * The dashboard feature's query keys, apart from its calls: the signed-in layout refreshes them on a
 * live change, and should not load the feature's code for that.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  totals: () => [...dashboardKeys.all, 'totals'] as const,
  charts: (period: ChartPeriod) => [...dashboardKeys.all, 'charts', period] as const,
  newestUsers: () => [...dashboardKeys.all, 'newest-users'] as const,
  newestPartners: () => [...dashboardKeys.all, 'newest-partners'] as const,
}
