import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { WEBHOOK_ANSWER_KEPT_BYTES } from '../../contract/webhooks'
import { addMs, type Clock } from '../clock'
import type { Db } from '../db/client'
import { listen, type Listening } from '../db/notify'
import { webhookDeliveries as d, webhookEndpoints as e } from '../db/schema'
import { logError } from '../log'
import { fetchPublic, OutboundRefused, PUBLIC_FETCH_TIMEOUT_MS } from '../outbound/public-fetch'
import { queueDelivery, type OneEvent } from './emit'
import { signedHeaders } from './signature'

/**
 * The wait after each failed attempt, before jitter (docs/DECISIONS.md, Webhooks): 11 attempts
 * over about 26 h 40 min, then the delivery has failed.
 */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000, 28_800_000, 28_800_000]
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1
/** Each wait is stretched or shrunk by up to this share, at random, so endpoints that failed together do not retry together. */
export const RETRY_JITTER = 0.1
/** An endpoint is paused after this many failed attempts in a row, the first at least PAUSE_AFTER_MS ago. */
export const PAUSE_AFTER_FAILURES = 10
export const PAUSE_AFTER_MS = 24 * 60 * 60 * 1000
/** How long one process holds a delivery it is sending: well over an attempt's limit. */
export const DELIVERY_LEASE_MS = 6 * PUBLIC_FETCH_TIMEOUT_MS
/** Deliveries (of as many endpoints) sent at once by one round. */
export const DISPATCH_BATCH = 20
/** How often a running server looks for due deliveries (retries come due by time); a queued one is announced at once. */
export const DISPATCH_EVERY_MS = 1_000
/** Migration 0027's trigger says here that deliveries were queued, when their transaction commits. */
export const WEBHOOKS_QUEUED_CHANNEL = 'webhooks_queued'

export interface DispatcherDeps {
  db: Db
  clock: Clock
  config: { webhookAllowPrivate: boolean }
}

export interface WebhookDispatcher {
  /** One round: claims the due deliveries at the head of each endpoint's queue, sends them, records each outcome. Returns how many were sent. */
  runOnce(): Promise<number>
  /** Rounds every `everyMs` (and at once after a nudge), on timers that keep no process alive; returns `stop`. */
  start(everyMs?: number): () => Promise<void>
  /** After a change commits: a round soon, not at the next poll. Nothing when not started. */
  nudge(): void
  /** No new round; the one in progress ends (its attempts are bounded), then resolves. */
  stop(): Promise<void>
}

type Claimed = {
  id: string
  eventId: string
  payload: Record<string, unknown>
  attempts: number
  endpointId: string
  url: string
  secret: string
  /** The secret a rotation replaced, while it still signs. */
  previousSecret: string | null
}

/** The endpoint's replaced secret while it still signs (docs/DECISIONS.md, New secret). */
const previousSecretAt = (now: Date) =>
  sql<string | null>`case when ${e.previousSecretUntil} > ${now.toISOString()}::timestamptz then ${e.previousSecret} end`

/**
 * Takes the due head of each active endpoint's queue: its oldest pending delivery (order per
 * endpoint), if due and not leased by another process. The heads are found per endpoint through
 * the pending index (a backlog of a million rows at one endpoint costs one index step, not a
 * scan), then locked with FOR UPDATE SKIP LOCKED, still pending and unleased, so two processes
 * never take the same row; the lease is written in the same transaction. A head seen in the
 * first step is still the head in the second if it is still pending: rows queued later come after it.
 */
async function claimDue(db: Db, now: Date): Promise<{ rows: Claimed[]; lease: Date }> {
  const lease = addMs(now, DELIVERY_LEASE_MS)
  const free = or(isNull(d.leasedUntil), lt(d.leasedUntil, now))
  const rows = await db.transaction(async (tx) => {
    // Both drivers answer a raw statement with { rows }.
    const heads = (
      (await tx.execute(sql`select h.id from ${e}
        cross join lateral (
          select ${d.id} as id, ${d.nextAttemptAt} as next_attempt_at, ${d.leasedUntil} as leased_until from ${d}
          where ${d.endpointId} = ${e.id} and ${d.status} = 'pending' order by ${d.seq} limit 1
        ) as h
        where ${e.status} = 'active' and h.next_attempt_at <= ${now.toISOString()}::timestamptz and (h.leased_until is null or h.leased_until < ${now.toISOString()}::timestamptz)
        order by h.next_attempt_at limit ${DISPATCH_BATCH}`)) as unknown as { rows: { id: string }[] }
    ).rows.map((h) => h.id)
    if (heads.length === 0) return []
    const due = await tx
      .select({ id: d.id })
      .from(d)
      .where(and(inArray(d.id, heads), eq(d.status, 'pending'), free))
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    const ids = due.map((r) => r.id)
    await tx.update(d).set({ leasedUntil: lease }).where(inArray(d.id, ids))
    return tx
      .select({
        id: d.id,
        eventId: d.eventId,
        payload: d.payload,
        attempts: d.attempts,
        endpointId: d.endpointId,
        url: e.url,
        secret: e.secret,
        previousSecret: previousSecretAt(now),
      })
      .from(d)
      .innerJoin(e, eq(e.id, d.endpointId))
      .where(inArray(d.id, ids))
  })
  return { rows, lease }
}

interface Outcome {
  ok: boolean
  answerStatus: number | null
  answerBody: string | null
  error: string | null
  durationMs: number
}

/** One attempt: only a 2xx answer delivers; a 3xx is not followed and fails. */
async function attempt(deps: DispatcherDeps, row: Claimed): Promise<Outcome> {
  const body = JSON.stringify(row.payload)
  const started = performance.now()
  const took = () => Math.round(performance.now() - started)
  try {
    const answer = await fetchPublic(row.url, {
      allowPrivate: deps.config.webhookAllowPrivate,
      method: 'POST',
      headers: {
        ...signedHeaders(row.previousSecret ? [row.secret, row.previousSecret] : [row.secret], row.eventId, deps.clock.now(), body),
        'user-agent': 'PetcareAdmin-Webhooks/1',
      },
      body,
      maxBodyBytes: WEBHOOK_ANSWER_KEPT_BYTES,
    })
    const ok = answer.status >= 200 && answer.status < 300
    const redirect = answer.status >= 300 && answer.status < 400
    return {
      ok,
      answerStatus: answer.status,
      // PostgreSQL's text holds no NUL: a binary answer would make the outcome unwritable.
      answerBody: answer.body.toString('utf8').replaceAll('\u0000', '\ufffd'),
      error: redirect ? `Redirect not followed${answer.headers.location ? ` (to ${String(answer.headers.location).slice(0, 200)})` : ''}` : null,
      durationMs: took(),
    }
  } catch (err) {
    const error = err instanceof OutboundRefused ? `Refused: ${err.message}` : err instanceof Error ? err.message : String(err)
    return { ok: false, answerStatus: null, answerBody: null, error: error.slice(0, 500), durationMs: took() }
  }
}

const jittered = (ms: number) => Math.round(ms * (1 - RETRY_JITTER + 2 * RETRY_JITTER * Math.random()))

/** Writes an attempt's outcome, if this process still holds the lease, and the endpoint's failure streak (pausing it by the rule). */
async function record(deps: DispatcherDeps, row: Claimed, lease: Date, outcome: Outcome) {
  const at = deps.clock.now()
  const attempts = row.attempts + 1
  await deps.db.transaction(async (tx) => {
    const status = outcome.ok ? 'delivered' : attempts >= MAX_ATTEMPTS ? 'failed' : 'pending'
    const [held] = await tx
      .update(d)
      .set({
        status,
        attempts,
        lastAttemptAt: at,
        leasedUntil: null,
        answerStatus: outcome.answerStatus,
        answerBody: outcome.answerBody,
        error: outcome.error,
        durationMs: outcome.durationMs,
        ...(status === 'pending' ? { nextAttemptAt: addMs(at, jittered(RETRY_DELAYS_MS[attempts - 1]!)) } : {}),
      })
      .where(and(eq(d.id, row.id), eq(d.leasedUntil, lease)))
      .returning({ id: d.id })
    if (!held) return // the lease ran out and another process took the row: its outcome counts
    if (outcome.ok) {
      await tx.update(e).set({ failureStreak: 0, failingSince: null }).where(eq(e.id, row.endpointId))
      return
    }
    const since = sql`coalesce(${e.failingSince}, ${at})`
    await tx
      .update(e)
      .set({
        failureStreak: sql`${e.failureStreak} + 1`,
        failingSince: since,
        status: sql`case when ${e.status} = 'active' and ${e.failureStreak} + 1 >= ${PAUSE_AFTER_FAILURES}
          and ${since} <= ${addMs(at, -PAUSE_AFTER_MS)} then 'paused' else ${e.status} end`,
        pausedAt: sql`case when ${e.status} = 'active' and ${e.failureStreak} + 1 >= ${PAUSE_AFTER_FAILURES}
          and ${since} <= ${addMs(at, -PAUSE_AFTER_MS)} then ${at} else ${e.pausedAt} end`,
      })
      .where(eq(e.id, row.endpointId))
  })
}

/**
 * A delivery an admin asked for (Test, Redeliver), sent in the request: queued for the endpoint
 * already leased, so the dispatcher leaves it, and attempted at once, whatever the endpoint's
 * backlog or state (a paused endpoint can be tested before it is resumed). One attempt, its
 * outcome final: no retries and no part in the failure streak, since the admin sees the answer
 * and may send again. A process stopped meanwhile leaves it leased; after the lease the
 * dispatcher sends it in its turn, as any delivery.
 */
export async function sendNow(deps: DispatcherDeps, endpointId: string, event: OneEvent) {
  const now = deps.clock.now()
  const lease = addMs(now, DELIVERY_LEASE_MS)
  const queued = await queueDelivery(deps.db, endpointId, event, now, lease)
  const [endpoint] = await deps.db.select({ url: e.url, secret: e.secret, previousSecret: previousSecretAt(now) }).from(e).where(eq(e.id, endpointId))
  if (!endpoint) return queued // deleted meanwhile, and its deliveries with it
  const outcome = await attempt(deps, { ...queued, ...endpoint })
  const [done] = await deps.db
    .update(d)
    .set({
      status: outcome.ok ? 'delivered' : 'failed',
      attempts: 1,
      lastAttemptAt: deps.clock.now(),
      leasedUntil: null,
      answerStatus: outcome.answerStatus,
      answerBody: outcome.answerBody,
      error: outcome.error,
      durationMs: outcome.durationMs,
    })
    .where(and(eq(d.id, queued.id), eq(d.leasedUntil, lease)))
    .returning()
  return done ?? queued
}

/**
 * The webhooks' sender in the server process. Several processes may run it on one database: a
 * delivery is sent by the one that leased it. Deliveries left leased by a stopped process are
 * taken again after the lease.
 */
export function webhookDispatcher(deps: DispatcherDeps): WebhookDispatcher {
  let started = false
  let stopping = false
  let timer: NodeJS.Timeout | undefined
  let round: Promise<unknown> = Promise.resolve()
  let running = false
  let nudged = false
  let every = DISPATCH_EVERY_MS
  let listening: Promise<Listening | undefined> = Promise.resolve(undefined)

  const runOnce = async (): Promise<number> => {
    const { rows, lease } = await claimDue(deps.db, deps.clock.now())
    await Promise.all(
      rows.map(async (row) => {
        const outcome = await attempt(deps, row)
        await record(deps, row, lease, outcome).catch((err) => logError(`webhooks: recording delivery ${row.id}`, err))
      }),
    )
    return rows.length
  }

  const schedule = (ms: number) => {
    clearTimeout(timer)
    if (stopping) return
    timer = setTimeout(tick, ms)
    timer.unref()
  }

  function tick() {
    running = true
    nudged = false
    round = runOnce()
      .catch((err) => {
        logError('webhooks: dispatch', err)
        return 0
      })
      .then((sent) => {
        running = false
        // A full round may have left more due: go on at once, as after a nudge.
        schedule(sent > 0 || nudged ? 0 : every)
      })
  }

  const nudge = () => {
    if (!started || stopping) return
    if (running) nudged = true
    else schedule(0)
  }

  async function stop() {
    stopping = true
    clearTimeout(timer)
    await (await listening)?.stop()
    await round
  }

  const start = (everyMs = DISPATCH_EVERY_MS) => {
    every = everyMs
    started = true
    // Reconnected after a loss: what was announced meanwhile is looked for at once too.
    listening = listen(deps.db, WEBHOOKS_QUEUED_CHANNEL, { onNotice: nudge, onConnect: nudge }).catch((err) => {
      logError('webhooks: listening for queued deliveries', err)
      return undefined
    })
    tick()
    return stop
  }

  return { runOnce, start, nudge, stop }
}
