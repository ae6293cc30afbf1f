import { z } from 'zod'
import { CHART_PERIOD_DEFAULT, CHART_PERIODS } from '../enums'
import { DASHBOARD_MSG } from '../dashboard'

const chartPeriod = z.enum(CHART_PERIODS, { message: DASHBOARD_MSG.badPeriod })

/** GET /admin/dashboard/charts?period=30d|90d|12m (30d when left out). */
export const dashboardChartsQuery = z.strictObject({ period: chartPeriod.default(CHART_PERIOD_DEFAULT) })
export type DashboardChartsQuery = z.infer<typeof dashboardChartsQuery>
