import { logError } from '../log'
import { deliverLeftPending, sendDueNotifications, type DeliveryDeps } from './send'

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
  /** A round now and then every `everyMs` after the previous one ended, on timers that do not keep the process alive; `stop` waits for a round in progress. */
  start(everyMs?: number): () => Promise<void>
}

/**
 * The notifications' clock in the server process: polls, so a notification is sent within a few
 * seconds of its time, and on start, so one that fell due while no server ran is sent then.
 * Several processes may run it on one database: each due notification is claimed by one.
 */
export function notificationScheduler(deps: DeliveryDeps): NotificationScheduler {
  const runOnce = async (): Promise<SchedulerReport> => {
    const report: SchedulerReport = { sent: [], swept: 0 }
    try {
      report.sent = await sendDueNotifications(deps)
    } catch (err) {
      logError('scheduler: due notifications', err)
    }
    try {
      report.swept = await deliverLeftPending(deps)
    } catch (err) {
      logError('scheduler: pending deliveries', err)
    }
    return report
  }

  const start = (everyMs = SCHEDULER_EVERY_MS) => {
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
