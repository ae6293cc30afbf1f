import { useEffect, useState } from 'react'
import { LATER_PREFETCH_TEMPLATE_ID } from '@contract/chunk-loading'

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

/**
 * Runs `task` once, at the person's first press, key or scroll anywhere on the page; returns its
 * cancel, for an effect's cleanup.
 */
export function onFirstInteraction(task: () => void) {
  const events = ['pointerdown', 'keydown', 'scroll'] as const
  const cancel = () => events.forEach((type) => window.removeEventListener(type, run, { capture: true }))
  function run() {
    cancel()
    task()
  }
  // Captured on the window: a scroll inside an element does not bubble.
  events.forEach((type) => window.addEventListener(type, run, { capture: true, passive: true }))
  return cancel
}

/**
 * Lets the browser fetch the code the server's page named for later (prefetch links in an inert
 * template): moved into the head, they are fetched at the lowest priority and not run. Once.
 */
export function prefetchNamedForLater() {
  const later = document.getElementById(LATER_PREFETCH_TEMPLATE_ID)
  if (!(later instanceof HTMLTemplateElement)) return
  document.head.append(later.content)
  later.remove()
}
