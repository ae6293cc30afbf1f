import { http, type HttpHandler } from 'msw'
import { DASHBOARD_MSG } from '@contract'
import { api, authenticate, db, ok } from '../db'

export const dashboardHandlers: HttpHandler[] = [
  http.get(api('/admin/dashboard'), ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    return ok(DASHBOARD_MSG.fetched, db.totals)
  }),
]
