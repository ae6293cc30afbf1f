import { queryOptions } from '@tanstack/react-query'
import { dashboardTotals, userListItem, userListQuery } from '@contract'
import { http, withData } from '@/lib/http'

export const dashboardKeys = {
  all: ['dashboard'] as const,
  totals: () => [...dashboardKeys.all, 'totals'] as const,
  newestUsers: () => [...dashboardKeys.all, 'newest-users'] as const,
}

/** GET admin/dashboard: the four totals. */
export const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.totals(),
  queryFn: async () => (await http.get('admin/dashboard', withData(dashboardTotals))).data,
})

/** How many of the newest users the dashboard lists. */
export const NEWEST_USERS_SHOWN = 5

/** GET admin/users, newest first, one short page. */
export const newestUsersQuery = queryOptions({
  queryKey: dashboardKeys.newestUsers(),
  queryFn: () =>
    http.list('admin/users', userListQuery.parse({ sortBy: 'createdAt', sortOrder: -1, limit: NEWEST_USERS_SHOWN }), userListItem),
})
