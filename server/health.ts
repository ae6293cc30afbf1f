import { Hono } from 'hono'
import { migrationsApplied, type Db } from './db/client'
import { logError } from './log'
import type { Storage } from './storage/storage'

/** A check that has not answered by then counts as failed (an unreachable PostgreSQL can hang a connect). */
export const READY_CHECK_TIMEOUT_MS = 5_000

const withTimeout = <T>(work: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
    work.then(resolve, reject).finally(() => clearTimeout(timer))
  })

/**
 * Probes for a load balancer or an orchestrator, without sign-in. GET /healthz: the process
 * answers. GET /readyz: it can serve, that is the database answers with every migration applied
 * and a file can be stored; 503 otherwise. The body says only ok or unavailable: what failed goes
 * to the server's log, not to whoever asks.
 */
export function healthRoutes(deps: { db: Db; storage: Storage }) {
  const app = new Hono()
  // Set by each handler: a use() here would reach every path mounted after these (/uploads).
  const noStore = { 'Cache-Control': 'no-store' }
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, noStore))
  app.get('/readyz', async (c) => {
    const checks = await Promise.allSettled([
      withTimeout(
        migrationsApplied(deps.db).then((applied) => {
          if (!applied) throw new Error('the database lacks the newest migration')
        }),
        READY_CHECK_TIMEOUT_MS,
      ),
      withTimeout(deps.storage.checkWritable(), READY_CHECK_TIMEOUT_MS),
    ])
    const failed = checks.flatMap((check, i) => (check.status === 'rejected' ? [{ what: ['database', 'storage'][i]!, why: check.reason }] : []))
    failed.forEach(({ what, why }) => logError(`readiness: ${what}`, why))
    return failed.length === 0 ? c.json({ status: 'ok' }, 200, noStore) : c.json({ status: 'unavailable' }, 503, noStore)
  })
  return app
}
