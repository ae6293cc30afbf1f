import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { DashboardTotals } from '../../contract'
import type { Db } from '../db/client'
import { appUsers, partners, places } from '../db/schema'
import type { Deps } from '../deps'
import { requireAuth } from '../http/auth'
import type { AppEnv } from '../http/env'
import { ok } from '../http/respond'

export const DASHBOARD_MSG = { fetched: 'Dashboard fetched successfully' } as const

/** The four cards of the dashboard, counted from the database. */
export async function dashboardTotals(db: Db): Promise<DashboardTotals> {
  const [users, petShops, hospitals, partnerRequests] = await Promise.all([
    db.$count(appUsers),
    db.$count(places, eq(places.kind, 'petShop')),
    db.$count(places, eq(places.kind, 'hospital')),
    db.$count(partners),
  ])
  return { users, petShops, hospitals, partnerRequests }
}

export const dashboardRoutes = (deps: Deps) =>
  new Hono<AppEnv>().get('/admin/dashboard', requireAuth, async (c) =>
    c.json(ok(DASHBOARD_MSG.fetched, await dashboardTotals(deps.db))),
  )
