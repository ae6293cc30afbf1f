import { and, eq, sql } from 'drizzle-orm'
import { API_TOKEN_SCOPES, API_TOKENS_MSG, can, INTEGRATION_BASE_PATH, PERMISSION_NAMES, PERMISSIONS, ROLE, type ApiTokenScope, type Permission } from '../../contract'
import { findAdminByEmail } from '../../server/auth/admins'
import { auditLog, faqs } from '../../server/db/schema'
import { createApiToken } from '../../server/auth/api-tokens'
import { permissionOf } from '../../server/http/auth'
import { scopeOf } from '../../server/http/token-auth'
import { errorOf } from './helpers/bodies'
import {
  addCities,
  addFeedback,
  addNotification,
  addPlaces,
  addSites,
  addUsers,
  tokenOf,
  UNKNOWN_ID,
} from './helpers/fixtures'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { testApp, type TestApp } from './helpers/test-app'

/**
 * The role matrix (docs/DECISIONS.md, Roles) on every route of the app, found by walking Hono's
 * route table rather than by a hand-kept list: a route added without a `permit(...)` fails
 * here unless it is listed as public below.
 */

/** Routes anyone may call, without a token. Everything else must declare exactly one permission. */
const PUBLIC_ROUTES = [
  'POST /api/v1/admin/login',
  'POST /api/v1/admin/send-otp',
  'POST /api/v1/admin/resend-otp',
  'POST /api/v1/admin/verify-otp',
  'POST /api/v1/admin/reset-password',
  'POST /api/v1/admin/accept-invite',
  'GET /api/v1/cms/:type',
  'GET /api/v1/cms-faqs',
  'GET /api/v1/pet/petbyid',
  // Uploaded files, and the disk storage's signed POST (its signature is the check).
  'GET /uploads/*',
  'POST /uploads/',
  'POST /uploads',
  // Their resized copies, as public as the files.
  'GET /resized/:width/*',
  // Prometheus text: its own check (loopback or METRICS_TOKEN), not a sign-in (server/http/metrics.ts).
  'GET /metrics',
  // Probes for a load balancer: no sign-in, no details (server/health.ts).
  'GET /healthz',
  'GET /readyz',
].sort()

/** The admin-only routes of today (docs/DECISIONS.md, Roles); a new one is added here on purpose. */
const ADMIN_ONLY_ROUTES = [
  'DELETE /api/v1/place/pet-shop/:id',
  'DELETE /api/v1/place/hospital/:id',
  'DELETE /api/v1/admin/notification/:id',
  'POST /api/v1/admin/notifications/bulk',
  'DELETE /api/v1/admin/city/:id',
  'DELETE /api/v1/admin/site/:id',
  'DELETE /api/v1/admin/feedback/:id',
  'GET /api/v1/admin/trash',
  'POST /api/v1/admin/trash/:kind/:id/restore',
  'DELETE /api/v1/admin/trash/:kind/:id',
  'PUT /api/v1/admin/cms',
  'POST /api/v1/admin/faq',
  'PUT /api/v1/admin/faq/order',
  'PUT /api/v1/admin/faq/:id',
  'DELETE /api/v1/admin/faq/:id',
  'GET /api/v1/admin/audit-log',
  'GET /api/v1/admin/audit-log/export',
  'POST /api/v1/admin/audit-log/export',
  'GET /api/v1/admin/audit-log/actors',
  'GET /api/v1/admin/admins',
  'POST /api/v1/admin/admins',
  'PATCH /api/v1/admin/admins/:id/status',
  'POST /api/v1/admin/admins/:id/invite',
  'GET /api/v1/admin/api-tokens',
  'POST /api/v1/admin/api-tokens',
  'POST /api/v1/admin/api-tokens/:id/revoke',
  'GET /api/v1/admin/webhooks',
  'POST /api/v1/admin/webhooks',
  'GET /api/v1/admin/webhooks/:id',
  'PATCH /api/v1/admin/webhooks/:id',
  'DELETE /api/v1/admin/webhooks/:id',
  'POST /api/v1/admin/webhooks/:id/secret',
  'GET /api/v1/admin/webhooks/:id/deliveries',
  'POST /api/v1/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
  'POST /api/v1/admin/webhooks/:id/test',
  'GET /api/v1/admin/import/:kind/template',
  'POST /api/v1/admin/import/:kind/preview',
  'POST /api/v1/admin/import/:kind',
].sort()

interface RouteInfo {
  method: string
  path: string
  permissions: Permission[]
  /** What permitToken checks: the integration API's routes only. */
  scopes: ApiTokenScope[]
}

/** Every method and path of the app with the permissions its handlers check. */
function routesOf(t: TestApp): { routes: RouteInfo[]; catchAll: string[] } {
  const byKey = new Map<string, RouteInfo>()
  const catchAll: string[] = []
  for (const r of t.app.routes) {
    // `use` middleware and the /api fallback: registered for every method.
    if (r.method === 'ALL') {
      catchAll.push(r.path)
      expect(permissionOf(r.handler), `ALL ${r.path}`).toBeUndefined()
      expect(scopeOf(r.handler), `ALL ${r.path}`).toBeUndefined()
      continue
    }
    const key = `${r.method} ${r.path}`
    const route = byKey.get(key) ?? { method: r.method, path: r.path, permissions: [], scopes: [] }
    const permission = permissionOf(r.handler)
    if (permission) route.permissions.push(permission)
    const scope = scopeOf(r.handler)
    if (scope) route.scopes.push(scope)
    byKey.set(key, route)
  }
  return { routes: [...byKey.values()], catchAll: [...new Set(catchAll)].sort() }
}

const keyOf = (r: RouteInfo) => `${r.method} ${r.path}`
const isIntegration = (r: RouteInfo) => r.path.startsWith(`${INTEGRATION_BASE_PATH}/`)

/** Rows for the path parameters, so that a sub admin's refused delete has something to delete. */
async function targets(t: TestApp) {
  const [user] = await addUsers(t, [{ username: 'sweep-user' }])
  const [shop] = await addPlaces(t, 'petShop', [{ name: 'Sweep Shop' }])
  const [hospital] = await addPlaces(t, 'hospital', [{ name: 'Sweep Hospital' }])
  const [city] = await addCities(t, [{ name: 'Sweepton' }])
  const [site] = await addSites(t, city!.id, [{ name: 'Sweep Park' }])
  const [feedbackRow] = await addFeedback(t, [{ userId: user!.id }])
  const notification = await addNotification(t, { title: 'Sweep notice' })
  const [faq] = await t.db.insert(faqs).values({ title: 'Sweep?', description: 'Yes.', sortOrder: 0 }).returning()
  const admin = (await findAdminByEmail(t.db, TEST_ADMIN.email))!
  const subAdmin = (await findAdminByEmail(t.db, TEST_SUB_ADMIN.email))!
  const ids: [RegExp, string][] = [
    [/\/user\//, user!.id],
    [/\/pet-shop\//, shop!.id],
    [/\/hospital\//, hospital!.id],
    [/\/city\//, city!.id],
    [/\/site\//, site!.id],
    [/\/feedback\//, feedbackRow!.id],
    [/\/notification\//, notification.id],
    [/\/faq\//, faq!.id],
  ]
  /** The path with its parameters filled in; `:id` of a sign-out is the caller's own id. */
  return (path: string, caller: 'admin' | 'subAdmin') => {
    const id = path.includes('/logout/')
      ? (caller === 'admin' ? admin : subAdmin).id
      : (ids.find(([pattern]) => pattern.test(path))?.[1] ?? UNKNOWN_ID)
    return path.replace(':id', id).replace(':type', '1').replace(':kind', 'petShop').replace('*', 'x')
  }
}

/** A digest of the domain's rows: what a refused request must leave as it was. */
async function domainDigest(t: TestApp): Promise<string> {
  const tables = ['admins', 'app_users', 'places', 'cities', 'sites', 'notifications', 'notification_recipients', 'faqs', 'cms_pages', 'feedback', 'partners']
  const parts = await Promise.all(
    tables.map(async (table) => {
      const { rows } = (await t.db.execute(
        sql.raw(`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as d from ${table} t`),
      )) as unknown as { rows: { d: string | null }[] }
      return `${table}:${rows[0]?.d}`
    }),
  )
  return parts.join(' ')
}

const call = (t: TestApp, method: string, path: string, token?: string) =>
  t.app.request(path, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(method === 'GET' || method === 'DELETE' ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
  })

describe('the role matrix', () => {
  it('gives the sub admin everything but deletes, the trash, CMS and FAQ edits, shared views, admin accounts, the audit log, API tokens, webhooks and CSV import', () => {
    const adminOnly = PERMISSION_NAMES.filter((p) => !can(ROLE.SUB_ADMIN, p)).sort()
    expect(adminOnly).toEqual(
      [
        'admin.manage',
        'audit.read',
        'city.delete',
        'cms.write',
        'faq.write',
        'feedback.delete',
        'notification.delete',
        'place.delete',
        'site.delete',
        'trash.manage',
        'view.share',
        'apiToken.manage',
        'webhook.manage',
        'import.run',
      ].sort(),
    )
    expect(PERMISSION_NAMES.every((p) => can(ROLE.ADMIN, p))).toBe(true)
    expect(PERMISSION_NAMES.some((p) => can(null, p) || can(undefined, p))).toBe(false)
    expect(Object.keys(PERMISSIONS)).toEqual(PERMISSION_NAMES)
  })
})

describe('every route of the app', () => {
  it('declares exactly one permission, unless it is public', async () => {
    const t = await testApp()
    const { routes, catchAll } = routesOf(t)
    expect(routes.length).toBeGreaterThan(50)
    // Only middleware (on everything, /api/*, /uploads/*, /resized/*) and the API's 404 answer for every method: no route hides there.
    expect(catchAll.filter((path) => !['/*', '/api/*', '/api/v1/*', '/uploads/*', '/resized/*'].includes(path))).toEqual([])
    const undeclared = routes.filter((r) => !isIntegration(r) && r.permissions.length !== 1 && !PUBLIC_ROUTES.includes(keyOf(r))).map(keyOf)
    expect(undeclared, 'routes without exactly one permit(...)').toEqual([])
    const publicWithPermission = routes.filter((r) => PUBLIC_ROUTES.includes(keyOf(r)) && r.permissions.length > 0).map(keyOf)
    expect(publicWithPermission).toEqual([])
    expect(routes.filter((r) => PUBLIC_ROUTES.includes(keyOf(r))).map(keyOf).sort()).toEqual(PUBLIC_ROUTES)
    const adminOnly = routes.filter((r) => r.permissions.some((p) => !can(ROLE.SUB_ADMIN, p))).map(keyOf)
    expect(adminOnly.sort()).toEqual(ADMIN_ONLY_ROUTES)
    // The integration API: one permitToken each, `read` on GET calls, never a permit; nowhere else.
    const integration = routes.filter(isIntegration)
    expect(integration.length).toBeGreaterThan(0)
    for (const r of integration) {
      expect(r.permissions, keyOf(r)).toEqual([])
      expect(r.scopes, keyOf(r)).toHaveLength(1)
      if (r.method === 'GET') expect(r.scopes, keyOf(r)).toEqual(['read'])
      else expect(r.scopes, keyOf(r)).not.toEqual(['read'])
    }
    expect(routes.filter((r) => !isIntegration(r) && r.scopes.length > 0).map(keyOf)).toEqual([])
  })

  it('refuses an API token, even one with every scope, on every admin call', async () => {
    const t = await testApp()
    const pathOf = await targets(t)
    const admin = (await findAdminByEmail(t.db, TEST_ADMIN.email))!
    const { secret } = await createApiToken(t.db, { name: 'All', scopes: [...API_TOKEN_SCOPES], expiresAt: null, createdBy: admin.id }, t.clock.now())
    const guarded = routesOf(t).routes.filter((r) => !isIntegration(r) && !PUBLIC_ROUTES.includes(keyOf(r)))
    const before = await domainDigest(t)
    for (const route of guarded) {
      const refused = await call(t, route.method, pathOf(route.path, 'admin'), secret)
      expect((await errorOf(refused, 401)).message, keyOf(route)).toBe(API_TOKENS_MSG.notForAdmin)
    }
    expect(await domainDigest(t)).toBe(before)
  })

  it('lets an integration call through only with an API token holding its scope', async () => {
    const t = await testApp()
    const pathOf = await targets(t)
    const admin = (await findAdminByEmail(t.db, TEST_ADMIN.email))!
    const tokenWith = async (scopes: ApiTokenScope[]) =>
      (await createApiToken(t.db, { name: scopes.join(' '), scopes, expiresAt: null, createdBy: admin.id }, t.clock.now())).secret
    for (const route of routesOf(t).routes.filter(isIntegration)) {
      const [scope] = route.scopes
      const path = pathOf(route.path, 'admin')
      expect((await call(t, route.method, path)).status, `${keyOf(route)} without a token`).toBe(401)
      expect((await call(t, route.method, path, await tokenOf(t, 'admin'))).status, `${keyOf(route)} with a session`).toBe(401)
      const others = API_TOKEN_SCOPES.filter((s) => s !== scope)
      expect((await call(t, route.method, path, await tokenWith(others))).status, `${keyOf(route)} without ${scope}`).toBe(403)
      const admitted = await call(t, route.method, path, await tokenWith([scope!]))
      expect([401, 403], `${keyOf(route)} with ${scope}`).not.toContain(admitted.status)
      expect(admitted.status, `${keyOf(route)} with ${scope}`).toBeLessThan(500)
    }
  })

  it('answers 401 without a token, 403 to a sub admin on an admin-only action (changing nothing), and lets an admin through', async () => {
    const t = await testApp()
    const pathOf = await targets(t)
    const { routes } = routesOf(t)
    const guarded = routes.filter((r) => !isIntegration(r) && !PUBLIC_ROUTES.includes(keyOf(r)))
    const subAdmin = (await findAdminByEmail(t.db, TEST_SUB_ADMIN.email))!

    for (const route of guarded) {
      const [permission] = route.permissions
      const label = `${keyOf(route)} (${permission})`

      const anonymous = await call(t, route.method, pathOf(route.path, 'admin'))
      expect(anonymous.status, `${label} without a token`).toBe(401)
      const junk = await call(t, route.method, pathOf(route.path, 'admin'), 'not-a-session-token')
      expect(junk.status, `${label} with an unknown token`).toBe(401)

      const subPath = pathOf(route.path, 'subAdmin')
      if (!can(ROLE.SUB_ADMIN, permission!)) {
        const before = await domainDigest(t)
        const denied = await call(t, route.method, subPath, await tokenOf(t, 'subAdmin'))
        await errorOf(denied, 403)
        expect(await domainDigest(t), `${label}: a refused call changes nothing`).toBe(before)
        const [recorded] = await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'authz.denied'), eq(auditLog.requestId, denied.headers.get('X-Request-Id')!)))
        expect(recorded, `${label}: the refusal is in the audit log`).toMatchObject({
          actorId: subAdmin.id,
          actorRole: ROLE.SUB_ADMIN,
          detail: { permission, method: route.method, path: subPath },
        })
      } else {
        const allowed = await call(t, route.method, subPath, await tokenOf(t, 'subAdmin'))
        expect([401, 403], `${label} for a sub admin`).not.toContain(allowed.status)
      }

      const admitted = await call(t, route.method, pathOf(route.path, 'admin'), await tokenOf(t, 'admin'))
      expect([401, 403], `${label} for an admin`).not.toContain(admitted.status)
      expect(admitted.status, `${label} for an admin`).toBeLessThan(500)
    }
  })
})
