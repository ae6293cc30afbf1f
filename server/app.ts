import { Hono } from 'hono'
import { API_PREFIX, INTEGRATION_PREFIX, RESIZED_PATH } from '../contract'
import { apiTokenCache } from './auth/api-tokens'
import { sessionCache } from './auth/sessions'
import type { Clock } from './clock'
import type { Db } from './db/client'
import { dataChanges } from './db/data-changes'
import { searchCounts } from './db/search-counts'
import { listWhere } from './db/list'
import { defaultAppConfig, type AppConfig, type Deps } from './deps'
import { accessLog } from './http/access-log'
import { healthRoutes } from './health'
import { apiNotFound, onError } from './http/errors'
import { requestId } from './http/request-id'
import { appMetrics, METRICS_PATH } from './http/metrics'
import { idempotency } from './http/idempotency'
import type { AppEnv } from './http/env'
import { rateLimit } from './http/rate-limit'
import { corsFor, jsonBodyLimit, securityHeaders } from './http/security'
import { logger } from './log'
import type { Logger } from 'pino'
import { maintenance } from './maintenance'
import { openApiRoutes } from './openapi/routes'
import type { Mailer } from './mail/mailer'
import type { NotificationDelivery } from './notifications/delivery'
import { notificationScheduler } from './notifications/scheduler'
import { adminsRoutes } from './routes/admins'
import { apiTokensRoutes } from './routes/api-tokens'
import { integrationRoutes } from './routes/integration'
import { auditRoutes } from './routes/audit'
import { authRoutes } from './routes/auth'
import { bulkRoutes } from './routes/bulk'
import { citiesRoutes } from './routes/cities'
import { cmsRoutes } from './routes/cms'
import { commonUploadRoutes } from './routes/common-upload'
import { dashboardRoutes } from './routes/dashboard'
import { eventsRoutes } from './routes/events'
import { faqsRoutes } from './routes/faqs'
import { feedbackListSource, feedbackRoutes } from './routes/feedback'
import { importsRoutes } from './routes/imports'
import { notificationListSource, notificationsRoutes } from './routes/notifications'
import { partnersRoutes } from './routes/partners'
import { passwordRoutes } from './routes/password'
import { petPageAllowance, petsRoutes } from './routes/pets'
import { placeListSource, placesRoutes } from './routes/places'
import { preferencesRoutes } from './routes/preferences'
import { profileRoutes } from './routes/profile'
import { savedViewsRoutes } from './routes/saved-views'
import { searchRoutes } from './routes/search'
import { siteListSource, sitesRoutes } from './routes/sites'
import { trashRoutes } from './routes/trash'
import { uploadsRoutes } from './routes/uploads'
import { userListSource, usersRoutes } from './routes/users'
import type { Storage } from './storage/storage'
import { webhooksRoutes } from './routes/webhooks'
import { webhookDispatcher } from './webhooks/dispatcher'

export interface AppOptions {
  db: Db
  storage: Storage
  mailer: Mailer
  clock: Clock
  /** The push service's adapter for sent notifications; none by default (recipients are recorded "Not sent"). */
  delivery?: NotificationDelivery | null
  config?: Partial<AppConfig>
  /** Where the access log goes; the server's logger by default (tests pass one that keeps the lines). */
  log?: Logger
  /** Lets a scraper off this machine read GET /metrics with `Authorization: Bearer <token>` (METRICS_TOKEN). */
  metricsToken?: string | undefined
}

/** The API (under /api/v1) and the uploaded files (under /uploads, resized copies under /resized), on the given dependencies. */
export function createApp(options: AppOptions) {
  const config = { ...defaultAppConfig, ...options.config }
  const base = {
    ...options,
    delivery: options.delivery ?? null,
    config,
    sessions: sessionCache(options.db),
    apiTokens: apiTokenCache(options.db),
    apiTokenRate: rateLimit(config.apiTokenRequestsPerMinute),
    searchCounts: searchCounts(options.clock),
    dataChanges: dataChanges(options.db, config.liveEvents),
  }
  const deps: Deps = { ...base, scheduler: notificationScheduler(base), webhooks: webhookDispatcher(base) }

  const api = new Hono<AppEnv>()
    .use(async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store') // answers carry personal data and tokens
    })
    // About 100 kB per JSON body, more for a few calls (server/http/security.ts); 413 before parsing.
    .use(jsonBodyLimit())
    // A create sent again with the same Idempotency-Key gets the first answer (server/http/idempotency.ts).
    .use(idempotency())
    .route('/', authRoutes(deps))
    .route('/', passwordRoutes(deps))
    .route('/', profileRoutes(deps))
    .route('/', preferencesRoutes(deps))
    .route('/', savedViewsRoutes(deps))
    .route('/', dashboardRoutes(deps))
    .route('/', searchRoutes(deps))
    .route('/', eventsRoutes(deps))
    .route('/', commonUploadRoutes(deps))
    .route('/', usersRoutes(deps))
    .route('/', petsRoutes(deps))
    .route('/', placesRoutes(deps))
    .route('/', partnersRoutes(deps))
    .route('/', feedbackRoutes(deps))
    .route('/', notificationsRoutes(deps))
    .route('/', cmsRoutes(deps))
    .route('/', faqsRoutes(deps))
    .route('/', citiesRoutes(deps))
    .route('/', sitesRoutes(deps))
    .route('/', trashRoutes(deps))
    .route('/', auditRoutes(deps))
    .route('/', adminsRoutes(deps))
    .route('/', apiTokensRoutes(deps))
    // The API for machines, with API tokens only (server/routes/integration/).
    .route(INTEGRATION_PREFIX, integrationRoutes(deps))
    .route('/', webhooksRoutes(deps))
    .route('/', importsRoutes(deps))
    // Each list's bulk actions act on what that list's own search and filters match.
    .route(
      '/',
      bulkRoutes(deps, {
        users: (q) => listWhere(userListSource, q),
        petShops: (q) => listWhere(placeListSource('petShop'), q),
        hospitals: (q) => listWhere(placeListSource('hospital'), q),
        sites: (q) => listWhere(siteListSource(q.cityId), q),
        notifications: (q) => listWhere(notificationListSource(q), q),
        feedback: (q) => listWhere(feedbackListSource(q), q),
      }),
    )
    // The OpenAPI document of all the above, made from the route table (server/openapi/document.ts).
    .route('/', openApiRoutes(() => app.routes))

  const metrics = appMetrics(deps.db, options.metricsToken)
  const app = new Hono<AppEnv>()
  app.onError(onError)
  // Counts and times every answer by method, route pattern and status (server/http/metrics.ts).
  app.use(metrics.measure)
  // The client's X-Request-Id when it is a short safe token, else a new one (server/http/request-id.ts).
  app.use(requestId())
  // One JSON line per API call, with the request id set just above (server/http/access-log.ts).
  app.use(accessLog(deps.config.trustProxy, options.log ?? logger))
  // CSP, nosniff, Referrer-Policy... on every answer; HSTS over HTTPS only (server/http/security.ts).
  app.use(securityHeaders(deps.config.trustProxy))
  // Cross-origin calls from the CORS_ORIGINS only (none by default).
  app.use('/api/*', corsFor(deps.config.corsOrigins))
  app.use('/uploads/*', corsFor(deps.config.corsOrigins))
  app.use(`${RESIZED_PATH}/*`, corsFor(deps.config.corsOrigins))
  // Shared middleware (permit...) reads the deps here, so routes can declare it without arguments.
  app.use(async (c, next) => {
    c.set('deps', deps)
    await next()
  })
  // Prometheus text, from loopback or with METRICS_TOKEN; to anyone else as if it were not there.
  app.get(METRICS_PATH, metrics.endpoint)
  // /healthz and /readyz for load balancers and orchestrators (server/health.ts).
  app.route('/', healthRoutes(deps))
  app.route(API_PREFIX, api)
  app.all('/api/*', apiNotFound)
  app.route('/', uploadsRoutes(deps))
  // The housekeeping jobs on these deps; the server starts them (index.ts), tests run a round.
  // Its session and API token caches too, which the server keeps in step with other processes (followRevocations, followTokenRevocations),
  // and its data changes, whose close() ends the event streams when the server stops.
  // The notifications' scheduler too (scheduled sends, deliveries a stopped process left), which the server starts.
  // And the pet call's per-address limit, which the server-rendered pet page shares (server/spa.ts).
  return Object.assign(app, {
    petPageAllowance: petPageAllowance(deps),
    maintenance: maintenance(deps),
    metrics,
    sessions: deps.sessions,
    apiTokens: deps.apiTokens,
    dataChanges: deps.dataChanges,
    scheduler: deps.scheduler,
    webhooks: deps.webhooks,
  })
}

export type App = ReturnType<typeof createApp>
