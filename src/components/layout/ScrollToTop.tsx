import { useEffect } from 'react'
import { useRouterState } from '@tanstack/react-router'

/** Smooth scroll to the top on every path change (spec section 2). */
export function ScrollToTop() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' })
  }, [pathname])
  return null
}
