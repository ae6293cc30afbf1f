import { Hono } from 'hono'
import { DASHBOARD_MSG, type DashboardTotals } from '../../contract'
import type { Db } from '../db/client'
import { rowCount } from '../db/row-counts'
import { appUsers, partners, places } from '../db/schema'
import type { Deps } from '../deps'
import { permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { ok } from '../http/respond'

/** The four cards of the dashboard: exact totals kept by triggers, so no table is scanned. */
export async function dashboardTotals(db: Db): Promise<DashboardTotals> {
  const [users, petShops, hospitals, partnerRequests] = await Promise.all([
    rowCount(db, appUsers),
    rowCount(db, places, { kind: 'petShop' }),
    rowCount(db, places, { kind: 'hospital' }),
    rowCount(db, partners),
  ])
  return { users, petShops, hospitals, partnerRequests }
}

export const dashboardRoutes = (deps: Deps) =>
  new Hono<AppEnv>().get('/admin/dashboard', permit('read'), async (c) =>
    c.json(ok(DASHBOARD_MSG.fetched, await dashboardTotals(deps.db))),
  )
