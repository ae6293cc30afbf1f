import { queryOptions } from '@tanstack/react-query'
import {
  dashboardCharts,
  dashboardTotals,
  listDefaults,
  partner,
  userListItem,
  type ChartPeriod,
  type PartnerListQuery,
  type UserListQuery,
} from '@contract'
import { http, withData } from '@/lib/http'
import { dashboardKeys } from './keys'

export { dashboardKeys } from './keys'

/** GET admin/dashboard: the four totals, and how many partner requests are pending. */
export const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.totals(),
  queryFn: async () => (await http.get('admin/dashboard', withData(dashboardTotals))).data,
})

/** GET admin/dashboard/charts: every chart over the period, in one call. */
export const dashboardChartsQuery = (period: ChartPeriod) =>
  queryOptions({
    queryKey: dashboardKeys.charts(period),
    queryFn: async () => (await http.get('admin/dashboard/charts', withData(dashboardCharts), { period })).data,
  })

/** How many of the newest users, and of the newest partner requests, the dashboard lists. */
export const NEWEST_USERS_SHOWN = 5
export const NEWEST_PARTNERS_SHOWN = 5

/** GET admin/users, newest first, one short page. */
export const newestUsersQuery = queryOptions({
  queryKey: dashboardKeys.newestUsers(),
  queryFn: () =>
    http.list('admin/users', { ...listDefaults, sortBy: 'createdAt', sortOrder: -1, limit: NEWEST_USERS_SHOWN } satisfies UserListQuery, userListItem),
})

/** GET admin/partners (the product's recent-partners call), newest first, one short page. */
export const newestPartnersQuery = queryOptions({
  queryKey: dashboardKeys.newestPartners(),
  queryFn: () =>
    http.list('admin/partners', { ...listDefaults, sortBy: 'createdAt', sortOrder: -1, limit: NEWEST_PARTNERS_SHOWN } satisfies PartnerListQuery, partner),
})
