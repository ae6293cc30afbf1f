import { useCallback, useSyncExternalStore } from 'react'

/** The product's breakpoints (the same as tailwind.config.ts), as min-width media queries. */
export const SCREEN = {
  sm: '(min-width: 600px)',
  md: '(min-width: 900px)',
  lg: '(min-width: 1200px)',
  xl: '(min-width: 1536px)',
} as const

/** Below the sm breakpoint: a phone. A max-width query, so that a test without a screen width gets the wide layout. */
export const PHONE_SCREEN = '(max-width: 599.98px)'

/** Whether a media query matches now, following its changes. */
export function useMediaQuery(query: string) {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener?.('change', onChange)
      return () => list.removeEventListener?.('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}
