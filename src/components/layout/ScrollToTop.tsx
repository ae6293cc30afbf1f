import { useEffect } from 'react'
import { useRouterState } from '@tanstack/react-router'

/**
 * Smooth scroll to the top on every path change, so a new page starts at its top; an instant jump for people
 * who ask their system for less motion.
 */
export function ScrollToTop() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
  }, [pathname])
  return null
}
