import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, lt } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { API_PREFIX, API_TOKEN_PREFIX, IDEMPOTENCY_MSG } from '../../contract'
import { API_OPERATIONS } from '../../contract/api-responses'
import { sha256 } from '../auth/tokens'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { idempotencyKeys } from '../db/schema'
import { badRequest, conflict } from '../api-error'
import { bearerToken } from './auth'
import type { AppEnv } from './env'

/**
 * Idempotent creates: a create (IDEMPOTENT_CREATES) sent with an `Idempotency-Key` header (the
 * SPA makes one per form submission and sends it again on a retry of that submission) is carried
 * out once; a repeat in the same session, with the same key, method and path, gets the first
 * answer (status and body) for IDEMPOTENCY_TTL_MS instead of creating the record again.
 *
 * Decisions:
 * - Creates only: a retried create would make a second record, which is what the key prevents.
 *   Any other call ignores the header: replaying, say, a sign-out's answer would report what
 *   did not happen.
 * - Per session, not per admin: the key is the submission of one signed-in client; another
 *   session (another device, or after signing in again) never gets its answers.
 * - Only successful answers (2xx) are kept: a refused or failed request changed nothing, so
 *   its key is free again and the corrected form may be sent under it.
 * - The same key with another body is refused (409): it is a client bug, and replaying the
 *   first answer would hide that the second request was never carried out.
 * - A repeat that arrives while the first is still running (a double click) waits for it, up
 *   to WAIT_FOR_FIRST_MS, and then gets its answer; the key's row is claimed by one atomic
 *   insert, so of two requests at once exactly one runs.
 * - Requests without a valid session pass through untouched (the route answers 401).
 */

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
const WAIT_FOR_FIRST_MS = 5_000
const POLL_MS = 25

/** UUIDs and similar random tokens: short, and safe to store and compare. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/

/** The header a replayed answer carries. */
export const REPLAYED_HEADER = 'Idempotent-Replayed'

type KeyRow = typeof idempotencyKeys.$inferSelect

/**
 * The calls that create a record: those the contract answers 201 (contract/api-responses.ts).
 * The SPA sends its create forms' submission keys to them (src/lib/submission-key.ts).
 */
export const IDEMPOTENT_CREATES: readonly { method: string; path: RegExp }[] = Object.entries(API_OPERATIONS)
  .filter(([, operation]) => operation.answer.kind === 'data' && operation.answer.status === 201)
  .map(([route]) => {
    const [method, path] = route.split(' ') as [string, string]
    const pattern = path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    return { method, path: new RegExp(`^${API_PREFIX}${pattern.join('/')}/?$`) }
  })

const isCreate = (method: string, path: string) => IDEMPOTENT_CREATES.some((create) => create.method === method && create.path.test(path))

export const idempotency = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const key = c.req.header('Idempotency-Key')
  if (key === undefined || !isCreate(c.req.method, c.req.path)) return next()
  if (!KEY_PATTERN.test(key)) throw badRequest(IDEMPOTENCY_MSG.badKey)
  const { db, clock, sessions } = c.get('deps')
  const token = bearerToken(c)
  // An API token is no session (permit refuses it next): not hashed nor looked up here.
  const session = token && !token.startsWith(API_TOKEN_PREFIX) ? await sessions.lookUp(token, clock.now()) : undefined
  if (!session) return next()

  const id = { adminId: session.admin.id, sessionId: session.id, key, method: c.req.method, path: c.req.path }
  const requestHash = sha256(await c.req.text())
  const first = await claimOrWait(db, clock, id, requestHash)
  if (first) {
    const headers: Record<string, string> = { [REPLAYED_HEADER]: 'true' }
    if (first.contentType) headers['Content-Type'] = first.contentType
    return c.body(first.body ?? '', first.status as ContentfulStatusCode, headers)
  }

  const forget = () => db.delete(idempotencyKeys).where(rowOf(id))
  try {
    await next()
  } catch (err) {
    await forget()
    throw err
  }
  if (c.error || c.res.status < 200 || c.res.status >= 300) {
    await forget()
    return
  }
  const body = await c.res.clone().text()
  await db
    .update(idempotencyKeys)
    .set({ status: c.res.status, contentType: c.res.headers.get('Content-Type'), body })
    .where(rowOf(id))
}

interface KeyId {
  adminId: string
  sessionId: string
  key: string
  method: string
  path: string
}

const rowOf = (id: KeyId) =>
  and(
    eq(idempotencyKeys.sessionId, id.sessionId),
    eq(idempotencyKeys.key, id.key),
    eq(idempotencyKeys.method, id.method),
    eq(idempotencyKeys.path, id.path),
  )

/**
 * Claims the key for this request (undefined: go ahead and run it), or returns the first
 * request's finished answer. Throws 409 for another body, or when the first is still running
 * after WAIT_FOR_FIRST_MS.
 */
async function claimOrWait(db: Db, clock: Clock, id: KeyId, requestHash: string): Promise<KeyRow | undefined> {
  const giveUpAt = performance.now() + WAIT_FOR_FIRST_MS
  for (;;) {
    const now = clock.now()
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ ...id, requestHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    if (claimed.length > 0) return undefined

    const [first] = await db.select().from(idempotencyKeys).where(rowOf(id)).limit(1)
    if (!first) continue // the first request failed and let the key go: claim it again
    if (first.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_TTL_MS) {
      // Expired: this is a new request under an old key.
      await db.delete(idempotencyKeys).where(and(rowOf(id), eq(idempotencyKeys.createdAt, first.createdAt)))
      continue
    }
    if (first.requestHash !== requestHash) throw conflict(IDEMPOTENCY_MSG.otherRequest)
    if (first.status !== null) return first
    if (performance.now() >= giveUpAt) throw conflict(IDEMPOTENCY_MSG.stillRunning)
    await sleep(POLL_MS)
  }
}

/** Forgets the answers older than IDEMPOTENCY_TTL_MS (maintenance); returns how many. */
export async function pruneIdempotencyKeys(deps: { db: Db; clock: Clock }): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - IDEMPOTENCY_TTL_MS)
  const rows = await deps.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).returning({ key: idempotencyKeys.key })
  return rows.length
}
