import { and, asc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { DELIVERY_STATUS, NOTIFICATION_STATUS, NOTIFICATIONS_MSG, USER_STATUS } from '../../contract'
import type { Clock } from '../clock'
import { addMs } from '../clock'
import type { Db } from '../db/client'
import { appUsers, notificationRecipients, notifications } from '../db/schema'
import { live } from '../db/trash'
import { logError } from '../log'
import { emitNotificationSent } from '../webhooks/events'
import type { DeliveryResult, NotificationDelivery } from './delivery'

/**
 * A notification's way from stored to delivered: its recipients are fixed when it is sent (at
 * once, or by the scheduler when due), then handed to the delivery adapter a batch at a time,
 * each recipient's outcome recorded on its row (the notification's counters follow by trigger).
 * With no push service configured they are recorded "Not sent" instead, a batch at a time too:
 * not pending, so no sweep picks them up again; Retry hands them over once a service is there.
 */

/** Recipients handed to the adapter at a time (read by keyset, so a million are never in memory). */
export const DELIVERY_BATCH = 1000
/**
 * A pending recipient handed over longer ago than this, with no outcome recorded, is handed over
 * again: the process delivering it stopped. Also how long after its sending a notification's
 * never-handed-over recipients wait for the sweep (the sending process delivers them meanwhile).
 */
export const DELIVERY_LEASE_MS = 60_000

/** What delivering needs of the app's dependencies. */
export interface DeliveryDeps {
  db: Db
  /** Null: no push service is configured. */
  delivery: NotificationDelivery | null
  clock: Clock
}

/** `shouldStop`: asked before each batch; once true, what is left stays pending (the process is stopping). */
export interface DeliveryOptions {
  shouldStop?: () => boolean
  /** Hand over at most this many batches (a request's share; the rest is left to the background). */
  maxBatches?: number
}

/** How long the adapter may take with one batch: well inside the lease, so no other process takes the batch meanwhile. */
export const DELIVERY_TIMEOUT_MS = DELIVERY_LEASE_MS / 2
const NO_ANSWER = 'No answer from the push service'

const r = notificationRecipients

/**
 * App users as new, pending recipient rows of the notification, for an insert-select (narrowed
 * with `.where`): the users never pass through this process.
 */
export const asPendingRecipients = (tx: Db, notificationId: string) =>
  tx
    .select({
      notificationId: sql<string>`${notificationId}::uuid`.as('notification_id'),
      userId: appUsers.id,
      // Drizzle's insert-select names every column of the table, in order.
      delivery: sql<number>`${DELIVERY_STATUS.PENDING}::smallint`.as('delivery'),
      attempts: sql<number>`0::smallint`.as('attempts'),
      error: sql<string | null>`null::text`.as('error'),
      deliveredAt: sql<Date | null>`null::timestamptz`.as('delivered_at'),
    })
    .from(appUsers)

/** Makes every active user a recipient of the notification, inside the database. Returns how many. */
export async function addAllActiveRecipients(tx: Db, notificationId: string): Promise<number> {
  const result = await tx
    .insert(r)
    .select(asPendingRecipients(tx, notificationId).where(eq(appUsers.status, USER_STATUS.ACTIVE)))
    .onConflictDoNothing()
  // Counted by the driver, not returned: a row per recipient would be a million objects.
  return affectedRows(result)
}

/** The rows a statement wrote, as either driver reports it (PGlite: affectedRows, node-postgres: rowCount). */
export function affectedRows(result: unknown): number {
  const counted = result as { affectedRows?: number; rowCount?: number | null }
  return counted.affectedRows ?? counted.rowCount ?? 0
}

/**
 * Hands the notification's pending recipients to the adapter, a batch at a time, and records
 * each outcome. A batch is claimed first (its rows' `delivered_at` set to now, under `FOR UPDATE
 * SKIP LOCKED`), so two processes delivering the same notification share it out instead of
 * delivering twice; a claim older than DELIVERY_LEASE_MS without an outcome is taken again.
 * Only a sent notification is delivered. With no push service, each batch is recorded "Not sent"
 * in the claim's place. Returns the outcomes recorded.
 */
export async function deliverPending(
  deps: DeliveryDeps,
  notificationId: string,
  { shouldStop, maxBatches = Infinity }: DeliveryOptions = {},
): Promise<{ delivered: number; failed: number; notSent: number; noDevice: number }> {
  const { db, delivery, clock } = deps
  const outcome = { delivered: 0, failed: 0, notSent: 0, noDevice: 0 }
  const [n] = await db
    .select({
      title: notifications.title,
      body: notifications.body,
      status: notifications.status,
      pending: notifications.pendingCount,
    })
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), live(notifications)))
  if (!n || n.status !== NOTIFICATION_STATUS.SENT || n.pending === 0) return outcome
  let last: string | undefined
  for (let batch = 0; batch < maxBatches; batch++) {
    if (shouldStop?.()) return outcome
    const claimedAt = clock.now()
    // Two statements in one transaction, the ids in between: as one UPDATE ... IN (SELECT ... FOR
    // UPDATE), the planner may rescan the locking subquery for each of a million rows.
    const claimed = await db.transaction(async (tx) => {
      const free = await tx
        .select({ userId: r.userId })
        .from(r)
        .where(
          and(
            eq(r.notificationId, notificationId),
            eq(r.delivery, DELIVERY_STATUS.PENDING),
            last === undefined ? undefined : gt(r.userId, last),
            or(isNull(r.deliveredAt), lt(r.deliveredAt, addMs(claimedAt, -DELIVERY_LEASE_MS))),
            // Moved to the trash meanwhile: nothing more is handed over until it is restored.
            sql`exists (select 1 from ${notifications} where ${notifications.id} = ${notificationId} and ${live(notifications)})`,
          ),
        )
        .orderBy(asc(r.userId))
        .limit(DELIVERY_BATCH)
        .for('update', { skipLocked: true })
      if (free.length === 0) return free
      const these = theseRecipients(notificationId, free.map((f) => f.userId))
      // Never handed over: no attempt counted, no time of a handing over.
      if (!delivery) await tx.update(r).set({ delivery: DELIVERY_STATUS.NOT_SENT, error: NOTIFICATIONS_MSG.noPushService, deliveredAt: null }).where(these)
      else await tx.update(r).set({ deliveredAt: claimedAt }).where(these)
      return free
    })
    if (claimed.length === 0) return outcome
    // Lower-case hex compares as the uuids do: the largest is the keyset's next start.
    const userIds = claimed.map((c) => c.userId).sort()
    last = userIds[userIds.length - 1]
    if (!delivery) {
      outcome.notSent += userIds.length
      continue
    }
    let results: DeliveryResult[]
    let timer: NodeJS.Timeout | undefined
    try {
      results = await Promise.race([
        delivery.deliver({ notificationId, title: n.title, body: n.body, userIds, batch, total: n.pending, shouldStop }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(NO_ANSWER)), DELIVERY_TIMEOUT_MS)
        }),
      ])
    } catch (err) {
      logError(`Push delivery of notification ${notificationId}`, err)
      const error = err instanceof Error ? err.message : String(err)
      results = userIds.map((userId) => ({ userId, ok: false, error }))
    } finally {
      clearTimeout(timer)
    }
    const recorded = await recordOutcomes(db, notificationId, results, userIds, claimedAt, clock.now())
    outcome.delivered += recorded.delivered
    outcome.failed += recorded.failed
    outcome.noDevice += recorded.noDevice
    // Stopping, or the service asked to wait: the deferred wait for their lease, the rest for the sweep.
    if (recorded.deferred > 0) return outcome
  }
  return outcome
}

/**
 * Deliveries of one notification a process runs side by side: while one lane writes its batch's
 * outcomes and claims the next, the other's messages are in flight (the adapter bounds what is in
 * flight in all). Two lanes share a notification as two processes do (the claim), and made the
 * FCM bench half again as fast (docs/DECISIONS.md "Push through FCM").
 */
export const DELIVERY_LANES = 2

/** deliverPending in DELIVERY_LANES lanes at once; the outcomes summed. */
export async function deliverPendingInLanes(deps: DeliveryDeps, notificationId: string, options: DeliveryOptions = {}) {
  const lanes = await Promise.all(Array.from({ length: DELIVERY_LANES }, () => deliverPending(deps, notificationId, options)))
  return lanes.reduce((sum, lane) => ({
    delivered: sum.delivered + lane.delivered,
    failed: sum.failed + lane.failed,
    notSent: sum.notSent + lane.notSent,
    noDevice: sum.noDevice + lane.noDevice,
  }))
}

const ERROR_MAX = 500

/** The recipients `userIds` of the notification, found by its key (an array parameter: the key's index, never a join the planner may turn around). */
const theseRecipients = (notificationId: string, userIds: string[]) =>
  and(eq(r.notificationId, notificationId), sql`${r.userId} = any(${`{${userIds.join(',')}}`}::uuid[])`)

/**
 * Writes a batch's outcomes (only for recipients this claim still holds: pending, claimed at
 * `claimedAt`): one statement for the delivered, one for those with no device and one per
 * distinct failure reason, so the counters move a few times per batch. A deferred recipient is
 * left as it is, under its claim, until the lease ends. A claimed recipient the adapter did not
 * answer for has failed: left pending, it would be handed over again at every lease, uncounted, for good.
 */
async function recordOutcomes(db: Db, notificationId: string, results: DeliveryResult[], claimed: string[], claimedAt: Date, at: Date) {
  const unanswered = new Set(claimed)
  const ok: string[] = []
  const noDevice: string[] = []
  let deferred = 0
  const failedBy = new Map<string, string[]>()
  const fail = (userId: string, error: string) => {
    const users = failedBy.get(error)
    if (users) users.push(userId)
    else failedBy.set(error, [userId])
  }
  for (const result of results) {
    if (!unanswered.delete(result.userId)) continue // not ours, or answered twice
    if ('deferred' in result) deferred++
    else if ('noDevice' in result) noDevice.push(result.userId)
    else if (result.ok) ok.push(result.userId)
    else fail(result.userId, (result.error || 'Delivery failed').slice(0, ERROR_MAX))
  }
  unanswered.forEach((userId) => fail(userId, NO_ANSWER))
  const stillPending = and(eq(r.delivery, DELIVERY_STATUS.PENDING), eq(r.deliveredAt, claimedAt))
  const attempts = sql`${r.attempts} + 1`
  let delivered = 0
  let failed = 0
  if (ok.length > 0) {
    delivered = affectedRows(
      await db
        .update(r)
        .set({ delivery: DELIVERY_STATUS.DELIVERED, attempts, error: null, deliveredAt: at })
        .where(and(theseRecipients(notificationId, ok), stillPending)),
    )
  }
  let noDeviceCount = 0
  if (noDevice.length > 0) {
    noDeviceCount = affectedRows(
      await db
        .update(r)
        .set({ delivery: DELIVERY_STATUS.NO_DEVICE, attempts, error: NOTIFICATIONS_MSG.noDevice, deliveredAt: at })
        .where(and(theseRecipients(notificationId, noDevice), stillPending)),
    )
  }
  for (const [error, userIds] of failedBy) {
    failed += affectedRows(
      await db
        .update(r)
        .set({ delivery: DELIVERY_STATUS.FAILED, attempts, error, deliveredAt: at })
        .where(and(theseRecipients(notificationId, userIds), stillPending)),
    )
  }
  return { delivered, failed, noDevice: noDeviceCount, deferred }
}

/**
 * Sends the scheduled notifications that are due, oldest first, each exactly once however many
 * processes run this: one transaction claims a due row (`FOR UPDATE SKIP LOCKED`: another
 * process skips it), fixes its recipients (every active user now; for selected users, those
 * chosen at compose time who are still active) and marks it sent; then its recipients are
 * delivered. Returns the ids sent.
 */
export async function sendDueNotifications(deps: DeliveryDeps, options: DeliveryOptions = {}): Promise<string[]> {
  const sent: string[] = []
  while (!options.shouldStop?.()) {
    const now = deps.clock.now()
    const id = await deps.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: notifications.id, sendTo: notifications.sendTo })
        .from(notifications)
        // One in the trash waits there: restored and due, it is sent at the next round.
        .where(and(eq(notifications.status, NOTIFICATION_STATUS.SCHEDULED), lte(notifications.scheduledAt, now), live(notifications)))
        .orderBy(asc(notifications.scheduledAt))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!due) return undefined
      const all = due.sendTo === 'ALL_USERS' ? await addAllActiveRecipients(tx, due.id) : undefined
      if (all === undefined)
        await tx
          .delete(r)
          .where(
            and(
              eq(r.notificationId, due.id),
              sql`exists (select 1 from ${appUsers} where ${appUsers.id} = ${r.userId} and ${appUsers.status} <> ${USER_STATUS.ACTIVE})`,
            ),
          )
      await tx.update(notifications).set({ status: NOTIFICATION_STATUS.SENT, sentAt: now }).where(eq(notifications.id, due.id))
      await emitNotificationSent(tx, due.id, now, all)
      return due.id
    })
    if (id === undefined) return sent
    sent.push(id)
    await deliverPendingInLanes(deps, id, options)
  }
  return sent
}

/**
 * Delivers again what a stopped process left pending: the recipients of notifications sent more
 * than DELIVERY_LEASE_MS ago that were never handed over, or handed over that long ago with no
 * outcome. Returns the notifications it looked at.
 */
export async function deliverLeftPending(deps: DeliveryDeps, options: DeliveryOptions = {}): Promise<number> {
  const before = addMs(deps.clock.now(), -DELIVERY_LEASE_MS)
  const left = await deps.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(eq(notifications.status, NOTIFICATION_STATUS.SENT), gt(notifications.pendingCount, 0), lt(notifications.sentAt, before), live(notifications)),
    )
    .orderBy(asc(notifications.sentAt))
    .limit(100)
  for (const { id } of left) await deliverPendingInLanes(deps, id, options)
  return left.length
}
