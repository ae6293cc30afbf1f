import type { ApiTokenCache } from './auth/api-tokens'
import type { SessionCache } from './auth/sessions'
import type { Clock } from './clock'
import type { Db } from './db/client'
import type { DataChanges } from './db/data-changes'
import type { SearchCounts } from './db/search-counts'
import type { TrustProxy } from './http/client-address'
import type { RateLimit } from './http/rate-limit'
import type { Mailer } from './mail/mailer'
import type { NotificationDelivery } from './notifications/delivery'
import type { NotificationScheduler } from './notifications/scheduler'
import type { Storage } from './storage/storage'
import type { WebhookDispatcher } from './webhooks/dispatcher'

/** Settings the app itself needs (the process-level ones live in config.ts). */
export interface AppConfig {
  /** How long a sign-in lasts. */
  sessionTtlMs: number
  /** How long a verified OTP's reset token may be used. */
  resetTokenTtlMs: number
  /** How many proxies of ours stand in front (TRUST_PROXY): the client's address is that many hops from the right of X-Forwarded-For. */
  trustProxy: TrustProxy
  /** Origins (scheme://host[:port]) whose pages may call the API cross-origin (CORS_ORIGINS); none by default. */
  corsOrigins: string[]
  /** The site's public base URL (PUBLIC_URL), for links in mail; else the request's origin. */
  publicUrl?: string | undefined
  /** How long audit entries are kept before the maintenance jobs prune them. */
  auditRetentionMs: number
  /** What one admin may sign for upload per rolling day: files, and bytes (the signed maximum of each). */
  uploadQuota: { files: number; bytes: number }
  /** Requests one API token may make per minute (in each server process: server/http/rate-limit.ts); 429 beyond. */
  apiTokenRequestsPerMinute: number
  /** Records of a bulk sync written per statement and commit (server/integration/sync.ts; docs/DECISIONS.md, Integration API). */
  syncChunkRows: number
  /**
   * Chunks of a bulk sync written at once, each on a connection of its own: SYNC_CONCURRENCY_POSTGRES
   * on PostgreSQL (set by index.ts), where other backends write while the first does; 1 on the
   * embedded database, which runs one statement at a time.
   */
  syncConcurrency: number
  /** The live update stream (GET /admin/events, server/routes/events.ts). */
  liveEvents: {
    /** How often an open stream gets a keep-alive comment (proxies close connections silent for long), and its session is checked. */
    heartbeatMs: number
    /** How long changes are gathered into one event after the first. */
    coalesceMs: number
    /** Changes are sent at most once per this gap (a million-recipient send changes its counters for minutes). */
    minGapMs: number
    /** How many streams one session (a browser's tabs share one) may hold open at once. */
    streamsPerSession: number
    /** And one admin across sessions: signing in again and again does not buy more sockets. */
    streamsPerAdmin: number
  }
  /** WEBHOOK_ALLOW_PRIVATE: webhooks (and other typed URLs) may reach private networks and this machine. */
  webhookAllowPrivate: boolean
}

/** A bulk sync's chunks written at once on PostgreSQL (docs/DECISIONS.md, "The bulk sync"). */
export const SYNC_CONCURRENCY_POSTGRES = 3

export const defaultAppConfig: AppConfig = {
  sessionTtlMs: 168 * 60 * 60 * 1000,
  resetTokenTtlMs: 15 * 60 * 1000,
  trustProxy: 0,
  corsOrigins: [],
  auditRetentionMs: 365 * 24 * 60 * 60 * 1000,
  uploadQuota: { files: 500, bytes: 2 * 1024 ** 3 },
  apiTokenRequestsPerMinute: 1_200,
  syncChunkRows: 1_000,
  syncConcurrency: 1,
  liveEvents: { heartbeatMs: 20_000, coalesceMs: 300, minGapMs: 1_000, streamsPerSession: 10, streamsPerAdmin: 30 },
  webhookAllowPrivate: false,
}

/** Everything a route may use, handed to createApp: no module-level singletons. */
export interface Deps {
  db: Db
  storage: Storage
  mailer: Mailer
  clock: Clock
  /** Hands sent notifications to the push service; null when none is configured (server/notifications/delivery.ts). */
  delivery: NotificationDelivery | null
  config: AppConfig
  /** This app's cache of found sessions (server/auth/sessions.ts). */
  sessions: SessionCache
  /** This app's cache of found API tokens (server/auth/api-tokens.ts). */
  apiTokens: ApiTokenCache
  /** The per-token request limit of the integration API (server/http/token-auth.ts). */
  apiTokenRate: RateLimit
  /** Searches known lately to match more rows than a list counts (server/db/search-counts.ts). */
  searchCounts: SearchCounts
  /** The changes other writers make, for the event streams (server/db/data-changes.ts). */
  dataChanges: DataChanges
  /** Scheduled sends and deliveries after the answer (server/notifications/scheduler.ts). */
  scheduler: NotificationScheduler
  /** Webhooks out: sends the outbox's deliveries (server/webhooks/dispatcher.ts). */
  webhooks: WebhookDispatcher
}
