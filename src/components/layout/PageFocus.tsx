import { useEffect, useState } from 'react'
import { useRouter } from '@tanstack/react-router'

/**
 * How long a new page's heading is waited for (a screen that fetches its record itself) before
 * the page is announced by its title instead.
 */
const HEADING_WAIT_MS = 10_000

/**
 * The new page's heading: the h1 of the page's `main`. A layout that keeps its own h1 over pages
 * of its own (Settings) marks the page's area with `data-subpage`; that area's first heading is
 * the page's.
 */
function pageHeading(): HTMLElement | null {
  const main = document.querySelector('main')
  const subpage = main?.querySelector('[data-subpage]')
  return (subpage ? subpage.querySelector<HTMLElement>('h1, h2') : main?.querySelector<HTMLElement>('h1')) ?? null
}

/**
 * Follows one change of page, from the moment it starts. Once the page is shown, focus moves to
 * its heading (a screen reader then reads it: that is the announcement). When the person acted
 * meanwhile (a key, a click) or the page put focus somewhere itself (a field), focus stays, and
 * the page is announced by its title instead. So each page change is announced once.
 */
function followPageChange(announce: (text: string) => void) {
  const focusedAtStart = document.activeElement
  let personActed = false
  let shown = false
  let observer: MutationObserver | undefined
  let timer: ReturnType<typeof setTimeout> | undefined

  const stop = () => {
    document.removeEventListener('keydown', onPersonActed, true)
    document.removeEventListener('pointerdown', onPersonActed, true)
    observer?.disconnect()
    clearTimeout(timer)
  }
  const announceTitle = () => {
    stop()
    announce(document.title)
  }
  function onPersonActed() {
    personActed = true
    // Still waiting for the heading: it will not take focus from where the person is now.
    if (shown) announceTitle()
  }
  const pageTookFocus = () => {
    const active = document.activeElement
    return active !== focusedAtStart && active !== document.body && !!document.querySelector('main')?.contains(active)
  }
  /** True once settled: the heading focused, or the title announced. */
  const settle = () => {
    if (personActed || pageTookFocus()) {
      announceTitle()
      return true
    }
    const heading = pageHeading()
    if (!heading) return false
    stop()
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1
    // The page scrolls itself to the top (ScrollToTop); focus must not jump it elsewhere.
    heading.focus({ preventScroll: true })
    return true
  }

  document.addEventListener('keydown', onPersonActed, true)
  document.addEventListener('pointerdown', onPersonActed, true)
  return {
    stop,
    /** The new page is on screen; its heading may come later, with its data. */
    shown() {
      if (shown) return
      shown = true
      if (settle()) return
      observer = new MutationObserver(() => void settle())
      observer.observe(document.body, { childList: true, subtree: true })
      timer = setTimeout(announceTitle, HEADING_WAIT_MS)
    },
  }
}

/**
 * After a change of path (not of search: paging, sorting or searching a list keeps focus where it
 * is), focus moves to the new page's heading, or the page is announced in a polite live region.
 * The first page load is left alone: the page keeps its natural start. Rendered once, in the root.
 */
export function PageFocus() {
  const router = useRouter()
  const [announcement, setAnnouncement] = useState('')

  useEffect(() => {
    let change: ReturnType<typeof followPageChange> | undefined
    const stopStarts = router.subscribe('onBeforeNavigate', ({ fromLocation, pathChanged }) => {
      if (!fromLocation || !pathChanged) return
      change?.stop()
      setAnnouncement('')
      change = followPageChange(setAnnouncement)
    })
    const stopRenders = router.subscribe('onRendered', ({ fromLocation, pathChanged }) => {
      if (fromLocation && pathChanged) change?.shown()
    })
    return () => {
      stopStarts()
      stopRenders()
      change?.stop()
    }
  }, [router])

  return (
    // A live region without the status role, which pages use for their own loading and upload notes.
    <div id="page-changes" aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </div>
  )
}
