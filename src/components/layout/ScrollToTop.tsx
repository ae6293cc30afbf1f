import { useEffect, useRef } from 'react'
import { useRouterState } from '@tanstack/react-router'

/**
 * Smooth scroll to the top on every path change, so a new page starts at its top; an instant jump for people
 * who ask their system for less motion. Not on the first page the tab opens: the browser has placed
 * it already (at the top, or where a reload left it), and scrolling there made the browser lay the
 * whole first screen out at once in the middle of its first render (a long task on a slow phone).
 */
export function ScrollToTop() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const placed = useRef(pathname)
  useEffect(() => {
    if (placed.current === pathname) return
    placed.current = pathname
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
  }, [pathname])
  return null
}
