import type { HttpHandler } from 'msw'
import { DASHBOARD_MSG } from '@contract'
import { db, ok, route } from '../db'

export const dashboardHandlers: HttpHandler[] = [route('get', '/admin/dashboard', { permission: 'read' }, () => ok(DASHBOARD_MSG.fetched, db.totals))]
