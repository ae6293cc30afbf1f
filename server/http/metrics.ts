import { createHash, timingSafeEqual } from 'node:crypto'
import type { Server } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { passwordHashesDone } from '../auth/passwords'
import { onQueryTime, type Db } from '../db/client'
import { routePattern } from './access-log'
import { bearerToken } from './auth'

/** Where Prometheus scrapes. Outside /api/v1: it is for the operator, not a part of the API. */
export const METRICS_PATH = '/metrics'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

// The process's own figures (memory, CPU, event-loop delay, GC) are one set per process, whatever
// the number of apps in it: one registry, made at the first need, so a test suite that makes many
// apps does not start an event-loop monitor for each.
let processRegistry: Registry | undefined
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 })
    new Counter({
      name: 'password_hashes_total',
      help: 'argon2 password hashes and checks made by this process (each costs tens of ms of a core)',
      registers: [processRegistry],
      collect() {
        this.reset()
        this.inc(passwordHashesDone())
      },
    })
  }
  return processRegistry
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Headers a proxy adds to say whom it forwards for: the standard one, Via, the X-Forwarded-*
 * family, and the single-address ones of nginx (X-Real-IP), CDNs and load balancers. Any of
 * them on a request means a proxy stands between the socket and the client.
 */
const FORWARDING_HEADER = /^(?:forwarded|via|x-forwarded-.+|x-real-ip|x-client-ip|x-cluster-client-ip|x-original-forwarded-for|cf-connecting-ip|true-client-ip|fastly-client-ip)$/i

const cameThroughProxy = (c: Context) => Object.keys(c.req.header()).some((name) => FORWARDING_HEADER.test(name))

/**
 * Who may read the metrics: a scraper on this machine, connected over loopback (the socket's own
 * address, never X-Forwarded-For), or one sending `Authorization: Bearer <METRICS_TOKEN>`. A
 * loopback request that carries any forwarding header (FORWARDING_HEADER, X-Real-IP alone
 * included) came through a proxy on this machine, so it is not trusted as local: the proxy would
 * otherwise publish the metrics to everyone.
 */
function mayRead(c: Context, token: string | undefined): boolean {
  const sent = bearerToken(c)
  // Digests of equal length, so the comparison takes the same time wherever the texts differ.
  if (token && sent) return timingSafeEqual(digest(sent), digest(token))
  if (cameThroughProxy(c)) return false
  try {
    return LOOPBACK.has(getConnInfo(c).remote.address ?? '')
  } catch {
    return false // not on a Node socket
  }
}

/**
 * One app's metrics, in a registry of its own (several apps in one process, as in the tests, do
 * not mix their counts): requests and their durations by method, route pattern and status, the
 * time of each database statement, the server's open connections (once `watchServer` is told of
 * it), plus the process's memory and event-loop delay.
 */
export function appMetrics(db: Db, token: string | undefined) {
  const registry = new Registry()
  const labelNames = ['method', 'route', 'status'] as const
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] })
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, in seconds',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const querySeconds = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time of one database statement, in seconds',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  })
  // Kept here: onQueryTime holds it weakly, for as long as this app lives.
  const observeQuery = (seconds: number) => querySeconds.observe(seconds)
  const stopTimingQueries = onQueryTime(db, observeQuery)

  let server: Server | undefined
  new Gauge({
    name: 'http_open_connections',
    help: 'Connections open to the HTTP server',
    registers: [registry],
    async collect() {
      if (!server) return
      const open = await new Promise<number>((resolve) => server!.getConnections((err, count) => resolve(err ? 0 : count)))
      this.set(open)
    },
  })

  /** Counts and times every request the app answers. */
  const measure: MiddlewareHandler = async (c, next) => {
    const stopTimer = requestSeconds.startTimer()
    await next()
    const labels = { method: c.req.method, route: routePattern(c), status: String(c.res.status) }
    stopTimer(labels)
    requests.inc(labels)
  }

  /** GET /metrics for those who may read it (see mayRead); to anyone else, as if there were no such path. */
  const endpoint: MiddlewareHandler = async (c, next) => {
    if (!mayRead(c, token)) return next()
    const text = (await processMetrics().metrics()) + '\n' + (await registry.metrics())
    return c.body(text, 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })
  }

  return {
    registry,
    measure,
    endpoint,
    /** Feeds http_open_connections from the Node server that serves this app. */
    watchServer(httpServer: Server) {
      server = httpServer
      processMetrics() // the event-loop monitor starts with the server, not at the first scrape
    },
    observeQuery,
    /**
     * Stops timing the database's statements for this app, whose database lives on without it
     * (the test suite makes an app per test on one database: a listener left to the garbage
     * collector is called for every statement until it is collected).
     */
    stopTimingQueries,
  }
}

export type AppMetrics = ReturnType<typeof appMetrics>
