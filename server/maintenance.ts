import { TRASH_DAYS } from '../contract'
import { pruneAuditLog } from './http/audit'
import type { Deps } from './deps'
import { pruneIdempotencyKeys } from './http/idempotency'
import { logError } from './log'
import { sweepUnattachedUploads } from './storage/signed-uploads'
import { pruneWebhookDeliveries } from './webhooks/emit'
import { purgeTrash } from './storage/trash-erase'

const DAY_MS = 24 * 60 * 60 * 1000

/** How often a running server does its housekeeping (the first time right after it starts). */
export const MAINTENANCE_EVERY_MS = 15 * 60 * 1000

/** What one round did. */
export interface MaintenanceReport {
  /** Audit entries older than AUDIT_RETENTION_DAYS, deleted. */
  auditPruned: number
  /** Signed uploads no record took up within a day, removed from the storage. */
  uploadsSwept: number
  /** Remembered create answers older than a day, forgotten. */
  idempotencyPruned: number
  /** Rows in the trash longer than TRASH_DAYS, erased with their files (sites before their cities). */
  trashPurged: number
  /** Finished webhook deliveries older than WEBHOOK_LOG_DAYS, deleted. */
  webhookDeliveriesPruned: number
}

export interface Maintenance {
  /** One round of every job; a job that fails is logged and counts 0, the others still run. */
  runOnce(): Promise<MaintenanceReport>
  /**
   * Runs a round now and then every `everyMs` (each after the previous one ended), on timers
   * that do not keep the process alive. Returns `stop`, which waits for a round in progress.
   */
  start(everyMs?: number): () => Promise<void>
}

const guarded = async (job: string, run: () => Promise<number>): Promise<number> => {
  try {
    return await run()
  } catch (err) {
    logError(`maintenance: ${job}`, err)
    return 0
  }
}

/**
 * The server's own housekeeping, on the app's dependencies: the audit log's retention, the
 * sweep of unattached uploads, the expiry of idempotency keys, the purge of the trash and of old webhook deliveries. Every job is a plain delete
 * of what is due, so several server processes on one database may run them at once.
 */
export function maintenance(deps: Deps): Maintenance {
  const runOnce = async (): Promise<MaintenanceReport> => ({
    auditPruned: await guarded('audit retention', () => pruneAuditLog(deps, deps.config.auditRetentionMs)),
    uploadsSwept: await guarded('unattached uploads', () => sweepUnattachedUploads(deps)),
    idempotencyPruned: await guarded('idempotency keys', () => pruneIdempotencyKeys(deps)),
    trashPurged: await guarded('trash purge', () => purgeTrash(deps, new Date(deps.clock.now().getTime() - TRASH_DAYS * DAY_MS))),
    webhookDeliveriesPruned: await guarded('webhook deliveries', () => pruneWebhookDeliveries(deps.db, deps.clock.now())),
  })

  const start = (everyMs = MAINTENANCE_EVERY_MS) => {
    let timer: NodeJS.Timeout | undefined
    let stopped = false
    let round: Promise<unknown> = Promise.resolve()
    const tick = () => {
      round = runOnce().finally(() => {
        if (stopped) return
        timer = setTimeout(tick, everyMs)
        timer.unref()
      })
    }
    tick()
    return async () => {
      stopped = true
      clearTimeout(timer)
      await round
    }
  }

  return { runOnce, start }
}
