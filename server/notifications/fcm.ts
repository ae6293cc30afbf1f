import { and, eq, sql } from 'drizzle-orm'
import { DELIVERY_STATUS } from '../../contract'
import type { Clock } from '../clock'
import type { FcmConfig } from '../config'
import type { Db } from '../db/client'
import { logError } from '../log'
import { notificationRecipients, pushSends } from '../db/schema'
import type { DeliveryResult, NotificationDelivery, OutgoingBatch } from './delivery'
import { devicesOfUsers, removeRefusedDevices, type TargetDevice } from './devices'
import { accessTokens } from './fcm-auth'
import { Http2Origin } from './http2-origin'
import { DELIVERY_TIMEOUT_MS } from './send'

/**
 * Push through Firebase Cloud Messaging's HTTP v1 API: one `messages:send` per device token,
 * over one HTTP/2 connection, at most `concurrency` at a time (across every batch in flight).
 * Each device's answer is written to push_sends as it comes (a batch handed over again after a
 * restart skips the devices already answered), and devices FCM refuses for good (UNREGISTERED,
 * an invalid token) are removed. A user's result is the best of their devices': delivered if any
 * accepted it; else failed, with the reasons; "No device" with none. See docs/DECISIONS.md
 * "Push through FCM".
 */

export interface FcmTuning {
  /** Requests in flight at most (HTTP/2 streams on the one connection). */
  concurrency: number
  /** Tries per message for answers worth trying again (5xx, 429, no answer). */
  maxTries: number
  /** The first wait before trying again without a Retry-After; doubled each time. */
  backoffMs: number
  /** How long a batch may go on starting messages; what is left is deferred to the lease (well inside send.ts's timeout). */
  budgetMs: number
  requestTimeoutMs: number
}

export const FCM_TUNING: FcmTuning = {
  concurrency: 100,
  maxTries: 4,
  backoffMs: 1000,
  budgetMs: DELIVERY_TIMEOUT_MS / 2,
  requestTimeoutMs: 10_000,
}

/** Answers written to push_sends at a time (a SIGKILL can repeat at most these and the messages in flight). */
const LOG_ROWS = 100

export const FCM_MSG = {
  unregistered: 'The device is no longer registered with FCM (removed)',
  invalidToken: 'The device token is not valid (removed)',
  refusedToken: 'FCM refused the access token',
} as const

type DeviceAnswer = { delivered: true } | { delivered: false; error: string; remove?: boolean } | { deferred: true }

interface FcmErrorBody {
  code?: number
  status?: string
  message?: string
  errorCode?: string
  fields: string[]
}

/** FCM's error answer: `{ error: { code, message, status, details: [FcmError { errorCode }, BadRequest { fieldViolations }] } }`. */
function readError(body: string): FcmErrorBody {
  const read: FcmErrorBody = { fields: [] }
  try {
    const error = (JSON.parse(body) as { error?: Record<string, unknown> }).error ?? {}
    if (typeof error.status === 'string') read.status = error.status
    if (typeof error.message === 'string') read.message = error.message.slice(0, 300)
    for (const detail of Array.isArray(error.details) ? (error.details as Record<string, unknown>[]) : []) {
      if (typeof detail.errorCode === 'string') read.errorCode = detail.errorCode
      for (const v of Array.isArray(detail.fieldViolations) ? (detail.fieldViolations as { field?: unknown }[]) : [])
        if (typeof v.field === 'string') read.fields.push(v.field)
    }
  } catch {
    // not JSON: the HTTP status says it all
  }
  return read
}

/** Retry-After in seconds or as an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value
  if (!text) return undefined
  if (/^\d{1,6}$/.test(text.trim())) return Number(text.trim()) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** Waits `ms`, or less once `stopping` says so (looked at every 100 ms): a stopping server does not sit out a Retry-After. */
async function sleep(ms: number, stopping: () => boolean): Promise<void> {
  const until = Date.now() + ms
  while (!stopping() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, Math.min(100, until - Date.now())))
}

/** The FCM adapter on `db` (devices, push_sends), with the service account and settings of `config`. */
export function fcmDelivery(
  db: Db,
  clock: Clock,
  config: FcmConfig,
  tuning: Partial<FcmTuning> = {},
): NotificationDelivery & { close(): Promise<void> } {
  const t = { ...FCM_TUNING, ...tuning }
  const account = config.serviceAccount
  const tokens = accessTokens(account, clock)
  const fcm = new Http2Origin(config.baseUrl)
  const path = `/v1/projects/${account.projectId}/messages:send`
  /** No request starts before this (Date.now() ms): FCM's 429 and 503 Retry-After hold every send, not only the one answered. */
  let pausedUntil = 0
  let active = 0
  const waiting: (() => void)[] = []
  const acquire = () =>
    active < t.concurrency ? ((active += 1), Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve))
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else active -= 1
  }

  /** The message's JSON after its token: the same for every device of a batch. */
  function messageTail(batch: OutgoingBatch): string {
    const ttl = config.ttlSeconds
    const expiration = ttl === 0 ? 0 : Math.floor(clock.now().getTime() / 1000) + ttl
    const rest = JSON.stringify({
      notification: { title: batch.title, body: batch.body },
      data: { link: `${config.linkBase}${batch.notificationId}`, notificationId: batch.notificationId },
      android: { ttl: `${ttl}s` },
      apns: { headers: { 'apns-expiration': String(expiration) } },
      webpush: { headers: { TTL: String(ttl) } },
    })
    return rest.slice(1) // without its '{': it follows the token
  }

  /** One device's message, tried again as FCM's answer allows while the batch has time; never throws. */
  async function send(device: TargetDevice, tail: string, deadline: number, stopping: () => boolean): Promise<DeviceAnswer> {
    const body = `{"message":{"token":${JSON.stringify(device.token)},${tail}}`
    let last = ''
    for (let tries = 1; tries <= t.maxTries; tries++) {
      if (stopping()) return { deferred: true }
      const pause = pausedUntil - Date.now()
      if (pause > 0) {
        if (Date.now() + pause > deadline) return { deferred: true }
        await sleep(pause, stopping)
        if (stopping()) return { deferred: true }
      }
      let wait: number | undefined
      let retriable = true
      await acquire()
      try {
        const token = await tokens.get()
        const answer = await fcm.request(
          { ':method': 'POST', ':path': path, authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8' },
          body,
          t.requestTimeoutMs,
        )
        if (answer.status === 200) return { delivered: true }
        const error = readError(answer.body)
        const said = `${answer.status}${error.status ? ` ${error.status}` : ''}${error.message ? `: ${error.message}` : ''}`
        // By FCM's own error code only: a bare 404 (a wrong path or project) says nothing of the device.
        if (error.errorCode === 'UNREGISTERED') return { delivered: false, error: FCM_MSG.unregistered, remove: true }
        if (answer.status === 400) {
          const tokenRefused = error.fields.includes('message.token') || (error.errorCode === 'INVALID_ARGUMENT' && /registration token/i.test(error.message ?? ''))
          if (tokenRefused) return { delivered: false, error: FCM_MSG.invalidToken, remove: true }
          return { delivered: false, error: `FCM refused the message (${said})` }
        }
        if (answer.status === 401 && error.errorCode !== 'THIRD_PARTY_AUTH_ERROR') {
          tokens.refused(token)
          last = FCM_MSG.refusedToken
          wait = 0
        } else if (answer.status === 429 || answer.status === 503) {
          wait = retryAfterMs(answer.headers['retry-after'])
          if (wait !== undefined) pausedUntil = Math.max(pausedUntil, Date.now() + wait)
          last = `FCM asked to wait (${answer.status})`
        } else if (answer.status >= 500) {
          last = `FCM did not accept the message (${said})`
        } else {
          retriable = false
          last = `FCM refused the message (${said})`
        }
      } catch (err) {
        last = err instanceof Error ? err.message : String(err)
      } finally {
        release()
      }
      if (!retriable) break
      if (tries === t.maxTries) break
      const backoff = wait ?? t.backoffMs * 2 ** (tries - 1) * (0.8 + Math.random() * 0.4)
      if (Date.now() + backoff > deadline) return { deferred: true }
      if (backoff > 0) await sleep(backoff, stopping)
    }
    // Still asked to wait after every try: not this device's fault, so it waits for the lease.
    if (last.startsWith('FCM asked to wait')) return { deferred: true }
    return { delivered: false, error: last }
  }

  async function deliver(batch: OutgoingBatch): Promise<DeliveryResult[]> {
    const deadline = Date.now() + t.budgetMs
    const stopping = () => batch.shouldStop?.() === true
    const userList = `{${batch.userIds.join(',')}}`
    const [recipients, devices, logged] = await Promise.all([
      db
        .select({ userId: notificationRecipients.userId, attempts: notificationRecipients.attempts })
        .from(notificationRecipients)
        .where(and(eq(notificationRecipients.notificationId, batch.notificationId), sql`${notificationRecipients.userId} = any(${userList}::uuid[])`)),
      devicesOfUsers(db, batch.userIds),
      db
        .select()
        .from(pushSends)
        .where(and(eq(pushSends.notificationId, batch.notificationId), sql`${pushSends.userId} = any(${userList}::uuid[])`)),
    ])
    // This attempt of each recipient: its answers count, and those devices are not sent to again.
    const attemptOf = new Map(recipients.map((r) => [r.userId, r.attempts + 1]))
    const answers = new Map<string, DeviceAnswer[]>()
    const answer = (userId: string, a: DeviceAnswer) => {
      const list = answers.get(userId)
      if (list) list.push(a)
      else answers.set(userId, [a])
    }
    const answered = new Set<string>()
    for (const row of logged) {
      if (row.status !== DELIVERY_STATUS.DELIVERED && row.attempt !== attemptOf.get(row.userId)) continue
      answered.add(row.deviceId)
      answer(row.userId, row.status === DELIVERY_STATUS.DELIVERED ? { delivered: true } : { delivered: false, error: row.error ?? '' })
    }
    const hasDevice = new Set(devices.map((d) => d.userId))
    const queue = devices.filter((d) => !answered.has(d.id) && attemptOf.has(d.userId))

    const log = sendLog(db, batch.notificationId, clock)
    if (queue.length > 0) {
      const tail = messageTail(batch)
      let next = 0
      const worker = async () => {
        while (next < queue.length) {
          const device = queue[next++]!
          const a = await send(device, tail, deadline, stopping)
          answer(device.userId, a)
          if (!('deferred' in a)) log.add(device, attemptOf.get(device.userId)!, a)
        }
      }
      await Promise.all(Array.from({ length: Math.min(t.concurrency, queue.length) }, worker))
    }
    await log.flush()

    return batch.userIds.map((userId): DeliveryResult => {
      const list = answers.get(userId)
      if (!list) return hasDevice.has(userId) ? { userId, deferred: true } : { userId, noDevice: true }
      if (list.some((a) => 'deferred' in a)) return { userId, deferred: true }
      if (list.some((a) => 'delivered' in a && a.delivered)) return { userId, ok: true }
      const reasons = [...new Set(list.map((a) => ('error' in a ? a.error : '')).filter(Boolean))]
      return { userId, ok: false, error: list.length > 1 ? `${list.length} devices: ${reasons.join('; ')}` : reasons[0] || 'Delivery failed' }
    })
  }

  return {
    deliver,
    service: { provider: 'FCM', projectId: account.projectId },
    close: () => fcm.close(),
  }
}

/**
 * Writes the devices' answers to push_sends (and removes the refused devices) LOG_ROWS at a
 * time, one write after another, while the sends go on. A write the database refuses is logged
 * and the next ones still go: the answers are true whatever the log holds, and the batch's
 * outcomes are recorded from them (the log only spares a resumed attempt devices already answered).
 */
function sendLog(db: Db, notificationId: string, clock: Clock) {
  let rows: (typeof pushSends.$inferInsert)[] = []
  let refused: { id: string; token: string }[] = []
  let written: Promise<void> = Promise.resolve()
  const write = async (these: typeof rows, gone: typeof refused) => {
    try {
      if (these.length > 0)
        await db
          .insert(pushSends)
          .values(these)
          .onConflictDoUpdate({
            target: [pushSends.notificationId, pushSends.userId, pushSends.deviceId],
            set: { attempt: sql`excluded.attempt`, status: sql`excluded.status`, error: sql`excluded.error`, sentAt: sql`excluded.sent_at` },
          })
      await removeRefusedDevices(db, gone)
    } catch (err) {
      logError(`Push answers of notification ${notificationId}`, err)
    }
  }
  const flush = () => {
    const these = rows
    const gone = refused
    rows = []
    refused = []
    if (these.length > 0 || gone.length > 0) written = written.then(() => write(these, gone))
    return written
  }
  return {
    add(device: TargetDevice, attempt: number, a: { delivered: true } | { delivered: false; error: string; remove?: boolean }) {
      rows.push({
        notificationId,
        userId: device.userId,
        deviceId: device.id,
        attempt,
        status: a.delivered ? DELIVERY_STATUS.DELIVERED : DELIVERY_STATUS.FAILED,
        error: a.delivered ? null : a.error,
        sentAt: clock.now(),
      })
      if (!a.delivered && a.remove) refused.push({ id: device.id, token: device.token })
      if (rows.length >= LOG_ROWS) void flush()
    },
    flush,
  }
}
