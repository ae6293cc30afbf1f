import { logError } from '../log'
import { deliverLeftPending, deliverPendingInLanes, sendDueNotifications, type DeliveryDeps } from './send'

/** How often a running server looks for due notifications (the first time when it starts). */
export const SCHEDULER_EVERY_MS = 5_000

export interface SchedulerReport {
  /** Scheduled notifications sent this round. */
  sent: string[]
  /** Sent notifications whose left-over pending recipients were delivered again. */
  swept: number
}

export interface NotificationScheduler {
  /** One round: send what is due, then deliver what a stopped process left pending. A failure is logged. */
  runOnce(): Promise<SchedulerReport>
  /** A round now and then every `everyMs` after the previous one ended, on timers that do not keep the process alive; returns `stop`. */
  start(everyMs?: number): () => Promise<void>
  /**
   * Delivers a sent notification's pending recipients after the answer (a large audience takes
   * longer than a request should); a failure is logged, and what is left stays pending for the sweep.
   */
  deliverInBackground(notificationId: string): void
  /** Resolves when no background delivery is running (tests). */
  idle(): Promise<void>
  /**
   * Stops: no new round, every delivery ends after its batch in progress (the rest stays pending:
   * the sweep of this or another process delivers it after the lease), then resolves.
   */
  stop(): Promise<void>
}

/**
 * The notifications' clock in the server process: polls, so a notification is sent within a few
 * seconds of its time, and on start, so one that fell due while no server ran is sent then.
 * Several processes may run it on one database: each due notification is claimed by one.
 */
export function notificationScheduler(deps: DeliveryDeps): NotificationScheduler {
  let stopping = false
  let timer: NodeJS.Timeout | undefined
  let round: Promise<unknown> = Promise.resolve()
  const running = new Set<Promise<unknown>>()
  const shouldStop = () => stopping

  const runOnce = async (): Promise<SchedulerReport> => {
    const report: SchedulerReport = { sent: [], swept: 0 }
    try {
      report.sent = await sendDueNotifications(deps, { shouldStop })
    } catch (err) {
      logError('scheduler: due notifications', err)
    }
    try {
      report.swept = await deliverLeftPending(deps, { shouldStop })
    } catch (err) {
      logError('scheduler: pending deliveries', err)
    }
    return report
  }

  const start = (everyMs = SCHEDULER_EVERY_MS) => {
    const tick = () => {
      round = runOnce().finally(() => {
        if (stopping) return
        timer = setTimeout(tick, everyMs)
        timer.unref()
      })
    }
    tick()
    return stop
  }

  const deliverInBackground = (notificationId: string) => {
    const delivering = deliverPendingInLanes(deps, notificationId, { shouldStop })
      .catch((err) => logError(`Push delivery of notification ${notificationId}`, err))
      .finally(() => running.delete(delivering))
    running.add(delivering)
  }

  const idle = async () => {
    while (running.size > 0) await Promise.all([...running])
  }

  async function stop() {
    stopping = true
    clearTimeout(timer)
    await round
    await idle()
  }

  return { runOnce, start, deliverInBackground, idle, stop }
}
