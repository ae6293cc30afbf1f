import { useEffect, useState } from 'react'

/** How long a busy page may put off an idle task. */
const IDLE_TIMEOUT_MS = 2000

/**
 * Runs `task` once the page has loaded and the browser is idle (at most IDLE_TIMEOUT_MS later;
 * Safari has no requestIdleCallback and gets a short timeout instead); returns its cancel, for an
 * effect's cleanup.
 */
export function whenIdle(task: () => void) {
  let cancel = () => {}
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS })
      cancel = () => cancelIdleCallback(handle)
    } else {
      const timer = setTimeout(task, 200)
      cancel = () => clearTimeout(timer)
    }
  }
  if (document.readyState === 'complete') schedule()
  else {
    window.addEventListener('load', schedule, { once: true })
    cancel = () => window.removeEventListener('load', schedule)
  }
  return () => cancel()
}

/**
 * Runs `task` once the browser has painted the next frame (a frame, then a task); returns its
 * cancel. What the first screen does not show waits for it, so that its requests do not share
 * a phone's few connections with the screen's own.
 */
export function afterNextPaint(task: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(task, 0)
    return () => clearTimeout(timer)
  }
  const frame = requestAnimationFrame(() => (timer = setTimeout(task, 0)))
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/** False until `schedule` (whenIdle, afterNextPaint) has run after the component mounted. */
export function useScheduled(schedule: (task: () => void) => () => void) {
  const [due, setDue] = useState(false)
  useEffect(() => schedule(() => setDue(true)), [schedule])
  return due
}

/**
 * Fetches a lazy feature's code ahead of its first use, so that the use seldom waits. A failure is
 * left to the use, which imports it again through loadChunk and shows what went wrong.
 */
export function prefetchChunk(importer: () => Promise<unknown>) {
  importer().catch(() => undefined)
}
